/**
 * Hardening of every window, per Electron's security checklist
 * (https://www.electronjs.org/docs/latest/tutorial/security): isolated, sandboxed renderers
 * without Node; navigation and new windows kept to the app; permissions denied except the few
 * the owner pages need; IPC answered only for the app's own top frame. There is no `remote`
 * module (removed from Electron, and @electron/remote is not a dependency).
 */
import type { Session, WebContents, WebPreferences } from 'electron';
import { classifyNavigation, isAppUrl } from './trusted-url';

/** The only webPreferences a window gets. `preload` is the bundled preload (CommonJS). */
export function secureWebPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
  };
}

export interface GuardOptions {
  /** Vite's dev server origin in development; undefined in a build. */
  devServerOrigin?: string;
  /** Hands a URL to the system (Electron's `shell.openExternal`). */
  openExternal: (url: string) => void;
}

interface NavigationEvent {
  url: string;
  preventDefault(): void;
}

/** `will-navigate` / `will-redirect`: stay on the app; http(s) and mailto go to the system. */
export function navigationGuard({ devServerOrigin, openExternal }: GuardOptions): (event: NavigationEvent) => void {
  return (event) => {
    const decision = classifyNavigation(event.url, devServerOrigin);
    if (decision.action === 'allow') return;
    event.preventDefault();
    if (decision.action === 'open-externally') openExternal(decision.url);
  };
}

/** `setWindowOpenHandler`: never a second app window; links meant for a new tab open outside. */
export function windowOpenHandler({
  devServerOrigin,
  openExternal,
}: GuardOptions): (details: { url: string }) => { action: 'deny' } {
  return ({ url }) => {
    const decision = classifyNavigation(url, devServerOrigin);
    if (decision.action === 'open-externally') openExternal(decision.url);
    return { action: 'deny' };
  };
}

/** Applies the guards above to one WebContents (called for every one that is created). */
export function hardenWebContents(contents: WebContents, options: GuardOptions): void {
  const guard = navigationGuard(options);
  contents.on('will-navigate', guard);
  contents.on('will-redirect', guard);
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(windowOpenHandler(options));
}

/**
 * Permissions the owner pages need, granted to the app's own origin only:
 * - `clipboard-sanitized-write`: "Copy" of the iCal feed address;
 * - Local Network Access (`local-network-access`, and its successors `local-network` and
 *   `loopback-network`): Chromium refuses requests from the app's origin to a server on this
 *   computer or the LAN without it, before a socket is opened.
 * Everything else (camera, microphone, geolocation, notifications, USB, …) is denied.
 */
const GRANTED = new Set(['clipboard-sanitized-write', 'local-network-access', 'local-network', 'loopback-network']);

export function isPermissionGranted(
  permission: string,
  requestingUrl: string | undefined,
  devServerOrigin?: string,
): boolean {
  return GRANTED.has(permission) && requestingUrl !== undefined && isAppUrl(requestingUrl, devServerOrigin);
}

export function lockDownPermissions(session: Session, devServerOrigin?: string): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(isPermissionGranted(permission, details.requestingUrl, devServerOrigin));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    isPermissionGranted(permission, requestingOrigin, devServerOrigin),
  );
}

/** The parts of an IPC event the sender check reads (Electron's IpcMainInvokeEvent has them). */
export interface IpcEventLike {
  sender: { id: number };
  senderFrame: { url: string; parent: unknown } | null;
}

/**
 * True when an IPC call comes from the app's main window, from its top frame, showing the app
 * (not a page it was somehow navigated to).
 */
export function isTrustedSender(
  event: IpcEventLike,
  mainContentsId: number | undefined,
  devServerOrigin?: string,
): boolean {
  const frame = event.senderFrame;
  if (mainContentsId === undefined || event.sender.id !== mainContentsId) return false;
  if (!frame || frame.parent !== null) return false;
  return isAppUrl(frame.url, devServerOrigin);
}
