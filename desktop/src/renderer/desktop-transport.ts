/**
 * The desktop app's API transport (web/src/lib/api-client.ts): the SPA's calls, unchanged in the
 * web code, go to the server the owner chose with `Authorization: Bearer <token>` of the area
 * each call names, and never a cookie. The transport knows no route:
 * - the session hooks sign in with `client: "desktop"` (`signInClient`) and hand the token the
 *   server answers to `setToken(area, token)`: kept in memory and, through the preload, on disk
 *   encrypted where the OS allows (docs/decisions/0004);
 * - sign-out calls `forgetToken(area)`;
 * - a 401 to a call made with an area's token means that session is gone, so is its token.
 * Answers go to the page exactly as the server sent them.
 */
import type { ApiArea, ApiTransport, XhrTarget } from '@/lib/api-client';
import type { RidgelineApi, TokenArea } from '../shared/ridgeline-api';

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

  const tokenFor = (area: ApiArea | undefined): string | null => (area ? tokens[area] : null);

  return {
    signInClient: 'desktop',
    token: (area) => tokens[area],

    async setToken(area, token) {
      tokens[area] = token;
      const persisted = await bridge.setToken(area, token).then(
        (result) => result.persisted,
        () => false,
      );
      onTokenPersistence?.(persisted);
    },

    forgetToken: forget,

    async fetch(path, init, area) {
      const url = urlFor(path);
      const headers = new Headers(init.headers);
      const token = tokenFor(area);
      if (token) headers.set('Authorization', `Bearer ${token}`);
      const res = await fetchImpl(url, { ...init, headers, credentials: 'omit', mode: 'cors' });
      // Only the token this call carried: a sign-in since then keeps its new one.
      if (res.status === 401 && area && token && tokens[area] === token) forget(area);
      return res;
    },

    xhrTarget(path, area): XhrTarget {
      const token = tokenFor(area);
      return { url: urlFor(path), headers: token ? { Authorization: `Bearer ${token}` } : {}, withCredentials: false };
    },
  };
}
