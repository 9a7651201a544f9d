import { planOfflineMoney, type OfflineMoneyInput, type OfflineMoneyPlan } from '../../../booking/payments/offline-money.js';
import type { Db } from '../../platform/database.js';
import { getOwnerSettings } from '../../settings/owner-settings-store.js';
import { getBookingInquiry } from '../bookings-store.js';
import { recordBookingEvent } from '../booking-events-store.js';
import { ledgerSummary, recordLedgerEntry } from '../ledger-store.js';
/**
 * Records offline money on a booking in one transaction ([money.offline]): checks it with
 * `planOfflineMoney` against the ledger as it is inside the transaction, writes the entry
 * (source owner, its method), the phone booking's new quote (no card fee on what is paid offline)
 * and the timeline line.
 * @returns the refusal (nothing written), or `ok`; undefined for an unknown booking
 */
export function recordOfflineMoney(db: Db, bookingId: number, input: OfflineMoneyInput, now: Date): { ok: true } | Extract<OfflineMoneyPlan, { ok: false }> | undefined {
  return db.transaction(() => {
    const booking = getBookingInquiry(db, bookingId);
    if (!booking) return undefined;
    const plan = planOfflineMoney(booking, ledgerSummary(db, bookingId), input, getOwnerSettings(db).cardFeeBps);
    if (!plan.ok) return plan;
    recordLedgerEntry(
      db,
      bookingId,
      { kind: input.kind === 'payment' ? 'offline_payment' : 'offline_refund', amountCents: input.amountCents, at: now.toISOString(), source: 'owner', method: input.method, note: input.note ?? '' },
      now,
    );
    if (plan.quote) db.prepare('UPDATE booking_inquiries SET quote_json = ?, total_cents = ? WHERE id = ?').run(JSON.stringify(plan.quote), plan.quote.totalCents, bookingId);
    const paidNow = getBookingInquiry(db, bookingId);
    if (input.kind === 'payment' && paidNow && paidNow.kind === 'manual') db.prepare('UPDATE booking_inquiries SET payment_status = ? WHERE id = ?').run(paidNow.paymentStatus, bookingId);
    recordBookingEvent(db, bookingId, input.kind === 'payment' ? 'offline-payment' : 'offline-refund', input.note ? `${plan.detail}: ${input.note}` : plan.detail, now);
    return { ok: true as const };
  }).immediate();
}
