import { Router } from 'express';
import { bookingIdParamsSchema, offlinePaymentRequestSchema, type BookingLedgerResponse } from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { bookingLedger, recordOfflinePayment } from './ledger.js';

/**
 * A booking's money ([money.ledger], [money.offline]), admin; contracts in `core/src/api/ledger.ts`:
 * - `GET /api/bookings/{id}/ledger` → `{ entries: [{ id, kind, amountCents, at, source,
 *   stripeObjectId, paymentIntentId, note, method, balanceCents }], paidCents, refundedCents,
 *   refundableCents, balanceDueCents, disputedCents, …, payoutCents ([money.payout]) }`, entries
 *   oldest first, cents; `kind` one of LEDGER_KINDS, `refund_failed` reversing a refund Stripe
 *   reported failed ([money.refund-failed]); 404 unknown id.
 * - `POST /api/bookings/{id}/offline-payments` `{ kind: 'payment'|'refund', method:
 *   'cash'|'check'|'bank_transfer'|'other', amountCents, note?, asCredit? }` → 201 with the ledger
 *   as above. 400 naming the field (a bad body; a payment above what is due without `asCredit`; a
 *   refund above what was paid offline); 404 unknown id; 409 an owner stay, or a payment on a
 *   cancelled booking. Nothing is written on a refusal.
 */
export function ledgerRoutes(deps: AppDeps): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();

  router.get('/api/bookings/:id/ledger', admin, (req, res) => {
    const { id } = parseOr400(bookingIdParamsSchema, req.params, 'id');
    const ledger = bookingLedger(deps, id);
    if (!ledger) throw new HttpError(404, `No booking with id ${id}`);
    res.set('Cache-Control', 'no-store').json(ledger satisfies BookingLedgerResponse);
  });

  router.post('/api/bookings/:id/offline-payments', admin, (req, res) => {
    const { id } = parseOr400(bookingIdParamsSchema, req.params, 'id');
    const body = parseOr400(offlinePaymentRequestSchema, req.body ?? {});
    const result = recordOfflinePayment(deps, id, body);
    if (!result) throw new HttpError(404, `No booking with id ${id}`);
    if (!result.ok) throw new HttpError(result.status, result.field ? `${result.field}: ${result.message}` : result.message, result.field ? { field: result.field } : {});
    res.status(201).json(bookingLedger(deps, id) satisfies BookingLedgerResponse | undefined);
  });
  return router;
}
