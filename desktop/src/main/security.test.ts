import { EventEmitter } from 'node:events';
import type { Session, WebContents } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import {
  hardenWebContents,
  isPermissionGranted,
  isTrustedSender,
  lockDownPermissions,
  navigationGuard,
  secureWebPreferences,
  windowOpenHandler,
} from './security';

function navigation(url: string) {
  return { url, preventDefault: vi.fn() };
}

describe('secureWebPreferences', () => {
  it('isolates, sandboxes and keeps Node out of the renderer', () => {
    expect(secureWebPreferences('/app/preload.cjs')).toMatchObject({
      preload: '/app/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });
});

describe('navigation guard (will-navigate, will-redirect)', () => {
  it('lets the app navigate within itself', () => {
    const openExternal = vi.fn();
    const event = navigation('app://ridgeline/index.html#/security-console');
    navigationGuard({ openExternal })(event);
    expect(event.preventDefault).not.toHaveBeenCalled();
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('blocks https://evil.example and opens it in the system browser instead', () => {
    const openExternal = vi.fn();
    const event = navigation('https://evil.example');
    navigationGuard({ openExternal })(event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(openExternal).toHaveBeenCalledWith('https://evil.example/');
  });

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'app://ridgeline.evil.com/',
    'http://localhost:3000@evil.com/',
  ])('blocks %s without opening anything', (url) => {
    const openExternal = vi.fn();
    const event = navigation(url);
    navigationGuard({ openExternal })(event);
    expect(event.preventDefault).toHaveBeenCalled();
    expect(openExternal).not.toHaveBeenCalled();
  });
});

describe('window-open handler', () => {
  it('never opens an app window; external links go to the system browser', () => {
    const openExternal = vi.fn();
    const handler = windowOpenHandler({ openExternal });
    expect(handler({ url: 'https://www.airbnb.com/rooms/1' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://www.airbnb.com/rooms/1');
    expect(handler({ url: 'app://ridgeline/index.html#/admin' })).toEqual({ action: 'deny' });
    expect(handler({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledTimes(1);
  });
});

describe('hardenWebContents', () => {
  it('guards navigation and redirects, refuses webviews and installs the window-open handler', () => {
    const contents = Object.assign(new EventEmitter(), { setWindowOpenHandler: vi.fn() });
    const openExternal = vi.fn();
    hardenWebContents(contents as unknown as WebContents, { openExternal });

    for (const name of ['will-navigate', 'will-redirect']) {
      const event = navigation('https://evil.example/phish');
      contents.emit(name, event);
      expect(event.preventDefault).toHaveBeenCalled();
    }
    expect(openExternal).toHaveBeenCalledTimes(2);
    const webview = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();
    const handler = contents.setWindowOpenHandler.mock.calls[0]?.[0] as (d: { url: string }) => unknown;
    expect(handler({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' });
  });
});

describe('permissions', () => {
  it.each(['media', 'geolocation', 'notifications', 'openExternal', 'clipboard-read', 'hid', 'usb', 'fullscreen'])(
    'denies %s, even to the app',
    (permission) => expect(isPermissionGranted(permission, 'app://ridgeline/index.html')).toBe(false),
  );

  it('grants the clipboard write and local network access to the app origin only', () => {
    for (const permission of [
      'clipboard-sanitized-write',
      'local-network-access',
      'loopback-network',
      'local-network',
    ]) {
      expect(isPermissionGranted(permission, 'app://ridgeline/index.html')).toBe(true);
      expect(isPermissionGranted(permission, 'app://ridgeline')).toBe(true);
      expect(isPermissionGranted(permission, 'https://evil.example/')).toBe(false);
      expect(isPermissionGranted(permission, 'app://ridgeline.evil.com')).toBe(false);
      expect(isPermissionGranted(permission, undefined)).toBe(false);
    }
  });

  it('installs both the request and the check handler on the session', () => {
    const session = { setPermissionRequestHandler: vi.fn(), setPermissionCheckHandler: vi.fn() };
    lockDownPermissions(session as unknown as Session);
    const request = session.setPermissionRequestHandler.mock.calls[0]?.[0] as (
      wc: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: { requestingUrl: string },
    ) => void;
    const callback = vi.fn();
    request(null, 'media', callback, { requestingUrl: 'app://ridgeline/index.html' });
    request(null, 'clipboard-sanitized-write', callback, { requestingUrl: 'app://ridgeline/index.html' });
    expect(callback.mock.calls).toEqual([[false], [true]]);
    const check = session.setPermissionCheckHandler.mock.calls[0]?.[0] as (
      wc: unknown,
      permission: string,
      origin: string,
    ) => boolean;
    expect(check(null, 'geolocation', 'app://ridgeline')).toBe(false);
    expect(check(null, 'local-network-access', 'app://ridgeline')).toBe(true);
  });
});

describe('isTrustedSender (IPC)', () => {
  const MAIN = 7;
  const topFrame = (url: string) => ({ url, parent: null });

  it('trusts the main window’s top frame showing the app', () => {
    expect(
      isTrustedSender({ sender: { id: MAIN }, senderFrame: topFrame('app://ridgeline/index.html#/admin') }, MAIN),
    ).toBe(true);
  });

  it('refuses another window, a subframe, a destroyed frame, or a page that is not the app', () => {
    expect(isTrustedSender({ sender: { id: 8 }, senderFrame: topFrame('app://ridgeline/index.html') }, MAIN)).toBe(
      false,
    );
    expect(
      isTrustedSender({ sender: { id: MAIN }, senderFrame: { url: 'app://ridgeline/index.html', parent: {} } }, MAIN),
    ).toBe(false);
    expect(isTrustedSender({ sender: { id: MAIN }, senderFrame: null }, MAIN)).toBe(false);
    expect(isTrustedSender({ sender: { id: MAIN }, senderFrame: topFrame('https://evil.example/') }, MAIN)).toBe(false);
    expect(isTrustedSender({ sender: { id: MAIN }, senderFrame: topFrame('app://ridgeline.evil.com/') }, MAIN)).toBe(
      false,
    );
    expect(isTrustedSender({ sender: { id: MAIN }, senderFrame: topFrame('file:///index.html') }, MAIN)).toBe(false);
    expect(isTrustedSender({ sender: { id: MAIN }, senderFrame: topFrame('app://ridgeline/') }, undefined)).toBe(false);
  });
});
