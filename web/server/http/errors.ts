import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import type { Logger } from '../logger.js';
import { loggablePath } from './loggable-path.js';

/** An error with an HTTP status; its message is safe to show to the client. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra JSON fields for the response body (e.g. the invalid `field`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Unknown `/api/*` routes: JSON 404. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ error: `No API route for ${req.method} ${req.path}` });
};

interface BodyParserError {
  type?: string;
  status?: number;
}

/**
 * Turns every error into `{ "error": "message" }` with the right status ([api.errors]).
 * Body-parser failures are the client's fault (400/413/415); anything unexpected is logged and
 * answered 500 without internals.
 */
export function errorHandler(logger: Logger, onHttpError?: (req: Request, err: HttpError) => void): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (res.headersSent) return;
    if (err instanceof HttpError) {
      onHttpError?.(req, err);
      res.status(err.status).json({ error: err.message, ...err.details });
      return;
    }
    const parserError = err as BodyParserError;
    switch (parserError?.type) {
      case 'entity.parse.failed':
        onHttpError?.(req, new HttpError(400, 'invalid JSON body'));
        res.status(400).json({ error: 'The request body is not valid JSON' });
        return;
      case 'entity.too.large':
        res.status(413).json({ error: 'The request body is too large' });
        return;
      case 'encoding.unsupported':
      case 'charset.unsupported':
        res.status(415).json({ error: 'Unsupported body encoding' });
        return;
      case 'request.aborted':
        return;
      default:
        if (typeof parserError?.status === 'number' && parserError.status >= 400 && parserError.status < 500) {
          res.status(parserError.status).json({ error: 'Bad request' });
          return;
        }
    }
    logger.error('request failed', { method: req.method, path: loggablePath(req.path), err });
    res.status(500).json({ error: 'Something went wrong on our side. Please try again.' });
  };
}
