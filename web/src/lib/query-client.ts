/**
 * Data loading defaults ([data.fetching], [ui.error-message]).
 *
 * - A query's key is its URL: `queryKey[0]` is the path, fetched with GET and parsed as JSON.
 * - Every request carries credentials (cookies); in the desktop app the installed transport
 *   sends the bearer token of the area the call names instead (see `api-client.ts`): a
 *   mutation through `adminApi`/`securityApi`, a query through its `meta` (`adminApi.meta`).
 * - Any non-OK response (401 included) throws `ApiError` (`status`, `body`), whose message is
 *   "${status}: ${body || statusText}".
 * - Data is never stale, never refetched on focus or by polling, and nothing is retried,
 *   unless a query opts in (the image config does, see `IMAGE_CONFIG_QUERY`).
 */
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiFetch, apiXhrTarget, type ApiArea, type XhrTarget } from './api-client';
import { ApiError } from './api-error';

declare module '@tanstack/react-query' {
  interface Register {
    /** `area`: whose credential the default query function sends (`adminApi.meta`). */
    queryMeta: { area?: ApiArea };
  }
}

/** Throws the error of [ui.error-message] (an `ApiError`) for a non-OK response; resolves for an OK one. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = await res.text().catch(() => '');
  throw new ApiError(res.status, body, res.statusText);
}

/**
 * Sends a request to our API: a JSON body with `Content-Type: application/json` only when `body`
 * is given, cookies included, and `area`'s credential where a transport carries tokens.
 * Resolves to the (OK) response; throws as `throwIfResNotOk`.
 */
export async function apiRequest(method: string, url: string, body?: unknown, area?: ApiArea): Promise<Response> {
  const hasBody = body !== undefined;
  const init: RequestInit = {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
  };
  const res = await apiFetch(url, init, area);
  await throwIfResNotOk(res);
  return res;
}

/** The calls of one signed-in area: each carries that area's credential. */
export interface AreaApi {
  readonly area: ApiArea;
  /** Where the area's `login`, `logout`, `session`, `password` and `two-factor` endpoints live. */
  readonly basePath: '/api/auth' | '/api/security';
  /** `apiRequest` with this area's credential. */
  request(method: string, url: string, body?: unknown): Promise<Response>;
  /** `apiXhrTarget` with this area's credential (uploads). */
  xhrTarget(path: string): XhrTarget;
  /** A query's `meta`: the default query function sends this area's credential. */
  readonly meta: { area: ApiArea };
}

function areaApi(area: ApiArea, basePath: AreaApi['basePath']): AreaApi {
  return {
    area,
    basePath,
    request: (method, url, body) => apiRequest(method, url, body, area),
    xhrTarget: (path) => apiXhrTarget(path, area),
    meta: { area },
  };
}

/** The admin dashboard's calls (`requireSession(…, 'admin')` on the server). */
export const adminApi = areaApi('admin', '/api/auth');
/** The security console's calls (`requireSession(…, 'security')` on the server). */
export const securityApi = areaApi('security', '/api/security');
/** The API of `area`, for components shared by both (sign-in settings). */
export const apiOf = (area: ApiArea): AreaApi => (area === 'admin' ? adminApi : securityApi);

/**
 * [data.fetching]: GET on the query key's first element, parsed as JSON, with the
 * credential of the area in the query's `meta` (none without).
 */
export const defaultQueryFn: QueryFunction = async ({ queryKey, signal, meta }) => {
  const url = queryKey[0];
  if (typeof url !== 'string') throw new TypeError('queryKey[0] must be the URL path to GET');
  const res = await apiFetch(url, { credentials: 'include', signal }, meta?.area);
  await throwIfResNotOk(res);
  return (await res.json()) as unknown;
};

/** A QueryClient with the defaults of [data.fetching]; one per app (tests make their own). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's QueryClient. */
export const queryClient = createQueryClient();
