import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';

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

/**
 * [api.fast-path]: `GET`/`HEAD` of the exact paths in `routes` (the public calendar and the quote)
 * run `options.before` then their handler, instead of the whole chain: no Stripe webhook, body
 * parser, CSRF guard, owner-change audit (all no-ops for a bodiless GET) and no walk past every
 * other router. Anything else — another method or path, a path spelled otherwise (case, trailing
 * slash), a request with a body — goes on to the full app, which answers it the same way. Errors,
 * thrown or passed to `next`, go to `options.onError`.
 */
export function apiFastPath(routes: Iterable<[string, RequestHandler]>, { before, onError }: ApiFastPathOptions): RequestHandler {
  const handlers = new Map<string, RequestHandler[]>();
  for (const [path, handler] of routes) handlers.set(path, [...before, handler]);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const chain = handlers.get(req.path);
    if (!chain || !withoutBody(req)) return next();
    run(chain, req, res, (err) => (err === undefined ? next() : onError(err, req, res, next)));
  };
}

/**
 * Runs `chain` as Express would: each handler's `next()` calls the following one, `next(err)` or
 * a throw stops with `done(err)`; `done()` when the last one calls `next()`.
 */
function run(chain: RequestHandler[], req: Request, res: Response, done: (err?: unknown) => void): void {
  let i = 0;
  const step = (err?: unknown): void => {
    if (err !== undefined && err !== null && err !== false) return done(err);
    const handler = chain[i++];
    if (!handler) return done();
    try {
      const result: unknown = handler(req, res, step);
      // An async handler's rejection is an error too (Express 5).
      if (result instanceof Promise) result.catch((e: unknown) => done(e ?? new Error('rejected')));
    } catch (e) {
      done(e);
    }
  };
  step();
}
