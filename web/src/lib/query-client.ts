/**
 * Data loading defaults (SPEC §7, §8, §9).
 *
 * - A query's key is its URL: `queryKey[0]` is the path, fetched with GET and parsed as JSON.
 * - Every request carries credentials (cookies); in the desktop app the installed transport
 *   sends a bearer token instead (see `api-client.ts`).
 * - Any non-OK response (401 included) throws `Error("${status}: ${body || statusText}")`.
 * - Data is never stale, never refetched on focus or by polling, and nothing is retried,
 *   unless a query opts in (the image config does, see `IMAGE_CONFIG_QUERY`).
 */
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { apiFetch } from './api-client';

/** Throws the SPEC §8 error for a non-OK response; resolves for an OK one. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

/**
 * Sends a request to our API: a JSON body with `Content-Type: application/json` only when `body`
 * is given, cookies included. Resolves to the (OK) response; throws as `throwIfResNotOk`.
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const res = await apiFetch(url, {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** SPEC §7 "Default data loading": GET on the query key's first element, parsed as JSON. */
export const defaultQueryFn: QueryFunction = async ({ queryKey, signal }) => {
  const url = queryKey[0];
  if (typeof url !== 'string') throw new TypeError('queryKey[0] must be the URL path to GET');
  const res = await apiFetch(url, { credentials: 'include', signal });
  await throwIfResNotOk(res);
  return (await res.json()) as unknown;
};

/** A QueryClient with the SPEC §9 defaults; one per app (tests make their own). */
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
