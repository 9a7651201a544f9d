import type { Request, Response } from 'express';
import { HttpError } from './errors.js';

/** `Content-Type` of the JSON answers, as Express's `res.json` sets it. */
const JSON_TYPE = 'application/json; charset=utf-8';

/** A finished JSON answer, serialized once ([availability.cache]): its status, bytes and ETag. */
export interface SerializedAnswer {
  status: number;
  body: Buffer;
  /** The ETag Express would compute for `body` (its `etag fn` setting), if any. */
  etag?: string;
}

/** Express's ETag function of the app (`app.set('etag', ...)`), undefined when turned off. */
type ETagFn = (body: Buffer, encoding?: BufferEncoding) => string | undefined;

/** `value` as the bytes and ETag `res.json` would send ([availability.cache]). */
export function serialized(req: Request, status: number, value: unknown): SerializedAnswer {
  const body = Buffer.from(JSON.stringify(value));
  const etagFn = req.app.get('etag fn') as ETagFn | undefined;
  return { status, body, etag: etagFn?.(body) };
}

/** Longer query strings are answered without being kept (a key is at most this many characters). */
const MEMO_QUERY_MAX = 256;

/**
 * Sends `answer` exactly as `res.status(status).set('Cache-Control', 'no-store').json(value)`
 * would (same headers and body; Express still answers a matching `If-None-Match` with 304 and
 * HEAD without a body), without serializing or hashing it again.
 */
function sendSerialized(res: Response, answer: SerializedAnswer, cacheControl: boolean): void {
  // (`no-store` on the 200s only, as before: the 409 of a closed stay never had it.)
  if (cacheControl) res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', JSON_TYPE);
  if (answer.etag) res.setHeader('ETag', answer.etag);
  res.status(answer.status).send(answer.body);
}

/**
 * JSON answers kept in memory by their query string ([availability.cache]), for GET routes whose
 * answer depends only on the query, the day and data whose changes clear `memo`:
 * `answer(name, req, res, compute)` sends the answer kept under `name`, `day()` and the query
 * string (at most 256 characters; a longer one is computed and not kept), else `compute`s it
 * (parsing included), keeps it and sends it. A refusal `compute` throws as `HttpError` (a 400
 * naming the field) is kept too but thrown anew at each request, so the error handler still
 * answers and logs it; any other error is not kept.
 * @param memo the store of kept answers: `memo(key, compute)` returns the kept value or computes
 *   and keeps it (`CalendarCache.memo` of core's in-memory calendar)
 * @param day today's date `YYYY-MM-DD` in the property's zone, part of every key (advance
 *   notice, booking window and payment schedule follow the clock)
 */
export function memoizedAnswers(
  memo: (key: string, compute: () => SerializedAnswer | HttpError) => SerializedAnswer | HttpError,
  day: () => string,
): (name: string, req: Request, res: Response, compute: () => SerializedAnswer) => void {
  return (name, req, res, compute) => {
    const at = req.originalUrl.indexOf('?');
    const query = at < 0 ? '' : req.originalUrl.slice(at + 1);
    const orRefusal = (): SerializedAnswer | HttpError => {
      try {
        return compute();
      } catch (err) {
        if (err instanceof HttpError) return err;
        throw err;
      }
    };
    // (At the turn of the day an answer may be computed with the new day under the old day's key,
    // which the clock never asks for again.)
    const result = query.length <= MEMO_QUERY_MAX ? memo(`${name} ${day()} ${query}`, orRefusal) : orRefusal();
    if (result instanceof HttpError) throw new HttpError(result.status, result.message, result.details);
    sendSerialized(res, result, result.status === 200);
  };
}
