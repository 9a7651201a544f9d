import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pino } from 'pino';
import { pinoHttp } from 'pino-http';
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
 * Request ids and request logs (pino-http):
 * - every response carries `X-Request-Id` (the caller's, when harmless, else a new UUID);
 * - every `/api/` request ends with one line `{ message: "request", requestId, req: { method,
 *   path }, res: { status }, ms }` (no headers, query strings or bodies: they can hold a guest's
 *   data or a token; a guest-page token in the path is logged as `:token`);
 * - everything the request's handlers log, through any logger, carries its `requestId`.
 */
export function requestLogging(logger: Logger): RequestHandler[] {
  const http = pinoHttp<IncomingMessage, ServerResponse, never>({
    logger: logger.pino ?? pino({ level: 'silent' }),
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = requestIdFor(req);
      res.setHeader('X-Request-Id', id);
      return id;
    },
    autoLogging: { ignore: (req) => !(req.url ?? '').startsWith('/api/') },
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'requestId', responseTime: 'ms' },
    wrapSerializers: false,
    serializers: {
      req: (req: IncomingMessage) => ({ method: req.method, path: loggablePath((req.url ?? '').split('?')[0] ?? '') }),
      res: (res: ServerResponse) => ({ status: res.statusCode }),
    },
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request',
  });
  return [http, (req, _res, next) => runWithRequestId(String(req.id), next)];
}
