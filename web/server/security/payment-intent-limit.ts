import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { AppDeps } from '../deps.js';
import { clientIp, rateLimitKey } from '../http/client-ip.js';
import type { SecurityState } from './security-state.js';
import { setRetryAfter } from './retry-after.js';

/**
 * The stricter limit on `POST /api/create-payment-intent` and a payment link's
 * `POST /api/payment-link/{token}/payment-intent` ([checkout.intent-limit]; else anyone
 * could close the whole calendar): each request may hold nights and creates a real PaymentIntent, so a client IP
 * gets PAYMENT_INTENT_LIMIT of them per hour (default 10), counted whatever their answer, on top
 * of the general /api limit. Over it: 429 `{ success: false, error }` with `Retry-After`
 * (seconds, RFC 9110 §10.2.3) and a `payment_intent_limited` entry in the security log.
 * A guest's own reloads reuse their PaymentIntent (docs/decisions/0005), so ten is generous.
 */
export function paymentIntentLimit(deps: AppDeps, security: SecurityState): RequestHandler {
  // One count per app for every endpoint that creates PaymentIntents (the checkout's and a
  // payment link's), so a client cannot double its allowance by alternating them.
  const shared = limiters.get(security);
  if (shared) return shared;
  const limiter = createLimit(deps, security);
  limiters.set(security, limiter);
  return limiter;
}

const limiters = new WeakMap<SecurityState, RequestHandler>();

function createLimit(deps: AppDeps, security: SecurityState): RequestHandler {
  const { max, windowMs } = deps.config.paymentIntentLimit;
  return rateLimit({
    windowMs,
    limit: max,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // IPv6 clients per /64, as the /api limit counts them ([checkout.intent-limit]).
    keyGenerator: (req) => rateLimitKey(clientIp(req)),
    validate: { trustProxy: false, xForwardedForHeader: false, keyGeneratorIpFallback: false },
    handler: (req, res, _next, options) => {
      security.log(req, 'payment_intent_limited', 'refused 429');
      const retryAfter = setRetryAfter(req, res, options.windowMs);
      res.status(429).json({
        success: false,
        error: `Too many payment attempts from your network: the limit is ${max} per ${windowMs === 3_600_000 ? 'hour' : `${Math.round(windowMs / 60_000)} minutes`}. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`,
      });
    },
  });
}
