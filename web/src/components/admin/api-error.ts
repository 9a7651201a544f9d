/**
 * Reading the `ApiError` that `apiRequest` and the default query function throw ([ui.error-message]): its
 * `status`, and its `body`, which our server writes as `{"error": "…"}`.
 */
import { ApiError } from '@/lib/api-error';

/** True for an error from a 401 response: the server no longer knows this session. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * The server's own words from a thrown API error: the `error` field of a JSON body, else the
 * body text (or the status text when the body is empty). Undefined for anything that is not an
 * API error (a network failure, a bug).
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const message = error.json?.error;
  if (typeof message === 'string') return message;
  return (error.body || error.statusText).trim() || undefined;
}

/** The JSON body of a thrown API error, when it is a JSON object. */
export function serverBody(error: unknown): Record<string, unknown> | undefined {
  return error instanceof ApiError ? error.json : undefined;
}

/** True when the server asks for a two-factor code ([auth.two-factor]: `twoFactorRequired: true`). */
export function isTwoFactorRequired(error: unknown): boolean {
  return serverBody(error)?.twoFactorRequired === true;
}
