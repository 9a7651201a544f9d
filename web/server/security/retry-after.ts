import type { Request, Response } from 'express';

/**
 * Sets `Retry-After` (whole seconds, RFC 9110 §10.2.3) on a rate limiter's 429 and answers how
 * many seconds that is: until the client's window resets (express-rate-limit's `req.rateLimit`),
 * or a whole window when the store does not say.
 */
export function setRetryAfter(req: Request, res: Response, windowMs: number): number {
  const resetTime = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
  const seconds = resetTime ? Math.max(1, Math.ceil((resetTime.getTime() - Date.now()) / 1000)) : Math.ceil(windowMs / 1000);
  res.setHeader('Retry-After', String(seconds));
  return seconds;
}
