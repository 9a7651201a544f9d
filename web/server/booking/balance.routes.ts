import { Router } from 'express';
import {
  BalanceSettlementDeferred,
  balanceConfirmRequestSchema,
  type BalanceConfirmResponse,
  type Booking,
  type BalanceIntentResponse,
  type UnpaidBalancesResponse,
} from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { unpaidBalances, type BalanceService } from './balance.js';
import { bookingByToken, privateGuestAnswer } from './guest-token.js';

const PAYMENTS_UNAVAILABLE = 'Online payments are not available right now. Please contact us.';

/**
 * The balance of a stay paid in two parts ([payments.balance]); contracts in core/src/api/balance.ts:
 * - `POST /api/stay/{token}/balance-intent` (public, the guest's page token) → `{ clientSecret,
 *   paymentIntentId, amountCents }`: the on-session PaymentIntent of the balance (the same one
 *   while it can be paid; it holds the booking's balance lease for the page, [money.balance-attempt]);
 *   404 malformed or unknown token, 409 nothing due, or 409 while the automatic charge or a
 *   cancel is going through, 503 payments off, 502 Stripe failed.
 * - `POST /api/stay/{token}/balance-confirm` `{ paymentIntentId }` → `{ status, amountCents,
 *   amountPaidCents }`: credited once if Stripe says it succeeded; 400 bad id, 404 unknown token or
 *   an intent that is not this booking's balance.
 * - `GET /api/bookings/unpaid-balances` (admin) → `{ bookings }`: stays checked in (today or
 *   before, not yet out) whose balance is still unpaid, for the owner to decide.
 */
export function balanceRoutes(deps: AppDeps, { balance: service }: { balance: BalanceService }): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();

  router.post('/api/stay/:token/balance-intent', async (req, res) => {
    const result = await service.startPagePayment(bookingByToken(deps, req.params));
    if (!result.ok) {
      if (result.reason === 'payments-unavailable') throw new HttpError(503, PAYMENTS_UNAVAILABLE, { reason: result.reason });
      if (result.reason === 'nothing-due') throw new HttpError(409, 'No balance is due on this stay.', { reason: result.reason });
      if (result.reason === 'in-progress') throw new HttpError(409, 'A payment of the balance is already going through. Please look again in a few minutes.', { reason: result.reason });
      throw new HttpError(502, result.message ?? 'The payment provider could not be reached. Please try again.', { reason: result.reason });
    }
    if (!result.intent.clientSecret) throw new HttpError(502, 'The payment provider could not be reached. Please try again.');
    privateGuestAnswer(res).json({ clientSecret: result.intent.clientSecret, paymentIntentId: result.intent.id, amountCents: result.amountCents } satisfies BalanceIntentResponse);
  });

  router.post('/api/stay/:token/balance-confirm', async (req, res) => {
    const booking = bookingByToken(deps, req.params);
    const { paymentIntentId } = parseOr400(balanceConfirmRequestSchema, req.body);
    const payments = deps.payments;
    if (!payments) throw new HttpError(503, PAYMENTS_UNAVAILABLE);
    // Only this booking's balance PaymentIntents count: a PaymentIntent id alone proves nothing.
    if (!booking.balance) throw new HttpError(404, 'No balance on this stay');
    let intent;
    try {
      intent = await payments.retrievePaymentIntent(paymentIntentId);
    } catch {
      throw new HttpError(502, 'The payment provider could not be reached. Please try again.');
    }
    if (intent.metadata.kind !== 'balance' || intent.metadata.bookingId !== String(booking.id)) throw new HttpError(404, 'Not a payment of this stay', { field: 'paymentIntentId' });
    let after: Booking;
    try {
      after = (await service.settleIntent(intent)) ?? booking;
    } catch (err) {
      // Being cancelled right now ([money.balance-attempt]): the page says it is not recorded yet.
      if (!(err instanceof BalanceSettlementDeferred)) throw err;
      after = booking;
    }
    const balance = after.balance ?? booking.balance;
    privateGuestAnswer(res).json({ status: balance.status, amountCents: balance.amountCents, amountPaidCents: after.amountPaidCents } satisfies BalanceConfirmResponse);
  });

  router.get('/api/bookings/unpaid-balances', admin, (_req, res) => {
    const bookings = unpaidBalances(deps);
    res.set('Cache-Control', 'no-store').json({ bookings } satisfies UnpaidBalancesResponse);
  });

  return router;
}
