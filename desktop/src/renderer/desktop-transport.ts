/**
 * The desktop app's API transport (web/src/lib/api-client.ts): the SPA's calls, unchanged in the
 * web code, go to the server the owner chose with `Authorization: Bearer <token>` and never a
 * cookie. Sign-in and sign-out are recognised by their paths:
 * - `POST /api/auth/login`, `/api/security/login`: sent with `"client": "desktop"`; the token
 *   in the answer is kept (through the preload, encrypted on disk) and removed from what the
 *   page sees, which gets `{ "success": true }` as in the browser;
 * - `POST …/logout`: the token is forgotten whatever the server answers;
 * - any 401 on another call: the session is gone, so is its token.
 */
import type { ApiTransport, XhrTarget } from '@/lib/api-client';
import type { RidgelineApi, TokenArea } from '../shared/ridgeline-api';

/** Paths of the security console's area; everything else is the admin's. */
const SECURITY_PREFIX = '/api/security/';
const LOGIN_PATHS: Record<string, TokenArea> = { '/api/auth/login': 'admin', '/api/security/login': 'security' };
const LOGOUT_PATHS: Record<string, TokenArea> = { '/api/auth/logout': 'admin', '/api/security/logout': 'security' };

export function areaOf(path: string): TokenArea {
  return path.startsWith(SECURITY_PREFIX) ? 'security' : 'admin';
}

export interface DesktopTransportOptions {
  /** e.g. "http://localhost:3000" (no trailing slash) */
  serverUrl: string;
  bridge: Pick<RidgelineApi, 'setToken' | 'clearToken'>;
  /** The tokens remembered from an earlier run. */
  initialTokens: Partial<Record<TokenArea, string | null>>;
  /** Told after each sign-in whether the token outlives the app (false: memory only). */
  onTokenPersistence?: (persisted: boolean) => void;
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
}

export interface DesktopTransport extends ApiTransport {
  token(area: TokenArea): string | null;
}

export function createDesktopTransport({
  serverUrl,
  bridge,
  initialTokens,
  onTokenPersistence,
  fetch: fetchImpl = (url, init) => fetch(url, init),
}: DesktopTransportOptions): DesktopTransport {
  const tokens: Record<TokenArea, string | null> = {
    admin: initialTokens.admin ?? null,
    security: initialTokens.security ?? null,
  };

  /** Only our API's own paths: a bearer token never goes to another host. */
  function urlFor(path: string): string {
    if (!path.startsWith('/api/') || path.startsWith('//')) throw new TypeError(`Not an API path: ${path}`);
    return `${serverUrl}${path}`;
  }

  function forget(area: TokenArea): void {
    tokens[area] = null;
    void bridge.clearToken(area).catch(() => undefined);
  }

  async function remember(area: TokenArea, res: Response): Promise<Response> {
    const body = (await res.json().catch(() => undefined)) as { token?: unknown } | undefined;
    if (typeof body?.token !== 'string' || !body.token) {
      return new Response(JSON.stringify({ error: 'The server did not issue a desktop session.' }), {
        status: 502,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    tokens[area] = body.token;
    const persisted = await bridge.setToken(area, body.token).then(
      (result) => result.persisted,
      () => false,
    );
    onTokenPersistence?.(persisted);
    // What the browser's sign-in answers; the token stays out of the page's caches.
    return new Response(JSON.stringify({ success: true }), {
      status: res.status,
      statusText: res.statusText,
      headers: { 'Content-Type': 'application/json' },
    });
  }

  return {
    token: (area) => tokens[area],

    async fetch(path, init) {
      const url = urlFor(path);
      const method = (init.method ?? 'GET').toUpperCase();
      const pathname = path.split('?')[0] ?? path;
      const loginArea = method === 'POST' ? LOGIN_PATHS[pathname] : undefined;
      const logoutArea = method === 'POST' ? LOGOUT_PATHS[pathname] : undefined;
      const area = areaOf(pathname);

      const headers = new Headers(init.headers);
      let body = init.body;
      if (loginArea) {
        const fields: unknown = typeof body === 'string' ? JSON.parse(body) : {};
        body = JSON.stringify({ ...(fields as object), client: 'desktop' });
        headers.set('Content-Type', 'application/json');
      } else if (tokens[area]) {
        headers.set('Authorization', `Bearer ${tokens[area]}`);
      }

      let res: Response;
      try {
        res = await fetchImpl(url, { ...init, method, headers, body, credentials: 'omit', mode: 'cors' });
      } finally {
        if (logoutArea) forget(logoutArea);
      }
      if (loginArea) return res.ok ? remember(loginArea, res) : res;
      if (res.status === 401 && !logoutArea && tokens[area]) forget(area);
      return res;
    },

    xhrTarget(path): XhrTarget {
      const token = tokens[areaOf(path)];
      return { url: urlFor(path), headers: token ? { Authorization: `Bearer ${token}` } : {}, withCredentials: false };
    },
  };
}
