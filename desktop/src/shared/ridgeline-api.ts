/**
 * The contract between the desktop app's main process and its renderer: the one object the
 * preload exposes as `window.ridgeline` (docs/decisions/0004-desktop-app-origin-and-tokens.md) and the IPC channels behind it.
 * Nothing else crosses the bridge: the renderer reaches the Ridgeline server itself, over HTTP.
 */

/** The two areas with separate sign-ins ([auth.areas]). */
export type TokenArea = 'admin' | 'security';
export const TOKEN_AREAS: readonly TokenArea[] = ['admin', 'security'];

export interface SaveFileRequest {
  /** File name offered in the Save dialog, e.g. "tax-report-2026.csv" ([desktop.csv], [reports.csv]). */
  suggestedName: string;
  /** The whole document, written as UTF-8. */
  content: string;
}

/** `saved: false` when the owner cancelled the dialog; `path` is where the file went. */
export interface SaveFileResult {
  saved: boolean;
  path?: string;
}

/** The server answered its health check and the address is remembered, or why not. */
export type SetServerUrlResult = { ok: true; serverUrl: string } | { ok: false; error: string };

/** `persisted: false` means the token is kept in memory only (no OS encryption available). */
export interface SetTokenResult {
  persisted: boolean;
}

export interface RidgelineApi {
  /** The remembered server address (no trailing slash), or null before the first setup. */
  getServerUrl(): Promise<string | null>;
  /** Validates the address, checks `GET /api/health`, remembers it; forgets both tokens. */
  setServerUrl(url: string): Promise<SetServerUrlResult>;
  getToken(area: TokenArea): Promise<string | null>;
  setToken(area: TokenArea, token: string): Promise<SetTokenResult>;
  clearToken(area: TokenArea): Promise<void>;
  /** Opens the native Save dialog and writes the chosen file. */
  saveFile(request: SaveFileRequest): Promise<SaveFileResult>;
}

/** IPC channel per method (ipcRenderer.invoke / ipcMain.handle). */
export const IPC_CHANNELS = {
  getServerUrl: 'ridgeline:get-server-url',
  setServerUrl: 'ridgeline:set-server-url',
  getToken: 'ridgeline:get-token',
  setToken: 'ridgeline:set-token',
  clearToken: 'ridgeline:clear-token',
  saveFile: 'ridgeline:save-file',
} as const satisfies Record<keyof RidgelineApi, string>;

/** What the first-run screen proposes: a server on this computer (`npm start`). */
export const DEFAULT_SERVER_URL = 'http://localhost:3000';

/** The app's own origin: a privileged custom scheme (the server's CORS allows exactly this). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'ridgeline';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
