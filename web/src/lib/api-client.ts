/**
 * How the SPA's API calls reach the server: the one seam the desktop app replaces.
 *
 * In the browser (no transport installed) a call is exactly `fetch(path, init)`: a relative
 * `/api/...` URL on the page's own origin, with the session cookie. The desktop app
 * (desktop/src/renderer) installs a transport that sends the same calls to the server the owner
 * chose, with `Authorization: Bearer` instead of a cookie.
 */

export interface XhrTarget {
  url: string;
  headers: Record<string, string>;
  withCredentials: boolean;
}

export interface ApiTransport {
  /** Sends one API request; `path` is what the browser would fetch ("/api/reviews"). */
  fetch(path: string, init: RequestInit): Promise<Response>;
  /** Where an XMLHttpRequest (upload progress) for `path` goes, and what it carries. */
  xhrTarget(path: string): XhrTarget;
}

let transport: ApiTransport | undefined;

/** Installs the desktop's transport; `undefined` restores the browser's behaviour (tests). */
export function setApiTransport(next: ApiTransport | undefined): void {
  transport = next;
}

/** `fetch` for our API: the global fetch, unchanged, unless a transport is installed. */
export function apiFetch(path: string, init: RequestInit): Promise<Response> {
  return transport ? transport.fetch(path, init) : fetch(path, init);
}

/** The XMLHttpRequest equivalent of `apiFetch`. */
export function apiXhrTarget(path: string): XhrTarget {
  return transport ? transport.xhrTarget(path) : { url: path, headers: {}, withCredentials: true };
}
