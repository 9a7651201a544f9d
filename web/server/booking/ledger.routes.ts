import { Router } from 'express';
import {
  balanceDueCents,
  bookingIdParamsSchema,
  creditCents,
  refusedRefundCents,
  offlinePaymentRequestSchema,
  withRunningBalance,
  type BookingLedgerResponse,
} from '@ridgeline/core';
import { getBookingInquiry, ledgerSummary, listBookingChanges, listLedgerEntries, recordOfflineMoney } from '@ridgeline/core/node';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';

/** A booking's ledger as `GET /api/bookings/{id}/ledger` answers it ([money.ledger]); undefined for an unknown id. */
export function bookingLedger(deps: Pick<AppDeps, 'db'>, id: number): BookingLedgerResponse | undefined {
  const booking = getBookingInquiry(deps.db, id);
  if (!booking) return undefined;
  const money = ledgerSummary(deps.db, id);
  return {
    entries: withRunningBalance(listLedgerEntries(deps.db, id)).map((e) => ({
      id: e.id,
      kind: e.kind,
      amountCents: e.amountCents,
      at: e.at,
      source: e.source,
      stripeObjectId: e.stripeObjectId,
      paymentIntentId: e.paymentIntentId,
      note: e.note,
      method: e.method,
      balanceCents: e.balanceCents,
    })),
    paidCents: money.paidCents,
    refundedCents: money.refundedCents,
    refundableCents: money.refundableCents,
    balanceDueCents: balanceDueCents(booking, money),
    disputedCents: money.disputedCents,
    offlinePaidCents: money.offlinePaidCents,
    offlineRefundableCents: money.offlineRefundableCents,
    creditCents: creditCents(booking, money),
    netPaidCents: money.netPaidCents,
    payoutCents: money.payoutCents,
    intents: money.intents,
    changes: listBookingChanges(deps.db, id).map((c) => ({
      id: c.id,
      createdAt: c.createdAt,
      from: c.from,
      to: c.to,
      oldTotalCents: c.oldTotalCents,
      newTotalCents: c.newTotalCents,
      differenceCents: c.differenceCents,
      settle: c.settle,
      status: c.status,
      message: c.message,
      // A cancelled booking's cancel planned its refund from the ledger, the refused money included.
      refusedCents: booking.cancelledAt ? 0 : refusedRefundCents(c),
    })),
  };
}

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
    const result = recordOfflineMoney(deps.db, id, body, deps.now?.() ?? new Date());
    if (!result) throw new HttpError(404, `No booking with id ${id}`);
    if (!result.ok) throw new HttpError(result.status, result.field ? `${result.field}: ${result.message}` : result.message, result.field ? { field: result.field } : {});
    res.status(201).json(bookingLedger(deps, id) satisfies BookingLedgerResponse | undefined);
  });
  return router;
}
