/**
 * The Ridgeline server the desktop app talks to: validation and the health check.
 * The address is an http(s) origin, optionally with a path prefix (a server behind a reverse
 * proxy at `/ridgeline`), without a trailing slash, user info, query or fragment.
 */

export { DEFAULT_SERVER_URL } from './ridgeline-api';
/** How long the health check waits for an answer. */
export const HEALTH_TIMEOUT_MS = 5_000;

export type ParsedServerUrl = { ok: true; url: string } | { ok: false; error: string };

/**
 * True for this computer's own addresses. Plain http is allowed only to these: the bearer token
 * must not cross a network unencrypted, and Chromium blocks http requests from the app's secure
 * origin to any other host anyway (mixed content).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host === '[::1]') return true;
  return /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** Validates and normalises what the owner typed (e.g. "https://stay.example.com/"). */
export function normalizeServerUrl(input: unknown): ParsedServerUrl {
  if (typeof input !== 'string' || !input.trim()) return { ok: false, error: 'Enter the server address.' };
  if (input.length > 2048) return { ok: false, error: 'The address is too long.' };
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { ok: false, error: 'Enter a full address starting with http:// or https://.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, error: 'The address must start with http:// or https://.' };
  }
  if (url.username || url.password)
    return { ok: false, error: 'The address must not contain a user name or password.' };
  if (url.search || url.hash) return { ok: false, error: 'The address must not contain "?" or "#".' };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return { ok: false, error: 'Use https:// for a server on another computer (http:// only for localhost).' };
  }
  const path = url.pathname.replace(/\/+$/, '');
  return { ok: true, url: `${url.origin}${path}` };
}

/** `fetch` as used here (Electron's `net.fetch` fits). */
export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

export type HealthResult = { ok: true } | { ok: false; error: string };

/**
 * `GET {serverUrl}/api/health` must answer 200 `{ "status": "ok" }` within `timeoutMs`.
 * Never throws: a refused connection, a timeout, another status or another body become `error`.
 */
export async function checkServerHealth(
  serverUrl: string,
  {
    fetch: fetchImpl = (url, init) => fetch(url, init),
    timeoutMs = HEALTH_TIMEOUT_MS,
  }: { fetch?: FetchLike; timeoutMs?: number } = {},
): Promise<HealthResult> {
  let res: Response;
  try {
    res = await fetchImpl(`${serverUrl}/api/health`, {
      headers: { Accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    return {
      ok: false,
      error: timedOut
        ? `${serverUrl} did not answer within ${timeoutMs / 1000} seconds.`
        : `Could not connect to ${serverUrl}.`,
    };
  }
  if (!res.ok) return { ok: false, error: `The server at ${serverUrl} answered ${res.status}; it is not ready.` };
  const body: unknown = await res.json().catch(() => undefined);
  if (!body || typeof body !== 'object' || (body as { status?: unknown }).status !== 'ok') {
    return { ok: false, error: `${serverUrl} does not answer like a Ridgeline server.` };
  }
  return { ok: true };
}
