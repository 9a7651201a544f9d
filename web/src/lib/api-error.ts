/**
 * The one error our API calls throw for a non-OK answer (`apiRequest`, the default query
 * function): the status and the body text as the server sent them. Its message keeps the documented
 * form, "{status}: {body, or the status text when the body is empty}" ([ui.error-message]), because the
 * pages show it as is; code reads `status` and `body`, never the message.
 */
export class ApiError extends Error {
  constructor(
    /** The HTTP status, e.g. 401. */
    readonly status: number,
    /** The response body as text ("" when empty); our server's is `{"error": "…"}`. */
    readonly body: string,
    /** The response's status text, shown when the body is empty. */
    readonly statusText = '',
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The body parsed as a JSON object, or undefined when it is not one. */
  get json(): Record<string, unknown> | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      return undefined;
    }
  }
}

/**
 * An OK answer that does not have the shape its endpoint's contract (`@ridgeline/core/api`)
 * promises: the page and the server are different versions, or one has a bug. The typed client
 * throws it instead of handing the page data it would misread; pages show it like any other
 * failed call.
 */
export class UnexpectedAnswerError extends Error {
  constructor(
    /** The API path asked, e.g. "/api/reviews". */
    readonly path: string,
    /** The first mismatch, "field.path: message". */
    readonly issue: string,
  ) {
    super(`The server's answer to ${path} was not understood (${issue}). Reload the page; if this stays, the app and the server are different versions.`);
    this.name = 'UnexpectedAnswerError';
  }
}
