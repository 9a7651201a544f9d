import type { Request, RequestHandler, Response } from 'express';
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
 * [pages.fast-path]: `GET`/`HEAD /` answered from the page cache before the body parsers,
 * cookies, CSRF check and rate limits, which a page load needs none of. Mounted after the IP
 * block and the security headers, so both still apply. Anything else, or a page that fails to
 * render, goes on to the rest of the app (the SPA shell then).
 */
export function pageFastPath(pages: PageCache, logger: Logger): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.path !== '/') return next();
    const cached = pages.peek('home');
    if (cached) return sendCachedPage(req, res, cached);
    pages.get('home').then(
      (page) => sendCachedPage(req, res, page),
      (err: unknown) => {
        logger.error('the home page could not be rendered; sending the SPA shell', { err });
        next();
      },
    );
  };
}
