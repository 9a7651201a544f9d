import type { RequestHandler } from 'express';

/** Methods the desktop app uses on the API. */
export const CORS_METHODS = 'GET, POST, PUT, PATCH, DELETE';
/** Headers it sends beyond the CORS-safelisted ones. */
export const CORS_HEADERS = 'Authorization, Content-Type';
/** How long a browser may cache a preflight answer (seconds). */
export const CORS_MAX_AGE = 600;

/**
 * CORS for the desktop app and nothing broader ([desktop.origin]; Config
 * `desktopOrigins`, default `app://ridgeline`). A request whose `Origin` is exactly one of
 * `origins` gets `Access-Control-Allow-Origin: <that origin>`; a preflight (OPTIONS with
 * `Access-Control-Request-Method`) is answered 204 with the allowed methods and headers. No
 * `Access-Control-Allow-Credentials`: the app signs in with a bearer token, never a cookie.
 * Any other origin gets no CORS header at all, so the browser keeps its answers from that page.
 * Mounted on `/api` before the IP block and rate limit, so their refusals stay readable.
 */
export function desktopCors(origins: readonly string[]): RequestHandler {
  const allowed = new Set(origins);
  return (req, res, next) => {
    // Answers differ by Origin: caches must not hand one origin's answer to another.
    res.vary('Origin');
    const origin = req.get('origin');
    if (!origin || !allowed.has(origin)) return next();
    res.setHeader('Access-Control-Allow-Origin', origin);
    if (req.method === 'OPTIONS' && req.get('access-control-request-method')) {
      res.setHeader('Access-Control-Allow-Methods', CORS_METHODS);
      res.setHeader('Access-Control-Allow-Headers', CORS_HEADERS);
      res.setHeader('Access-Control-Max-Age', String(CORS_MAX_AGE));
      res.status(204).end();
      return;
    }
    next();
  };
}
