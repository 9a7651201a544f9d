import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { runWithRequestId, type Logger } from '../logger.js';
import { loggablePath } from './loggable-path.js';

/** An incoming `X-Request-Id` is kept when it is this harmless; otherwise a new UUID is made. */
const REQUEST_ID = /^[\w.-]{1,64}$/;

/** The request's id: its incoming `X-Request-Id` when harmless, else a new UUID. */
export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Request ids and request logs:
 * - every response carries `X-Request-Id` (the caller's, when harmless, else a new UUID), also
 *   `req.id`;
 * - every `/api/` request ends with one line `{ level: "info", requestId, req: { method, path },
 *   res: { status }, ms, message: "request" }` (no headers, query strings or bodies: they can
 *   hold a guest's data or a token; a guest-page or payment-link token in the path is logged as
 *   `:token`, [logs.tokens]), when
 *   the response is sent or the connection closes, whichever is first; a status of 500 or more
 *   adds `err` ("failed with status code N"). These are the lines pino-http wrote before, written
 *   straight through the app's pino logger (no child loggers per request);
 * - everything the request's handlers log, through any logger, carries its `requestId`.
 */
export function requestLogging(logger: Logger): RequestHandler[] {
  const base = logger.pino;
  const logRequest: RequestHandler = (req, res, next) => {
    const requestId = requestIdFor(req);
    res.setHeader('X-Request-Id', requestId);
    (req as { id?: string }).id = requestId;
    const url = req.url ?? '';
    if (base && url.startsWith('/api/')) {
      const started = Date.now();
      const line = { method: req.method, path: loggablePath(url.split('?')[0] ?? '') };
      const done = () => {
        res.removeListener('finish', done);
        res.removeListener('close', done);
        const status = res.statusCode;
        const ms = Date.now() - started;
        base.info(
          status >= 500 ? { requestId, req: line, res: { status }, err: new Error(`failed with status code ${status}`), ms } : { requestId, req: line, res: { status }, ms },
          'request',
        );
      };
      res.on('finish', done);
      res.on('close', done);
    }
    runWithRequestId(requestId, next);
  };
  return [logRequest];
}
