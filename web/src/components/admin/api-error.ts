/**
 * Reading the errors `apiRequest` and the default query function throw (SPEC §8): the message
 * is "{status}: {body or status text}", and our server's body is `{"error": "…"}`.
 */

/** True for an error from a 401 response: the server no longer knows this admin session. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('401');
}

/**
 * The server's own words from a thrown API error: the `error` field of a JSON body, else the
 * body text. Undefined for anything that is not an API error (a network failure, a bug).
 */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return undefined;
  const body = (match[1] ?? '').trim();
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'error' in parsed && typeof parsed.error === 'string')
      return parsed.error;
  } catch {
    // Not JSON: the body text (or the status text) is the message.
  }
  return body || undefined;
}

/** The JSON body of a thrown API error, when it is a JSON object. */
export function serverBody(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!match) return undefined;
  try {
    const parsed: unknown = JSON.parse(match[1] ?? '');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** True when the server asks for a two-factor code (issue 11 item 4: `twoFactorRequired: true`). */
export function isTwoFactorRequired(error: unknown): boolean {
  return serverBody(error)?.twoFactorRequired === true;
}
