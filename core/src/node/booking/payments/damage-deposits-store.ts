import type { Booking } from '../../../booking/bookings.js';
import type { DamageDepositHold, DamageDepositStore, SavedCard, StoredDepositState } from '../../../booking/payments/damage-deposit.js';
import { addDays } from '../../../shared/dates.js';
import type { Db } from '../../platform/database.js';
import { getBookingInquiry } from '../bookings-store.js';
import { recordLedgerEntry } from '../ledger-store.js';

/**
 * The damage deposits' table ([deposit.hold], [deposit.release], [deposit.claim]): one row per
 * booking (`core/migrations/0017_damage_deposit.sql`). Every change is one conditional UPDATE,
 * so two runs (the job and the owner's claim) never both act on one hold.
 */

interface Row {
  booking_id: number;
  state: StoredDepositState;
  amount_cents: number;
  payment_intent_id: string | null;
  idempotency_key: string;
  pending_key: string | null;
  replaced_payment_intent_id: string | null;
  authorized_at: string | null;
  lapses_at: string | null;
  release_on: string;
  pending_action: 'claim' | 'release' | null;
  claimed_cents: number | null;
  claim_reason: string;
  claim_key: string | null;
  failure_message: string | null;
  updated_at: string;
}

const toHold = (r: Row): DamageDepositHold => ({
  bookingId: r.booking_id,
  state: r.state,
  amountCents: r.amount_cents,
  paymentIntentId: r.payment_intent_id,
  idempotencyKey: r.idempotency_key,
  pendingKey: r.pending_key,
  replacedPaymentIntentId: r.replaced_payment_intent_id,
  authorizedAt: r.authorized_at,
  lapsesAt: r.lapses_at,
  releaseOn: r.release_on,
  pendingAction: r.pending_action,
  claimedCents: r.claimed_cents,
  claimReason: r.claim_reason,
  claimKey: r.claim_key,
  failureMessage: r.failure_message,
  updatedAt: r.updated_at,
});

/** A booking's hold; undefined when none was started. */
export function getDamageDeposit(db: Db, bookingId: number): DamageDepositHold | undefined {
  const row = db.prepare('SELECT * FROM damage_deposits WHERE booking_id = ?').get(bookingId) as Row | undefined;
  return row ? toHold(row) : undefined;
}

/**
 * The card saved at checkout for later off-session payments ([payments.saved-card]): the
 * booking's Stripe Customer and payment method, when the checkout saved them; null otherwise.
 */
export function savedCardOf(booking: Booking): SavedCard | null {
  return booking.stripePaymentMethodId ? { customerId: booking.stripeCustomerId ?? null, paymentMethodId: booking.stripePaymentMethodId } : null;
}

/** The `DamageDepositStore` port over SQLite. */
export function createSqliteDamageDepositStore(db: Db): DamageDepositStore {
  const ledger = (bookingId: number, entry: { kind: 'authorization' | 'capture' | 'release'; amountCents: number; at: string; paymentIntentId: string; note: string }, now: Date) =>
    recordLedgerEntry(db, bookingId, { ...entry, source: 'stripe', stripeObjectId: entry.paymentIntentId }, now);
  const get = (bookingId: number) => getDamageDeposit(db, bookingId);
  const must = (bookingId: number) => {
    const hold = get(bookingId);
    if (!hold) throw new Error(`no damage deposit for booking ${bookingId}`);
    return hold;
  };
  return {
    listDepositCandidates(today) {
      // Release days are at most 14: a booking checked out longer ago than that has nothing due
      // unless its hold is still authorized (a release that kept failing).
      const ids = db
        .prepare(
          `SELECT b.id FROM booking_inquiries b LEFT JOIN damage_deposits d ON d.booking_id = b.id
           WHERE b.kind = 'direct' AND b.stripe_payment_intent_id IS NOT NULL
             AND (d.state IN ('scheduled', 'authorized', 'reauthorizing') OR (d.booking_id IS NULL AND b.cancelled_at IS NULL AND b.checkout >= ?))
           ORDER BY b.checkin, b.id`,
        )
        .all(addDays(today, -15)) as { id: number }[];
      return ids.flatMap(({ id }) => {
        const booking = getBookingInquiry(db, id);
        return booking ? [{ booking, hold: get(id), card: savedCardOf(booking) }] : [];
      });
    },
    getHold: get,
    startHold(hold, now) {
      const at = now.toISOString();
      const result = db
        .prepare(
          `INSERT INTO damage_deposits (booking_id, state, amount_cents, idempotency_key, release_on, created_at, updated_at)
           VALUES (?, 'scheduled', ?, ?, ?, ?, ?) ON CONFLICT (booking_id) DO NOTHING`,
        )
        .run(hold.bookingId, hold.amountCents, hold.idempotencyKey, hold.releaseOn, at, at);
      return result.changes === 1 ? get(hold.bookingId) : undefined;
    },
    startReauthorization(bookingId, pendingKey, now) {
      const result = db
        .prepare(`UPDATE damage_deposits SET state = 'reauthorizing', pending_key = ?, updated_at = ? WHERE booking_id = ? AND state = 'authorized' AND pending_action IS NULL`)
        .run(pendingKey, now.toISOString(), bookingId);
      return result.changes === 1;
    },
    recordAuthorized(bookingId, intent, now) {
      const hold = must(bookingId);
      const renewal = hold.state === 'reauthorizing' && hold.pendingKey !== null;
      db.prepare(
        `UPDATE damage_deposits SET state = 'authorized', payment_intent_id = ?, authorized_at = ?, lapses_at = ?,
           idempotency_key = CASE WHEN ? THEN pending_key ELSE idempotency_key END, pending_key = NULL,
           replaced_payment_intent_id = CASE WHEN ? AND payment_intent_id IS NOT ? THEN payment_intent_id ELSE replaced_payment_intent_id END,
           failure_message = NULL, updated_at = ?
         WHERE booking_id = ?`,
      ).run(intent.paymentIntentId, intent.authorizedAt.toISOString(), intent.lapsesAt.toISOString(), renewal ? 1 : 0, renewal ? 1 : 0, intent.paymentIntentId, now.toISOString(), bookingId);
      // [money.ledger]: the hold placed on the card, once per PaymentIntent.
      ledger(bookingId, { kind: 'authorization', amountCents: hold.amountCents, at: intent.authorizedAt.toISOString(), paymentIntentId: intent.paymentIntentId, note: 'Damage deposit held' }, now);
      return must(bookingId);
    },
    clearReplaced(bookingId, now) {
      const hold = must(bookingId);
      // [money.ledger]: the renewed hold's old authorization was let go.
      if (hold.replacedPaymentIntentId) ledger(bookingId, { kind: 'release', amountCents: hold.amountCents, at: now.toISOString(), paymentIntentId: hold.replacedPaymentIntentId, note: 'Damage deposit hold renewed' }, now);
      db.prepare('UPDATE damage_deposits SET replaced_payment_intent_id = NULL WHERE booking_id = ?').run(bookingId);
    },
    recordFailed(bookingId, message, now) {
      db.prepare(`UPDATE damage_deposits SET state = 'failed', pending_key = NULL, failure_message = ?, updated_at = ? WHERE booking_id = ?`).run(message.slice(0, 500), now.toISOString(), bookingId);
      return must(bookingId);
    },
    beginAction(bookingId, action, now) {
      const result =
        action.kind === 'claim'
          ? db
              .prepare(
                // Never on a cancelled booking ([deposit.claim-guard]): checked in the same statement.
                `UPDATE damage_deposits SET pending_action = 'claim', claimed_cents = ?, claim_reason = ?, claim_key = ?, updated_at = ?
                 WHERE booking_id = ? AND state = 'authorized' AND pending_action IS NULL
                   AND NOT EXISTS (SELECT 1 FROM booking_inquiries b WHERE b.id = damage_deposits.booking_id AND b.cancelled_at IS NOT NULL)`,
              )
              .run(action.amountCents, action.reason, action.key, now.toISOString(), bookingId)
          : db
              .prepare(`UPDATE damage_deposits SET pending_action = 'release', updated_at = ? WHERE booking_id = ? AND state = 'authorized' AND pending_action IS NULL`)
              .run(now.toISOString(), bookingId);
      return result.changes === 1;
    },
    abandonAction(bookingId, now) {
      db.prepare(
        `UPDATE damage_deposits SET pending_action = NULL, claimed_cents = NULL, claim_reason = '', claim_key = NULL, updated_at = ? WHERE booking_id = ? AND state = 'authorized'`,
      ).run(now.toISOString(), bookingId);
    },
    recordReleased(bookingId, now) {
      return db.transaction(() => {
        const hold = must(bookingId);
        db.prepare(`UPDATE damage_deposits SET state = 'released', pending_action = NULL, updated_at = ? WHERE booking_id = ?`).run(now.toISOString(), bookingId);
        if (hold.paymentIntentId) ledger(bookingId, { kind: 'release', amountCents: hold.amountCents, at: now.toISOString(), paymentIntentId: hold.paymentIntentId, note: 'Damage deposit released' }, now);
        return must(bookingId);
      }).immediate();
    },
    recordClaimed(bookingId, claimedCents, now) {
      return db.transaction(() => {
        const hold = must(bookingId);
        db.prepare(`UPDATE damage_deposits SET state = 'claimed', pending_action = NULL, claimed_cents = ?, updated_at = ? WHERE booking_id = ?`).run(claimedCents, now.toISOString(), bookingId);
        if (hold.paymentIntentId) {
          // [money.ledger]: the part captured is money received; Stripe let the rest go.
          if (claimedCents > 0) ledger(bookingId, { kind: 'capture', amountCents: claimedCents, at: now.toISOString(), paymentIntentId: hold.paymentIntentId, note: hold.claimReason ? `Damage claimed: ${hold.claimReason}` : 'Damage claimed' }, now);
          if (hold.amountCents - claimedCents > 0) ledger(bookingId, { kind: 'release', amountCents: hold.amountCents - claimedCents, at: now.toISOString(), paymentIntentId: hold.paymentIntentId, note: 'Rest of the damage deposit released' }, now);
        }
        return must(bookingId);
      }).immediate();
    },
  };
}
