import type { Request, RequestHandler, Response } from 'express';
import { requestIdFor } from '../http/request-logging.js';
import type { Logger } from '../logger.js';
import type { CachedPage, PageCache, PageEncoding } from './page-cache.js';

/** True when `If-None-Match` lists `etag` (or `*`); weak validators compare by their opaque tag. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/**
 * The encoding to send: brotli when accepted, else gzip, else identity. A missing
 * `Accept-Encoding` gets identity; `;q=0` refuses an encoding. (Browsers list `gzip, deflate, br`
 * with equal weights; brotli is the smaller, so it goes first among equals.)
 */
export function pageEncoding(req: Request): PageEncoding {
  if (!req.headers['accept-encoding']) return 'identity';
  if (req.acceptsEncodings('br') === 'br') return 'br';
  if (req.acceptsEncodings('gzip') === 'gzip') return 'gzip';
  return 'identity';
}

/**
 * Answers with a cached page ([pages.fast-path]): the encoding the client accepts best (brotli,
 * then gzip, else identity), `Vary: Accept-Encoding`, the encoding's strong ETag, `Cache-Control:
 * no-cache` (always revalidated, so a change shows at once), and `304` without a body when
 * `If-None-Match` holds that ETag. HEAD gets the headers only. Headers set earlier (security
 * headers, request id) are kept.
 */
export function sendCachedPage(req: Request, res: Response, page: CachedPage): void {
  const encoding = pageEncoding(req);
  const etag = page.etags[encoding];
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', etag);
  res.setHeader('Cache-Control', 'no-cache');
  if (page.status === 200 && matchesIfNoneMatch(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const body = page.bodies[encoding];
  res.statusCode = page.status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  if (req.method === 'HEAD') res.end();
  else res.end(body);
}

/**
 * The headers `middleware` sets on every response, found by running it once on a stand-in
 * response: the fast path sends these very headers without running the middleware per request.
 * Only for middleware whose headers do not depend on the request (helmet with static directives).
 */
export function headersSetBy(middleware: RequestHandler): [string, string | number | readonly string[]][] {
  const headers: [string, string | number | readonly string[]][] = [];
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.push([name, value]),
    removeHeader: () => {},
    getHeader: () => undefined,
  };
  let ran = false;
  middleware({ headers: {}, method: 'GET', url: '/', path: '/' } as Request, response as unknown as Response, () => (ran = true));
  if (!ran) throw new Error('the security headers middleware did not call next()');
  return headers;
}

/**
 * A middleware setting the headers `middleware` sets (`headersSetBy`, captured once), for the
 * fast paths ([pages.fast-path], [api.fast-path]).
 */
export function fixedHeaders(middleware: RequestHandler): RequestHandler {
  const headers = headersSetBy(middleware);
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/**
 * True when the request is a dated landing link ([pages.landing-link]): any of `checkin`,
 * `checkout`, `guests` in the query, valid or not. Such a page is `noindex` (canonical `/`) and
 * cached apart from the plain home page, so a query never changes `/`'s body or ETag.
 */
export function isLandingLink(req: Pick<Request, 'query'>): boolean {
  const query = req.query as Record<string, unknown>;
  return ['checkin', 'checkout', 'guests'].some((name) => query[name] !== undefined);
}

/**
 * True when the home page's URL names a checkout's outcome (`success`, `booking`, `error`):
 * a guest's confirmation ([checkout.confirmation-panel]) is never indexed, so it is served as the
 * `landing` page (`noindex`, canonical `/`) like a dated landing link.
 */
export function isCheckoutOutcome(req: Pick<Request, 'query'>): boolean {
  const query = req.query as Record<string, unknown>;
  return ['success', 'booking', 'error'].some((name) => query[name] !== undefined);
}

/** The cached page `/` is answered with: `landing` (noindex) for a landing link or a checkout's outcome, else `home`. */
export function homePageKey(req: Pick<Request, 'query'>): 'landing' | 'home' {
  return isLandingLink(req) || isCheckoutOutcome(req) ? 'landing' : 'home';
}

export interface FastPathOptions {
  /** The IP block of every route ([security.ip-block]). */
  ipBlock: RequestHandler;
  /** The security headers middleware of every response (helmet; [security.headers]). */
  securityHeaders: RequestHandler;
  logger: Logger;
}

/**
 * [pages.fast-path]: `GET`/`HEAD /` answered from the page cache first thing, before request
 * logging, compression, cookies, body parsers, the CSRF check and rate limits, which a page load
 * needs none of. It still gets a request id (`X-Request-Id`), the IP block's refusal and the very
 * headers the security headers middleware sets. Anything else, or a page that fails to render,
 * goes on to the rest of the app (the SPA shell then).
 */
export function pageFastPath(pages: PageCache, { ipBlock, securityHeaders, logger }: FastPathOptions): RequestHandler {
  const headers = headersSetBy(securityHeaders);
  const send = (req: Request, res: Response, page: CachedPage) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    sendCachedPage(req, res, page);
  };
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/') return next();
    res.setHeader('X-Request-Id', requestIdFor(req));
    ipBlock(req, res, () => {
      const key = homePageKey(req);
      const cached = pages.peek(key);
      if (cached) return send(req, res, cached);
      pages.get(key).then(
        (page) => send(req, res, page),
        (err: unknown) => {
          logger.error('the home page could not be rendered; sending the SPA shell', { err });
          next();
        },
      );
    });
  };
}
