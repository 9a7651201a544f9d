import { describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS, type SetServerUrlResult } from '../shared/ridgeline-api';
import { registerIpcHandlers, type IpcDeps } from './ipc';
import type { IpcEventLike } from './security';
import type { TokenStore } from './token-store';

const TRUSTED: IpcEventLike = {
  sender: { id: 1 },
  senderFrame: { url: 'app://ridgeline/index.html#/admin', parent: null },
};
const UNTRUSTED: IpcEventLike = { sender: { id: 1 }, senderFrame: { url: 'https://evil.example/', parent: null } };

function setup(serverUrl: string | null = 'http://localhost:3000') {
  const handlers = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
  let current = serverUrl;
  const tokens = {
    get: vi.fn(async () => 'stored-token'),
    set: vi.fn(async () => ({ persisted: true })),
    clear: vi.fn(async () => undefined),
    clearAll: vi.fn(async () => undefined),
  } satisfies TokenStore;
  const deps = {
    // The real check is tested in security.test.ts; here, the URL decides.
    isTrustedSender: (event: IpcEventLike) => event.senderFrame?.url.startsWith('app://ridgeline/') === true,
    serverUrls: {
      get: () => current,
      set: vi.fn(async (input: unknown): Promise<SetServerUrlResult> => {
        if (input === 'https://down.example') return { ok: false, error: 'Could not connect to https://down.example.' };
        current = String(input);
        return { ok: true, serverUrl: current };
      }),
    },
    tokens,
    saveFile: vi.fn(async () => ({ saved: true, path: '/home/owner/Downloads/tax-report-2026.csv' })),
  } satisfies IpcDeps;
  registerIpcHandlers({ handle: (channel, listener) => handlers.set(channel, listener) }, deps);
  const invoke = (channel: string, event: IpcEventLike, ...args: unknown[]) => {
    const handler = handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return Promise.resolve(handler(event, ...args));
  };
  return { handlers, invoke, deps, tokens };
}

describe('IPC handlers', () => {
  it('handles exactly the preload API’s channels', () => {
    expect([...setup().handlers.keys()].sort()).toEqual(Object.values(IPC_CHANNELS).sort());
  });

  it('answers the app window', async () => {
    const { invoke, tokens, deps } = setup();
    expect(await invoke(IPC_CHANNELS.getServerUrl, TRUSTED)).toBe('http://localhost:3000');
    expect(await invoke(IPC_CHANNELS.getToken, TRUSTED, 'security')).toBe('stored-token');
    expect(tokens.get).toHaveBeenCalledWith('security');
    expect(await invoke(IPC_CHANNELS.setToken, TRUSTED, 'admin', 'abc.DEF_123-xyz')).toEqual({ persisted: true });
    expect(tokens.set).toHaveBeenCalledWith('admin', 'abc.DEF_123-xyz');
    await invoke(IPC_CHANNELS.clearToken, TRUSTED, 'admin');
    expect(tokens.clear).toHaveBeenCalledWith('admin');
    const request = { suggestedName: 'tax-report-2026.csv', content: 'A,B\r\n' };
    expect(await invoke(IPC_CHANNELS.saveFile, TRUSTED, request)).toEqual({
      saved: true,
      path: '/home/owner/Downloads/tax-report-2026.csv',
    });
    expect(deps.saveFile).toHaveBeenCalledWith(request);
  });

  it('refuses every channel to a sender that is not the app, touching nothing', async () => {
    const { invoke, tokens, deps } = setup();
    const calls: [string, ...unknown[]][] = [
      [IPC_CHANNELS.getServerUrl],
      [IPC_CHANNELS.setServerUrl, 'https://evil.example'],
      [IPC_CHANNELS.getToken, 'admin'],
      [IPC_CHANNELS.setToken, 'admin', 'token'],
      [IPC_CHANNELS.clearToken, 'admin'],
      [IPC_CHANNELS.saveFile, { suggestedName: 'x.csv', content: '' }],
    ];
    for (const [channel, ...args] of calls) {
      await expect(invoke(channel, UNTRUSTED, ...args)).rejects.toThrow(/not the Ridgeline window/);
      await expect(invoke(channel, { sender: { id: 1 }, senderFrame: null }, ...args)).rejects.toThrow(
        /not the Ridgeline window/,
      );
    }
    expect(tokens.get).not.toHaveBeenCalled();
    expect(tokens.set).not.toHaveBeenCalled();
    expect(tokens.clear).not.toHaveBeenCalled();
    expect(deps.serverUrls.set).not.toHaveBeenCalled();
    expect(deps.saveFile).not.toHaveBeenCalled();
  });

  it.each([
    [IPC_CHANNELS.getToken, ['root']],
    [IPC_CHANNELS.getToken, [{ area: 'admin' }]],
    [IPC_CHANNELS.getToken, []],
    [IPC_CHANNELS.setToken, ['admin', '']],
    [IPC_CHANNELS.setToken, ['admin', 'has space']],
    [IPC_CHANNELS.setToken, ['admin', 'line\r\nX-Injected: 1']],
    [IPC_CHANNELS.setToken, ['admin', 'x'.repeat(513)]],
    [IPC_CHANNELS.setToken, ['admin', 42]],
    [IPC_CHANNELS.clearToken, ['__proto__']],
    [IPC_CHANNELS.getServerUrl, ['extra']],
    [IPC_CHANNELS.saveFile, [null]],
    [IPC_CHANNELS.saveFile, ['tax.csv']],
    [IPC_CHANNELS.saveFile, [{ suggestedName: '', content: 'x' }]],
    [IPC_CHANNELS.saveFile, [{ suggestedName: 'x.csv', content: 42 }]],
    [IPC_CHANNELS.saveFile, [{ suggestedName: 'a'.repeat(256), content: 'x' }]],
    [IPC_CHANNELS.saveFile, [{ suggestedName: 'x.csv', content: 'x' }, 'extra']],
  ])('refuses bad arguments on %s: %j', async (channel, args) => {
    const { invoke, tokens, deps } = setup();
    await expect(invoke(channel, TRUSTED, ...args)).rejects.toThrow();
    expect(tokens.get).not.toHaveBeenCalled();
    expect(tokens.set).not.toHaveBeenCalled();
    expect(tokens.clear).not.toHaveBeenCalled();
    expect(deps.saveFile).not.toHaveBeenCalled();
  });

  it('refuses a CSV over 20 MB', async () => {
    const { invoke, deps } = setup();
    const content = 'x'.repeat(20 * 1024 * 1024 + 1);
    await expect(invoke(IPC_CHANNELS.saveFile, TRUSTED, { suggestedName: 'big.csv', content })).rejects.toThrow(
      /20 MB/,
    );
    expect(deps.saveFile).not.toHaveBeenCalled();
  });

  it('forgets both tokens when the server address changes, not when it stays or fails', async () => {
    const { invoke, tokens } = setup();
    expect(await invoke(IPC_CHANNELS.setServerUrl, TRUSTED, 'http://localhost:3000')).toEqual({
      ok: true,
      serverUrl: 'http://localhost:3000',
    });
    expect(tokens.clearAll).not.toHaveBeenCalled();
    expect(await invoke(IPC_CHANNELS.setServerUrl, TRUSTED, 'https://down.example')).toMatchObject({ ok: false });
    expect(tokens.clearAll).not.toHaveBeenCalled();
    expect(await invoke(IPC_CHANNELS.setServerUrl, TRUSTED, 'https://stay.example.com')).toEqual({
      ok: true,
      serverUrl: 'https://stay.example.com',
    });
    expect(tokens.clearAll).toHaveBeenCalledTimes(1);
  });
});
