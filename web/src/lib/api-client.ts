/**
 * How the SPA's API calls reach the server: the one seam the desktop app replaces.
 *
 * Every call says which area's credential it needs (`ApiArea`: the admin dashboard's or the
 * security console's session; `undefined` for public calls and for sign-in itself). In the
 * browser (no transport installed) that changes nothing: a call is exactly `fetch(path, init)`
 * on the page's own origin, and the session cookie of each area goes with it. The desktop app
 * (desktop/src/renderer) installs a transport that sends the same calls to the server the owner
 * chose with the named area's `Authorization: Bearer` token instead of a cookie; sign-in asks
 * the server for such a token (`signInClient()`) and hands it over with `keepSessionToken`.
 */

/** The two areas with separate sign-ins and sessions ([auth.areas]). */
export type ApiArea = 'admin' | 'security';

export interface XhrTarget {
  url: string;
  headers: Record<string, string>;
  withCredentials: boolean;
}

export interface ApiTransport {
  /** The `client` a sign-in names so the server answers `{ token }` instead of a cookie. */
  readonly signInClient: 'desktop';
  /**
   * Sends one API request; `path` is what the browser would fetch ("/api/reviews"), `area` whose
   * credential goes with it (none when undefined).
   */
  fetch(path: string, init: RequestInit, area: ApiArea | undefined): Promise<Response>;
  /** Where an XMLHttpRequest (upload progress) for `path` goes, and what it carries. */
  xhrTarget(path: string, area: ApiArea | undefined): XhrTarget;
  /** Keeps the token a sign-in of `area` answered; resolves once it is in use. */
  setToken(area: ApiArea, token: string): Promise<void>;
  /** Forgets `area`'s token (sign-out). */
  forgetToken(area: ApiArea): void;
}

let transport: ApiTransport | undefined;

/** Installs the desktop's transport; `undefined` restores the browser's behaviour (tests). */
export function setApiTransport(next: ApiTransport | undefined): void {
  transport = next;
}

/** `fetch` for our API: the global fetch, unchanged, unless a transport is installed. */
export function apiFetch(path: string, init: RequestInit, area?: ApiArea): Promise<Response> {
  if (!transport) return fetch(path, init);
  return transport.fetch(path, init, area);
}

/** The XMLHttpRequest equivalent of `apiFetch`. */
export function apiXhrTarget(path: string, area?: ApiArea): XhrTarget {
  return transport ? transport.xhrTarget(path, area) : { url: path, headers: {}, withCredentials: true };
}

/**
 * The `client` field a sign-in sends: "desktop" when the installed transport carries bearer
 * tokens, undefined in the browser (the server then answers with a cookie).
 */
export function signInClient(): 'desktop' | undefined {
  return transport?.signInClient;
}

/** Hands a sign-in's token (desktop sign-in only) to the transport, for `area`'s later calls. */
export async function keepSessionToken(area: ApiArea, token: string): Promise<void> {
  await transport?.setToken(area, token);
}

/** Sign-out: the transport forgets `area`'s token (the browser's cookie is the server's to clear). */
export function forgetSessionToken(area: ApiArea): void {
  transport?.forgetToken(area);
}
