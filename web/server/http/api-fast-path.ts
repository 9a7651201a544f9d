import { Router, type ErrorRequestHandler, type Request, type RequestHandler } from 'express';

export interface ApiFastPathOptions {
  /**
   * What every `/api` request passes before its route, in the app's order: request id and log,
   * desktop CORS, the IP block, the security headers, compression, cookies, the `/api` rate
   * limit — the very middleware objects the app mounts, so counters (the rate limit's) and
   * settings are shared.
   */
  before: RequestHandler[];
  /** The app's error handler: bad input still gets its 400 `{ error, field }` and is logged. */
  onError: ErrorRequestHandler;
}

/**
 * True when `req` carries no body (no `Content-Length` above 0, no `Transfer-Encoding`): the only
 * requests the fast path takes, so the JSON body parser it skips could have done nothing.
 */
function withoutBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
}

/** Leaves the fast path (`next('router')`) for a request with a body: the full app answers it. */
const bodilessOnly: RequestHandler = (req, _res, next) => next(withoutBody(req) ? undefined : 'router');

/**
 * [api.fast-path]: `GET`/`HEAD` of the exact paths in `routes` (the public calendar and the quote)
 * run `options.before` then their handler, instead of the whole chain: no Stripe webhook, body
 * parser, CSRF guard, owner-change audit (all no-ops for a bodiless GET) and no walk past every
 * other router. Anything else — another method or path, a path spelled otherwise (case, trailing
 * slash), a request with a body — goes on to the full app, which answers it the same way. Errors,
 * thrown, rejected or passed to `next`, go to `options.onError`. An Express `Router` (case
 * sensitive, strict) runs the chain.
 */
export function apiFastPath(routes: Iterable<[string, RequestHandler]>, { before, onError }: ApiFastPathOptions): RequestHandler {
  const router = Router({ caseSensitive: true, strict: true });
  for (const [path, handler] of routes) router.get(path, bodilessOnly, ...before, handler);
  router.use(onError);
  return router;
}
