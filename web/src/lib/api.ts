/**
 * The SPA's typed API client: every answer is parsed with its endpoint's response schema from
 * `@ridgeline/core/api` (the contracts the server types its answers with), so a page never
 * works on a shape it only assumed.
 *
 * - A non-OK answer throws `ApiError` (`status`, `body`; [ui.error-message]), as `apiRequest` does.
 * - An OK answer that does not match the contract throws `UnexpectedAnswerError`: shown like any
 *   other failed call, never passed on as data.
 * - `contract` is a schema, or a function loading one: pages of the first load pass a loader
 *   of a small module that re-exports the schema by name (`hooks/public-contracts.ts`), which
 *   keeps zod out of the first bundle (web/e2e/first-load-budget.spec.ts). Not a dynamic import
 *   of `@ridgeline/core/api` itself: that barrel drags in every contract's chunk.
 */
import './zod-browser-config';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch, type ApiArea } from './api-client';
import { UnexpectedAnswerError } from './api-error';
import { apiRequest, throwIfResNotOk } from './query-client';

/** The response schema of an endpoint, or a loader of it. */
export type Contract<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

/** Methods that change something (each answers JSON). */
export type ApiMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * `data` parsed with `contract`.
 * @throws UnexpectedAnswerError naming `path` and the first mismatch when it does not fit
 */
export async function parseAnswer<T>(path: string, contract: Contract<T>, data: unknown): Promise<T> {
  const schema = typeof contract === 'function' ? await contract() : contract;
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new UnexpectedAnswerError(path, `${where}${issue?.message ?? 'invalid'}`);
}

/** The JSON of an OK response; a body that is not JSON is an unexpected answer too. */
async function jsonOf(path: string, res: Response): Promise<unknown> {
  try {
    return (await res.json()) as unknown;
  } catch {
    throw new UnexpectedAnswerError(path, 'not JSON');
  }
}

/**
 * GET `path` with `area`'s credential (none for public endpoints), parsed with `contract`.
 * @throws ApiError for a non-OK answer; UnexpectedAnswerError for one off-contract
 */
export async function apiGet<T>(path: string, contract: Contract<T>, options: { area?: ApiArea | undefined; signal?: AbortSignal } = {}): Promise<T> {
  const res = await apiFetch(path, { credentials: 'include', ...(options.signal ? { signal: options.signal } : {}) }, options.area);
  await throwIfResNotOk(res);
  return parseAnswer(path, contract, await jsonOf(path, res));
}

/**
 * Sends `method path` with the JSON `body` (when given) and `area`'s credential, and parses the
 * answer with `contract`.
 * @throws ApiError for a non-OK answer; UnexpectedAnswerError for one off-contract
 */
export async function apiSend<T>(method: ApiMethod, path: string, contract: Contract<T>, body?: unknown, area?: ApiArea): Promise<T> {
  const res = await apiRequest(method, path, body, area);
  return parseAnswer(path, contract, await jsonOf(path, res));
}

/**
 * A query of `GET path` parsed with `contract` ([data.fetching]: the key is the URL, so
 * invalidating `[path]` refetches it), with `area`'s credential. Spread into `useQuery`.
 */
export function apiQuery<T>(path: string, contract: Contract<T>, area?: ApiArea) {
  return queryOptions({
    queryKey: [path] as const,
    queryFn: ({ signal }) => apiGet(path, contract, { area, signal }),
    ...(area ? { meta: { area } } : {}),
  });
}
