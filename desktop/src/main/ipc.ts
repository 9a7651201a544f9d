/**
 * The main-process side of `window.ridgeline` (../shared/ridgeline-api.ts). Every handler first
 * checks the sender (the app's own window and top frame), then its arguments; a refused call
 * rejects in the renderer and changes nothing.
 */
import {
  IPC_CHANNELS,
  TOKEN_AREAS,
  type SaveFileRequest,
  type SaveFileResult,
  type TokenArea,
} from '../shared/ridgeline-api';
import type { IpcEventLike } from './security';
import type { ServerUrlStore } from './server-url-store';
import type { TokenStore } from './token-store';

/** Largest CSV the renderer may hand over (a decade of bookings is well under 1 MB). */
export const MAX_SAVE_BYTES = 20 * 1024 * 1024;
const MAX_TOKEN_LENGTH = 512;

type Listener = (event: IpcEventLike, ...args: unknown[]) => unknown;

/** The part of Electron's `ipcMain` used here. */
export interface IpcMainLike {
  handle(channel: string, listener: Listener): void;
}

export interface IpcDeps {
  isTrustedSender: (event: IpcEventLike) => boolean;
  serverUrls: ServerUrlStore;
  tokens: TokenStore;
  saveFile: (request: SaveFileRequest) => Promise<SaveFileResult>;
}

export class IpcRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IpcRefusedError';
  }
}

function area(value: unknown): TokenArea {
  if (typeof value === 'string' && (TOKEN_AREAS as readonly string[]).includes(value)) return value as TokenArea;
  throw new IpcRefusedError('area must be "admin" or "security"');
}

function token(value: unknown): string {
  // Session tokens are printable ASCII without spaces (they go into an HTTP header).
  if (typeof value === 'string' && value.length <= MAX_TOKEN_LENGTH && /^[\x21-\x7e]+$/.test(value)) return value;
  throw new IpcRefusedError('token must be a non-empty header-safe string');
}

function saveRequest(value: unknown): SaveFileRequest {
  if (!value || typeof value !== 'object') throw new IpcRefusedError('saveFile takes { suggestedName, content }');
  const { suggestedName, content } = value as Record<string, unknown>;
  if (typeof suggestedName !== 'string' || !suggestedName.trim() || suggestedName.length > 255) {
    throw new IpcRefusedError('suggestedName must be a file name of 1 to 255 characters');
  }
  if (typeof content !== 'string' || Buffer.byteLength(content, 'utf8') > MAX_SAVE_BYTES) {
    throw new IpcRefusedError('content must be a string of at most 20 MB');
  }
  return { suggestedName, content };
}

function noArguments(args: unknown[]): void {
  if (args.length) throw new IpcRefusedError('takes no arguments');
}

export function registerIpcHandlers(ipcMain: IpcMainLike, deps: IpcDeps): void {
  const handle = (channel: string, run: (args: unknown[]) => unknown) => {
    ipcMain.handle(channel, async (event, ...args) => {
      if (!deps.isTrustedSender(event)) throw new IpcRefusedError('refused: not the Ridgeline window');
      return run(args);
    });
  };

  handle(IPC_CHANNELS.getServerUrl, (args) => {
    noArguments(args);
    return deps.serverUrls.get();
  });
  handle(IPC_CHANNELS.setServerUrl, async ([url, ...rest]) => {
    noArguments(rest);
    const before = deps.serverUrls.get();
    const result = await deps.serverUrls.set(url);
    // Tokens were issued by the previous server; never send them to another one.
    if (result.ok && result.serverUrl !== before) await deps.tokens.clearAll();
    return result;
  });
  handle(IPC_CHANNELS.getToken, ([which, ...rest]) => {
    noArguments(rest);
    return deps.tokens.get(area(which));
  });
  handle(IPC_CHANNELS.setToken, ([which, value, ...rest]) => {
    noArguments(rest);
    return deps.tokens.set(area(which), token(value));
  });
  handle(IPC_CHANNELS.clearToken, ([which, ...rest]) => {
    noArguments(rest);
    return deps.tokens.clear(area(which));
  });
  handle(IPC_CHANNELS.saveFile, ([request, ...rest]) => {
    noArguments(rest);
    return deps.saveFile(saveRequest(request));
  });
}
