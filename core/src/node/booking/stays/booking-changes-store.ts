import type { BookingChange, BookingChangeStore, ChangeRefundPart, SaveChangeInput } from '../../../booking/stays/booking-change.js';
import type { OfflineMethod } from '../../../booking/ledger.js';
import { addDays, daysBetween } from '../../../shared/dates.js';
import type { Db } from '../../platform/database.js';
import { getOwnerSettings } from '../../settings/owner-settings-store.js';
import { recordBookingEvent } from '../booking-events-store.js';
import { getBookingInquiry, recordBookingMoney } from '../bookings-store.js';
import { ledgerSummary, recordLedgerEntry } from '../ledger-store.js';
import { closedNights, quoteStay } from '../stays-store.js';

interface ChangeRow {
  id: number;
  booking_id: number;
  created_at: string;
  old_checkin: string;
  old_checkout: string;
  old_guests: number;
  new_checkin: string;
  new_checkout: string;
  new_guests: number;
  old_total_cents: number;
  new_total_cents: number;
  difference_cents: number;
  settle: BookingChange['settle'];
  status: BookingChange['status'];
  parts_json: string;
  offline_refund_json: string | null;
  payment_intent_id: string | null;
  message: string;
}

const toChange = (r: ChangeRow): BookingChange => ({
  id: r.id,
  bookingId: r.booking_id,
  createdAt: r.created_at,
  from: { checkin: r.old_checkin, checkout: r.old_checkout, guests: r.old_guests },
  to: { checkin: r.new_checkin, checkout: r.new_checkout, guests: r.new_guests },
  oldTotalCents: r.old_total_cents,
  newTotalCents: r.new_total_cents,
  differenceCents: r.difference_cents,
  settle: r.settle,
  status: r.status,
  parts: JSON.parse(r.parts_json) as ChangeRefundPart[],
  offlineRefund: r.offline_refund_json ? (JSON.parse(r.offline_refund_json) as { amountCents: number; method: OfflineMethod }) : null,
  paymentIntentId: r.payment_intent_id,
  message: r.message,
});

/** A booking's changes ([booking.change]), oldest first. */
export function listBookingChanges(db: Db, bookingId: number): BookingChange[] {
  return (db.prepare('SELECT * FROM booking_changes WHERE booking_id = ? ORDER BY id').all(bookingId) as ChangeRow[]).map(toChange);
}

function getChange(db: Db, id: number): BookingChange {
  return toChange(db.prepare('SELECT * FROM booking_changes WHERE id = ?').get(id) as ChangeRow);
}

/**
 * Saves a change of a booking in one IMMEDIATE transaction ([booking.change]): the booking must
 * still be `input.from` and not cancelled; the new nights must be open (the booking's own left
 * out: holds, other stays, imported and owner-closed nights all count, so a checkout racing for
 * them either holds first, and the change is refused, or finds them taken); then the booking's
 * dates, guests and quote are replaced (its old nights are free and its new ones taken at the same
 * instant), a damage deposit not yet released moves its release date with the check-out
 * ([deposit.release]), the payment link gets a new key for the new amount when asked, the offline
 * refund is a ledger entry ([money.offline-refund]), and the change row and its `changed` line
 * are written.
 */
export function saveBookingChange(db: Db, input: SaveChangeInput, now: Date = new Date()): ReturnType<BookingChangeStore['saveChange']> {
  return db.transaction((): ReturnType<BookingChangeStore['saveChange']> => {
    const row = db.prepare('SELECT checkin, checkout, guests, cancelled_at FROM booking_inquiries WHERE id = ?').get(input.bookingId) as
      | { checkin: string; checkout: string; guests: number; cancelled_at: string | null }
      | undefined;
    if (!row || row.cancelled_at || row.checkin !== input.from.checkin || row.checkout !== input.from.checkout || row.guests !== input.from.guests) return { ok: false, reason: 'moved' };
    const closedDates = closedNights(db, input.to.checkin, input.to.checkout, now, [], input.bookingId);
    if (closedDates.length > 0) return { ok: false, reason: 'closed', closedDates };
    db.prepare('UPDATE booking_inquiries SET checkin = ?, checkout = ?, guests = ?, quote_json = ? WHERE id = ?').run(
      input.to.checkin,
      input.to.checkout,
      input.to.guests,
      input.quote ? JSON.stringify(input.quote) : null,
      input.bookingId,
    );
    // The hold's release date is check-out + its days ([deposit.release]): it follows the check-out.
    const hold = db.prepare("SELECT release_on FROM damage_deposits WHERE booking_id = ? AND state IN ('scheduled', 'authorized', 'reauthorizing')").get(input.bookingId) as { release_on: string } | undefined;
    if (hold) {
      db.prepare('UPDATE damage_deposits SET release_on = ?, updated_at = ? WHERE booking_id = ?').run(addDays(input.to.checkout, daysBetween(input.from.checkout, hold.release_on)), now.toISOString(), input.bookingId);
    }
    const at = now.toISOString();
    const id = Number(
      db
        .prepare(
          `INSERT INTO booking_changes (booking_id, created_at, old_checkin, old_checkout, old_guests, new_checkin, new_checkout, new_guests,
             old_total_cents, new_total_cents, difference_cents, settle, status, parts_json, offline_refund_json, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          input.bookingId,
          at,
          input.from.checkin,
          input.from.checkout,
          input.from.guests,
          input.to.checkin,
          input.to.checkout,
          input.to.guests,
          input.oldTotalCents,
          input.newTotalCents,
          input.differenceCents,
          input.settle,
          input.status,
          JSON.stringify(input.parts),
          input.offlineRefund ? JSON.stringify(input.offlineRefund) : null,
          at,
        ).lastInsertRowid,
    );
    if (input.resetPaymentLink) {
      // A new PaymentIntent for the new amount due, its key derived from the change ([bookings.payment-link]).
      db.prepare('UPDATE booking_inquiries SET payment_link_idempotency_key = ?, payment_link_intent_id = NULL, payment_link_paid_at = NULL WHERE id = ?').run(
        `change-${input.bookingId}-${id}`,
        input.bookingId,
      );
    }
    if (input.offlineRefund) {
      recordLedgerEntry(db, input.bookingId, { kind: 'offline_refund', amountCents: input.offlineRefund.amountCents, at, source: 'owner', method: input.offlineRefund.method, note: `Change ${id}: given back outside Stripe` }, now);
    }
    recordBookingEvent(db, input.bookingId, 'changed', input.timeline, now);
    return { ok: true, change: getChange(db, id), booking: getBookingInquiry(db, input.bookingId)! };
  }).immediate();
}

/** The change port (`BookingChangeStore`, core/src/booking/stays/booking-change.ts) over SQLite. */
export function createSqliteBookingChangeStore(db: Db): BookingChangeStore {
  return {
    getBooking: (id) => getBookingInquiry(db, id),
    ledger: (bookingId) => ledgerSummary(db, bookingId),
    settings: () => getOwnerSettings(db),
    quoteStay: (checkin, checkout, guests) => quoteStay(db, checkin, checkout, guests),
    closedNights: (checkin, checkout, now, exceptBookingId) => closedNights(db, checkin, checkout, now, [], exceptBookingId),
    saveChange: (input, now) => saveBookingChange(db, input, now),
    openChange(bookingId) {
      const row = db.prepare("SELECT * FROM booking_changes WHERE booking_id = ? AND status = 'open' ORDER BY id LIMIT 1").get(bookingId) as ChangeRow | undefined;
      return row ? toChange(row) : undefined;
    },
    getChange(changeId) {
      const row = db.prepare('SELECT * FROM booking_changes WHERE id = ?').get(changeId) as ChangeRow | undefined;
      return row ? toChange(row) : undefined;
    },
    lastChange(bookingId) {
      const row = db.prepare('SELECT * FROM booking_changes WHERE booking_id = ? ORDER BY id DESC LIMIT 1').get(bookingId) as ChangeRow | undefined;
      return row ? toChange(row) : undefined;
    },
    updateChange(changeId, patch, now) {
      const before = getChange(db, changeId);
      db.prepare('UPDATE booking_changes SET status = ?, parts_json = ?, payment_intent_id = ?, message = ?, updated_at = ? WHERE id = ?').run(
        patch.status ?? before.status,
        JSON.stringify(patch.parts ?? before.parts),
        patch.paymentIntentId ?? before.paymentIntentId,
        patch.message ?? before.message,
        now.toISOString(),
        changeId,
      );
      return getChange(db, changeId);
    },
    recordMoney: (bookingId, entry, now) => ({ created: recordBookingMoney(db, bookingId, entry, now).created }),
    recordEvent: (bookingId, kind, detail, now) => void recordBookingEvent(db, bookingId, kind, detail, now),
  };
}
