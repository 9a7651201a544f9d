import { balanceDueCents, creditCents, refusedRefundCents, withRunningBalance, type BookingLedgerResponse, type OfflineMoneyInput } from '@ridgeline/core';
import { getBookingInquiry, ledgerSummary, listBookingChanges, listLedgerEntries, recordOfflineMoney } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

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
 * Records money paid or given back outside Stripe on booking `bookingId` as of the app's clock
 * ([money.offline]): `{ ok: true }`; `{ ok: false, status (400 or 409), field?, message }` for a
 * refusal (a payment above what is due without `asCredit`, a refund above what was paid offline,
 * an owner stay, a payment on a cancelled booking), nothing written; undefined for an unknown id.
 */
export function recordOfflinePayment(deps: Pick<AppDeps, 'db' | 'now'>, bookingId: number, input: OfflineMoneyInput): ReturnType<typeof recordOfflineMoney> {
  return recordOfflineMoney(deps.db, bookingId, input, deps.now?.() ?? new Date());
}
