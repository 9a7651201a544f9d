import { randomBytes, randomUUID } from 'node:crypto';
import type { AgreementAcceptance } from '../../booking/agreement.js';
import type { Booking, BookingKind, BookingRefund, BookingStatus, NewBookingInquiry, StripePaymentDetails } from '../../booking/bookings.js';
import type { CancellationPolicy } from '../../settings/cancellation-policy.js';
import type { BalanceState, BalanceStatus } from '../../pricing/payment-schedule.js';
import type { PriceBreakdown } from '../../pricing/pricing.js';
import type { Db } from '../platform/database.js';
import { manualPaymentStatus } from '../../booking/bookings.js';
import { stayNetPaidCents, type LedgerEntry, type LedgerSummary, type NewLedgerEntry, type OfflineMethod } from '../../booking/ledger.js';
import type { FailedRefund, RefundWithParts } from '../../booking/ports.js';
import { partStatusOf, refundProgress, refundStatusOf, unfinishedRefundView, type PlannedPart, type RefundPart, type RefundPartStatus, type UnfinishedRefund } from '../../booking/refund-plan.js';
import { bookingIdOfIntent, ledgerSummary, recordLedgerEntry } from './ledger-store.js';
import { changeRefundNote } from '../../booking/stays/booking-change-words.js';
import { lateRefundNote } from '../../booking/payments/late-payments.js';

interface Row {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  location: string;
  ip_address: string;
  checkin: string;
  checkout: string;
  guests: number;
  message: string;
  special_requests: string;
  payment_status: string;
  stripe_payment_intent_id: string | null;
  stripe_payment_details: string | null;
  quote_json: string | null;
  created_at: string;
  kind: BookingKind;
  cancelled_at: string | null;
  cancelled_by: 'owner' | 'guest' | null;
  cancel_reason: string;
  cancellation_policy_json: string | null;
  notes: string;
  guest_token: string;
  dispute_status: string | null;
  stripe_customer_id?: string | null;
  stripe_payment_method_id?: string | null;
  balance_attempts?: number;
  balance_next_attempt_at?: string | null;
  balance_last_error?: string | null;
  balance_paid_at?: string | null;
  balance_intent_id?: string | null;
  agreement_version: number | null;
  agreement_signed_name: string | null;
  agreement_signed_at: string | null;
  agreement_ip: string | null;
  agreement_user_agent: string | null;
}

/** [payments.balance]: the balance of a booking paid in two parts, from its row; null when paid in full. */
function balanceOf(r: Row, quote: PriceBreakdown | null): BalanceState | null {
  const schedule = quote?.paymentSchedule;
  if (!schedule || r.kind !== 'direct' || !PAID_STATUSES.has(r.payment_status)) return null;
  const status: BalanceStatus = r.balance_paid_at ? 'paid' : r.cancelled_at ? 'cancelled' : r.balance_last_error ? 'failed' : 'scheduled';
  return {
    status,
    amountCents: schedule.balanceCents,
    dueDate: schedule.balanceDueDate,
    attempts: r.balance_attempts ?? 0,
    nextAttemptAt: r.balance_next_attempt_at ?? null,
    lastError: r.balance_last_error ?? null,
    paidAt: r.balance_paid_at ?? null,
    paymentIntentId: r.balance_intent_id ?? null,
  };
}

/** [agreement.record]: the acceptance a booking keeps, null without one. */
function agreementOf(r: Row): AgreementAcceptance | null {
  if (r.agreement_version === null) return null;
  return {
    version: r.agreement_version,
    signedName: r.agreement_signed_name ?? '',
    signedAt: r.agreement_signed_at ?? '',
    ipAddress: r.agreement_ip ?? '',
    userAgent: r.agreement_user_agent ?? '',
  };
}

/**
 * Stores a booking's rental-agreement acceptance ([agreement.record]) unless it already has one
 * (the first confirmation's is kept).
 */
export function recordBookingAgreement(db: Db, bookingId: number, agreement: AgreementAcceptance): void {
  db.prepare(
    `UPDATE booking_inquiries SET agreement_version = ?, agreement_signed_name = ?, agreement_signed_at = ?, agreement_ip = ?, agreement_user_agent = ?
       WHERE id = ? AND agreement_version IS NULL`,
  ).run(agreement.version, agreement.signedName, agreement.signedAt, agreement.ipAddress, agreement.userAgent, bookingId);
}

/** Payment statuses of a direct booking whose guest paid (refunds after paying included). */
const PAID_STATUSES = new Set(['paid', 'partially_refunded', 'refunded']);

/** [bookings.status]: where a booking stands, from its row. */
function statusOf(r: Pick<Row, 'cancelled_at' | 'kind' | 'payment_status' | 'stripe_payment_intent_id'>): BookingStatus {
  if (r.cancelled_at) return 'cancelled';
  if (r.kind !== 'direct' || PAID_STATUSES.has(r.payment_status)) return 'confirmed';
  return r.stripe_payment_intent_id ? 'pending' : 'inquiry';
}

/** A new random token for a guest's page or a payment link: 192 bits, URL-safe. */
export function newBookingToken(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * The payment status the owner reads ([bookings.payment-status], [money.ledger],
 * [money.status-words]), from the row's own word and the ledger's net paid against the stay's
 * (current) total: a paid booking with refunds is `refunded` when nothing is left, `paid` while
 * what is left still pays its total in full (a shortened stay refunded the difference), else
 * `partially_refunded`; a phone booking is `paid`, `partially_paid` or `unpaid` by its net paid.
 */
function paymentStatusOf(r: Pick<Row, 'kind' | 'payment_status' | 'quote_json' | 'cancelled_at'>, money: LedgerSummary, quote: PriceBreakdown | null): string {
  const net = stayNetPaidCents(money);
  if (r.kind === 'manual' && quote) {
    if (money.refundedCents > 0 && net <= 0 && money.stayPaidCents > 0) return 'refunded';
    return manualPaymentStatus(Math.max(0, net), quote.totalCents);
  }
  if (r.kind === 'direct' && PAID_STATUSES.has(r.payment_status)) {
    if (money.refundedCents <= 0) return 'paid';
    if (net <= 0) return 'refunded';
    // A refund that leaves the (new) total paid in full refunded only what the stay no longer costs.
    if (!r.cancelled_at && quote && net >= quote.totalCents) return 'paid';
    return 'partially_refunded';
  }
  return r.payment_status;
}

const toInquiry = (db: Db) => (r: Row): Booking => {
  const quote = r.quote_json ? (JSON.parse(r.quote_json) as PriceBreakdown) : null;
  const money = ledgerSummary(db, r.id);
  const booking = toInquiryWith(r, quote, money);
  // [money.refund-incomplete]: a cancellation whose refund is not finished shows on the booking.
  const open = r.cancelled_at ? undefined : openRefundOf(db, r.id);
  return open && (open.refund.status === 'requested' || open.refund.status === 'incomplete') ? { ...booking, unfinishedRefund: unfinishedRefundOf(open) } : booking;
};

const toInquiryWith = (r: Row, quote: PriceBreakdown | null, money: LedgerSummary): Booking => withSchedule(r, {
  id: r.id,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  phone: r.phone,
  location: r.location,
  ipAddress: r.ip_address,
  checkin: r.checkin,
  checkout: r.checkout,
  guests: r.guests,
  message: r.message,
  specialRequests: r.special_requests,
  createdAt: r.created_at,
  paymentStatus: paymentStatusOf(r, money, quote),
  stripePaymentIntentId: r.stripe_payment_intent_id,
  stripePaymentDetails: r.stripe_payment_details ? (JSON.parse(r.stripe_payment_details) as StripePaymentDetails) : null,
  quote,
  kind: r.kind,
  status: statusOf(r),
  amountPaidCents: money.stayPaidCents,
  refundedCents: money.refundedCents,
  cancelledAt: r.cancelled_at,
  cancelledBy: r.cancelled_by,
  cancelReason: r.cancel_reason,
  cancellationPolicy: r.cancellation_policy_json ? (JSON.parse(r.cancellation_policy_json) as CancellationPolicy) : null,
  notes: r.notes,
  guestToken: r.guest_token,
  disputeStatus: r.dispute_status,
  agreement: agreementOf(r),
});

function withSchedule(r: Row, b: Booking): Booking {
  return { ...b, stripeCustomerId: r.stripe_customer_id ?? null, stripePaymentMethodId: r.stripe_payment_method_id ?? null, balance: balanceOf(r, b.quote) };
}

/** The booking whose guest page token is `token` ([guest.page]); undefined for any other. */
export function getBookingByGuestToken(db: Db, token: string): Booking | undefined {
  const row = db.prepare('SELECT * FROM booking_inquiries WHERE guest_token = ?').get(token) as Row | undefined;
  return row ? toInquiry(db)(row) : undefined;
}

/** Every booking inquiry, newest first. */
export function listBookingInquiries(db: Db): Booking[] {
  return (db.prepare('SELECT * FROM booking_inquiries ORDER BY created_at DESC, id DESC').all() as Row[]).map(toInquiry(db));
}

export function getBookingInquiry(db: Db, id: number): Booking | undefined {
  const row = db.prepare('SELECT * FROM booking_inquiries WHERE id = ?').get(id) as Row | undefined;
  return row ? toInquiry(db)(row) : undefined;
}

export type { NewBookingInquiry } from '../../booking/bookings.js';

/** Stores an inquiry (fields already validated) and returns it. */
export function createBookingInquiry(db: Db, b: NewBookingInquiry, now: Date = new Date()): Booking {
  const result = db
    .prepare(
      `INSERT INTO booking_inquiries (first_name, last_name, email, phone, location, ip_address, checkin, checkout, guests,
         message, special_requests, payment_status, stripe_payment_intent_id, stripe_payment_details, quote_json, total_cents, created_at,
         kind, cancellation_policy_json, notes, guest_token)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(
      b.firstName,
      b.lastName,
      b.email,
      b.phone,
      b.location,
      b.ipAddress,
      b.checkin,
      b.checkout,
      b.guests,
      b.message,
      b.specialRequests,
      b.paymentStatus ?? 'pending',
      b.stripePaymentIntentId ?? null,
      b.stripePaymentDetails ? JSON.stringify(b.stripePaymentDetails) : null,
      b.quote ? JSON.stringify(b.quote) : null,
      b.quote?.totalCents ?? null,
      now.toISOString(),
      b.kind ?? 'direct',
      b.cancellationPolicy ? JSON.stringify(b.cancellationPolicy) : null,
      b.notes ?? '',
      newBookingToken(),
    );
  const id = Number(result.lastInsertRowid);
  if (b.agreement) recordBookingAgreement(db, id, b.agreement);
  // What was paid goes to the ledger ([money.ledger]): the checkout's card payment, or the money
  // the owner says a phone booking's guest paid another way ([money.offline]).
  const paid = b.amountPaidCents ?? 0;
  if (paid > 0) {
    const card = (b.kind ?? 'direct') === 'direct' && b.stripePaymentIntentId;
    recordLedgerEntry(
      db,
      id,
      card
        ? { kind: 'charge', amountCents: paid, at: now.toISOString(), source: 'stripe', stripeObjectId: b.stripePaymentIntentId, paymentIntentId: b.stripePaymentIntentId, note: 'Paid at the checkout' }
        : { kind: 'offline_payment', amountCents: paid, at: now.toISOString(), source: 'owner', method: b.offlineMethod ?? 'other', note: 'Recorded when the booking was made' },
      now,
    );
  }
  return getBookingInquiry(db, id) as Booking;
}

/**
 * The booking's own random Idempotency-Key for its admin test payment, made on first use and the
 * same afterwards (two clicks get the one PaymentIntent). Random, not the row id: ids repeat in
 * every fresh database on the same Stripe account ([checkout.idempotency]).
 */
export function testPaymentIdempotencyKey(db: Db, id: number): string {
  db.prepare('UPDATE booking_inquiries SET stripe_idempotency_key = ? WHERE id = ? AND stripe_idempotency_key IS NULL').run(randomUUID(), id);
  const row = db.prepare('SELECT stripe_idempotency_key AS key FROM booking_inquiries WHERE id = ?').get(id) as { key: string | null } | undefined;
  if (!row?.key) throw new Error(`No booking with id ${id}`);
  return row.key;
}

/** Records the PaymentIntent created for an existing inquiry (admin test payment). */
export function setBookingPaymentIntent(db: Db, id: number, paymentIntentId: string, details: StripePaymentDetails): void {
  db.prepare('UPDATE booking_inquiries SET stripe_payment_intent_id = ?, stripe_payment_details = ? WHERE id = ?').run(
    paymentIntentId,
    JSON.stringify(details),
    id,
  );
}

/**
 * Paid card bookings created since `since` whose confirmation e-mail has not gone out (a send
 * that failed gives its claim back): the confirmation-e-mail job retries them.
 */
export function listUnsentConfirmations(db: Db, since: Date): Booking[] {
  return (
    db
      .prepare(
        `SELECT * FROM booking_inquiries WHERE payment_status = 'paid' AND stripe_payment_intent_id IS NOT NULL
           AND confirmation_sent_at IS NULL AND email <> '' AND created_at >= ? ORDER BY id`,
      )
      .all(since.toISOString()) as Row[]
  ).map(toInquiry(db));
}

interface RefundRow {
  id: number;
  booking_id: number;
  stripe_refund_id: string | null;
  amount_cents: number;
  status: string;
  source: 'owner' | 'guest' | 'stripe';
  reason: string;
  idempotency_key: string;
  created_at: string;
}

const toRefund = (r: RefundRow): BookingRefund => ({
  id: r.id,
  bookingId: r.booking_id,
  stripeRefundId: r.stripe_refund_id,
  amountCents: r.amount_cents,
  status: r.status,
  source: r.source,
  reason: r.reason,
  createdAt: r.created_at,
});

/** A booking's refunds, oldest first ([booking.refund]). */
export function listBookingRefunds(db: Db, bookingId: number): BookingRefund[] {
  return (db.prepare('SELECT * FROM refunds WHERE booking_id = ? ORDER BY id').all(bookingId) as RefundRow[]).map(toRefund);
}

interface PartRow {
  id: number;
  refund_id: number;
  position: number;
  payment_intent_id: string;
  amount_cents: number;
  key_suffix: string;
  status: RefundPartStatus;
  stripe_refund_id: string | null;
  error: string;
}

const toPart = (p: PartRow): RefundPart => ({
  id: p.id,
  position: p.position,
  paymentIntentId: p.payment_intent_id,
  amountCents: p.amount_cents,
  keySuffix: p.key_suffix,
  status: p.status,
  stripeRefundId: p.stripe_refund_id,
  error: p.error,
});

/** A refund's parts in the order they are asked ([money.refund-plan]). */
export function listRefundParts(db: Db, refundId: number): RefundPart[] {
  return (db.prepare('SELECT * FROM refund_parts WHERE refund_id = ? ORDER BY position').all(refundId) as PartRow[]).map(toPart);
}

const withParts = (db: Db, row: RefundRow): RefundWithParts => ({ refund: toRefund(row), idempotencyKey: row.idempotency_key, parts: listRefundParts(db, row.id) });

/** The owner's view of an unfinished refund ([money.refund-incomplete]). */
const unfinishedRefundOf = (open: RefundWithParts): UnfinishedRefund => unfinishedRefundView(open.refund, open.parts);

/**
 * The refund of a cancellation that did not finish (source owner or guest, not `failed` or
 * `canceled`) of a booking, with its parts: one whose parts are still `planned` (`requested`),
 * one with a failed part (`incomplete`), or one Stripe answered (the webhook told us) whose
 * cancel stopped before it was written. Undefined when there is none.
 */
function openRefundOf(db: Db, bookingId: number): RefundWithParts | undefined {
  const open = db
    .prepare("SELECT * FROM refunds WHERE booking_id = ? AND source <> 'stripe' AND status NOT IN ('failed', 'canceled') ORDER BY id LIMIT 1")
    .get(bookingId) as RefundRow | undefined;
  return open ? withParts(db, open) : undefined;
}

/**
 * The unfinished refund of a not-cancelled booking's cancellation ([money.refund-incomplete]; see
 * `RefundStore.openRefund`); undefined when there is none or the booking is cancelled.
 */
export function openBookingRefund(db: Db, bookingId: number): RefundWithParts | undefined {
  const booking = db.prepare('SELECT cancelled_at FROM booking_inquiries WHERE id = ?').get(bookingId) as { cancelled_at: string | null } | undefined;
  if (!booking || booking.cancelled_at) return undefined;
  return openRefundOf(db, bookingId);
}

/**
 * Brings a refund's row in step with its parts ([money.refund-incomplete]): its status from
 * `refundStatusOf`, its amount the cents its moved and planned parts give back (kept when none
 * do, as the amount > 0 rule of `refunds` wants). A refund without parts (none are made so since
 * migration 0023) is left as it is.
 */
function refreshRefund(db: Db, refundId: number): void {
  const parts = listRefundParts(db, refundId);
  if (parts.length === 0) return;
  const progress = refundProgress(parts);
  const amount = progress.movedCents + progress.plannedCents;
  db.prepare('UPDATE refunds SET status = ?, amount_cents = CASE WHEN ? > 0 THEN ? ELSE amount_cents END WHERE id = ?').run(refundStatusOf(parts), amount, amount, refundId);
  // The row names Stripe's latest refund of it, as before refunds had parts (a row of a refund
  // made in Stripe's dashboard with that id keeps it).
  const latest = parts.filter((p) => p.stripeRefundId && p.status !== 'failed' && p.status !== 'dropped').pop();
  if (latest) db.prepare('UPDATE OR IGNORE refunds SET stripe_refund_id = ? WHERE id = ?').run(latest.stripeRefundId, refundId);
}

function insertParts(db: Db, refundId: number, parts: readonly PlannedPart[], now: Date): void {
  const next = (db.prepare('SELECT coalesce(max(position) + 1, 0) AS n FROM refund_parts WHERE refund_id = ?').get(refundId) as { n: number }).n;
  const insert = db.prepare(
    "INSERT INTO refund_parts (refund_id, position, payment_intent_id, amount_cents, key_suffix, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'planned', ?, ?)",
  );
  parts.forEach((p, i) => {
    if (!Number.isSafeInteger(p.amountCents) || p.amountCents <= 0) throw new RangeError(`a refund part is whole cents > 0, got ${p.amountCents}`);
    insert.run(refundId, next + i, p.paymentIntentId, p.amountCents, p.keySuffix, now.toISOString(), now.toISOString());
  });
}

/**
 * Records a refund and its plan before Stripe is asked, or answers the unfinished one of an
 * earlier cancel (see `RefundStore.startRefund` in core/src/booking/ports.ts). `plan` gets the
 * ledger as it is inside the transaction ([money.refund-plan]). One transaction.
 * @returns `nothing-to-refund` when the plan has no part (the cards can give nothing back)
 */
export function startBookingRefund(
  db: Db,
  refund: { bookingId: number; amountCents: number; source: 'owner' | 'guest'; reason: string; idempotencyKey: string },
  plan: (money: LedgerSummary) => readonly PlannedPart[],
  now: Date = new Date(),
): (RefundWithParts & { resumed: boolean }) | 'cancelled' | 'not-found' | 'nothing-to-refund' {
  return db.transaction(() => {
    const booking = db.prepare('SELECT cancelled_at FROM booking_inquiries WHERE id = ?').get(refund.bookingId) as { cancelled_at: string | null } | undefined;
    if (!booking) return 'not-found' as const;
    if (booking.cancelled_at) return 'cancelled' as const;
    const open = openRefundOf(db, refund.bookingId);
    if (open) return { ...open, resumed: true };
    const parts = plan(ledgerSummary(db, refund.bookingId));
    const amount = parts.reduce((sum, p) => sum + p.amountCents, 0);
    if (amount <= 0) return 'nothing-to-refund' as const;
    const id = Number(
      db
        .prepare("INSERT INTO refunds (booking_id, amount_cents, status, source, reason, idempotency_key, created_at) VALUES (?, ?, 'requested', ?, ?, ?, ?)")
        .run(refund.bookingId, amount, refund.source, refund.reason, refund.idempotencyKey, now.toISOString()).lastInsertRowid,
    );
    insertParts(db, id, parts, now);
    return { ...withParts(db, db.prepare('SELECT * FROM refunds WHERE id = ?').get(id) as RefundRow), resumed: false };
  }).immediate();
}

/**
 * Records Stripe's answer to one part of a refund ([money.refund-plan], [money.ledger]): a refund
 * that moved money is a ledger entry (once per Stripe refund) written with the part's status in
 * one transaction; a refusal (or a refund Stripe answered `failed` or `canceled`) marks the part
 * `failed` with Stripe's message. The refund's row follows its parts (`refundStatusOf`).
 * @returns the refund and its parts after the write
 */
export function settleBookingRefundPart(
  db: Db,
  bookingId: number,
  partId: number,
  outcome: { stripeRefundId: string; status: string; amountCents: number; note: string } | { error: string },
  now: Date = new Date(),
): RefundWithParts {
  return db.transaction(() => {
    const part = db.prepare('SELECT * FROM refund_parts WHERE id = ?').get(partId) as PartRow | undefined;
    if (!part) throw new Error(`no refund part ${partId}`);
    if ('error' in outcome) {
      // A part Stripe already made (the webhook told us) is never turned into a failure.
      db.prepare("UPDATE refund_parts SET status = 'failed', error = ?, updated_at = ? WHERE id = ? AND status = 'planned'").run(outcome.error, now.toISOString(), partId);
    } else {
      const status = partStatusOf(outcome.status);
      if (status !== 'failed' && outcome.amountCents > 0) {
        recordLedgerEntry(
          db,
          bookingId,
          { kind: 'refund', amountCents: outcome.amountCents, at: now.toISOString(), source: 'stripe', stripeObjectId: outcome.stripeRefundId, paymentIntentId: part.payment_intent_id, note: outcome.note },
          now,
        );
      }
      db.prepare("UPDATE refund_parts SET status = ?, stripe_refund_id = ?, error = ?, updated_at = ? WHERE id = ? AND status IN ('planned', 'failed', 'pending', 'requires_action', 'succeeded')").run(
        status,
        outcome.stripeRefundId,
        status === 'failed' ? `Stripe answered the refund as ${outcome.status}` : '',
        now.toISOString(),
        partId,
      );
    }
    refreshRefund(db, part.refund_id);
    return withParts(db, db.prepare('SELECT * FROM refunds WHERE id = ?').get(part.refund_id) as RefundRow);
  }).immediate();
}

/**
 * Changes what an incomplete refund gives back ([money.refund-incomplete]; see
 * `RefundStore.reviseRefund`): its failed parts become `dropped` and the parts `plan` gives (from
 * the ledger inside the transaction) are added as `planned`. One transaction.
 */
export function reviseBookingRefund(db: Db, refundId: number, plan: (money: LedgerSummary, parts: RefundPart[]) => readonly PlannedPart[], now: Date = new Date()): RefundWithParts {
  return db.transaction(() => {
    const row = db.prepare('SELECT * FROM refunds WHERE id = ?').get(refundId) as RefundRow | undefined;
    if (!row) throw new Error(`no refund ${refundId}`);
    const parts = listRefundParts(db, refundId);
    const added = plan(ledgerSummary(db, row.booking_id), parts);
    db.prepare("UPDATE refund_parts SET status = 'dropped', updated_at = ? WHERE refund_id = ? AND status = 'failed'").run(now.toISOString(), refundId);
    insertParts(db, refundId, added, now);
    refreshRefund(db, refundId);
    return withParts(db, db.prepare('SELECT * FROM refunds WHERE id = ?').get(refundId) as RefundRow);
  }).immediate();
}

/**
 * Cancels a booking, recording Stripe's answer on its refund and the owner's offline refund
 * first, in one transaction ([booking.cancel], [booking.refund], [money.offline-refund]; see
 * `RefundStore.completeCancellation`).
 * @returns the cancelled booking; undefined when it was already cancelled or does not exist
 */
export function completeBookingCancellation(
  db: Db,
  bookingId: number,
  cancel: {
    by: 'owner' | 'guest';
    reason: string;
    refund?: { id: number; stripeRefundId: string; status: string } | undefined;
    offlineRefund?: { amountCents: number; method: OfflineMethod; note: string } | undefined;
  },
  now: Date = new Date(),
): Booking | undefined {
  return db.transaction(() => {
    const row = db.prepare('SELECT cancelled_at FROM booking_inquiries WHERE id = ?').get(bookingId) as { cancelled_at: string | null } | undefined;
    if (!row || row.cancelled_at) return undefined;
    if (cancel.refund) {
      // The webhook may have recorded this Stripe refund already on a row of its own: keep one.
      db.prepare("DELETE FROM refunds WHERE stripe_refund_id = ? AND id <> ? AND source = 'stripe'").run(cancel.refund.stripeRefundId, cancel.refund.id);
      db.prepare('UPDATE refunds SET stripe_refund_id = ?, status = ? WHERE id = ?').run(cancel.refund.stripeRefundId, cancel.refund.status, cancel.refund.id);
      // A refund with a plan takes its status from its parts ([money.refund-incomplete]).
      refreshRefund(db, cancel.refund.id);
    }
    if (cancel.offlineRefund && cancel.offlineRefund.amountCents > 0) {
      recordLedgerEntry(
        db,
        bookingId,
        { kind: 'offline_refund', amountCents: cancel.offlineRefund.amountCents, at: now.toISOString(), source: 'owner', method: cancel.offlineRefund.method, note: cancel.offlineRefund.note },
        now,
      );
    }
    db.prepare('UPDATE booking_inquiries SET cancelled_at = ?, cancelled_by = ?, cancel_reason = ? WHERE id = ?').run(now.toISOString(), cancel.by, cancel.reason, bookingId);
    return getBookingInquiry(db, bookingId);
  }).immediate();
}

/**
 * Keeps the booking of a PaymentIntent in step with its charge's refunds ([stripe.refund-webhook];
 * see `RefundStore.syncChargeRefunds`). One transaction; idempotent.
 */
export function syncChargeRefunds(
  db: Db,
  paymentIntentId: string,
  charge: {
    amountRefundedCents: number;
    refunds: { id: string; amountCents: number; status: string; metadata: Record<string, string>; created?: string | undefined; failureReason?: string | null | undefined }[];
  },
  now: Date = new Date(),
): { before: Booking; after: Booking; added: BookingRefund[]; failed: FailedRefund[] } | undefined {
  return db.transaction(() => {
    // Any PaymentIntent of the booking: the checkout's, a balance's, a payment link's ([money.ledger]).
    const bookingId = bookingIdOfIntent(db, paymentIntentId);
    if (bookingId === undefined) return undefined;
    const found = { id: bookingId };
    const before = getBookingInquiry(db, found.id) as Booking;
    const added: BookingRefund[] = [];
    const failed: FailedRefund[] = [];
    for (const r of charge.refunds) {
      // [money.refund-failed]: a refund the ledger holds that Stripe now reports failed (or
      // canceled) gave nothing back: its reversing entry, once per Stripe refund.
      if ((r.status === 'failed' || r.status === 'canceled') && r.amountCents > 0) {
        const recorded = db.prepare("SELECT amount_cents, at FROM money_entries WHERE kind = 'refund' AND stripe_object_id = ? AND booking_id = ?").get(r.id, found.id) as
          | { amount_cents: number; at: string }
          | undefined;
        const note = `Refund ${r.status} at Stripe${r.failureReason ? `: ${r.failureReason.replace(/_/g, ' ')}` : ''}`;
        // Stripe gives no time for the failure: now, never before the refund it reverses.
        const at = recorded && recorded.at > now.toISOString() ? recorded.at : now.toISOString();
        if (recorded && recordLedgerEntry(db, found.id, { kind: 'refund_failed', amountCents: recorded.amount_cents, at, source: 'stripe', stripeObjectId: r.id, paymentIntentId, note }, now).created) {
          failed.push({ stripeRefundId: r.id, amountCents: recorded.amount_cents, status: r.status, reason: r.failureReason ?? null });
        }
      }
      // A part of one of our refunds ([money.refund-plan]): by its Stripe id, else by our key and
      // its PaymentIntent while it waits for Stripe's answer. Its answer is recorded as the
      // cancel would record it; no refund row of its own.
      const part =
        (db.prepare('SELECT p.* FROM refund_parts p WHERE p.stripe_refund_id = ?').get(r.id) as PartRow | undefined) ??
        (r.metadata.ridgeline_refund_key
          ? (db
              .prepare(
                `SELECT p.* FROM refund_parts p JOIN refunds f ON f.id = p.refund_id
                 WHERE f.booking_id = ? AND f.idempotency_key = ? AND p.payment_intent_id = ? AND p.status = 'planned' ORDER BY p.position LIMIT 1`,
              )
              .get(found.id, r.metadata.ridgeline_refund_key, paymentIntentId) as PartRow | undefined)
          : undefined);
      if (part) {
        if (isLiveRefundStatus(r.status) && r.amountCents > 0) {
          // The words the cancel gives its own answer, so the Money section says why whichever comes first.
          const note = refundNoteOf(db, part.refund_id);
          recordLedgerEntry(db, found.id, { kind: 'refund', amountCents: r.amountCents, at: r.created ?? now.toISOString(), source: 'stripe', stripeObjectId: r.id, paymentIntentId, note }, now);
        }
        if (part.status === 'planned' || isLiveRefundStatus(part.status)) {
          const status = partStatusOf(r.status);
          db.prepare('UPDATE refund_parts SET status = ?, stripe_refund_id = ?, error = ?, updated_at = ? WHERE id = ?').run(
            status,
            r.id,
            status === 'failed' ? `Stripe answered the refund as ${r.status}` : '',
            now.toISOString(),
            part.id,
          );
          refreshRefund(db, part.refund_id);
        }
        continue;
      }
      const known =
        (db.prepare('SELECT id FROM refunds WHERE stripe_refund_id = ?').get(r.id) as { id: number } | undefined) ??
        (r.metadata.ridgeline_refund_key
          ? (db.prepare('SELECT id FROM refunds WHERE booking_id = ? AND idempotency_key = ? AND stripe_refund_id IS NULL').get(found.id, r.metadata.ridgeline_refund_key) as
              | { id: number }
              | undefined)
          : undefined);
      // Money that went back is a ledger entry, once per Stripe refund ([money.ledger]); one we
      // did not ask for (no key of ours) was made in Stripe's dashboard, and the entry says so.
      if (isLiveRefundStatus(r.status) && r.amountCents > 0) {
        const note = known ? refundNoteOf(db, known.id) : ourRefundNote(db, r.metadata);
        recordLedgerEntry(db, found.id, { kind: 'refund', amountCents: r.amountCents, at: r.created ?? now.toISOString(), source: 'stripe', stripeObjectId: r.id, paymentIntentId, note }, now);
      }
      if (known) {
        db.prepare('UPDATE refunds SET stripe_refund_id = ?, status = ? WHERE id = ?').run(r.id, r.status, known.id);
      } else if (r.amountCents > 0 && r.metadata.ridgeline_late_refund !== 'true' && r.metadata.ridgeline_change_refund !== 'true') {
        // A refund of ours made outside a cancellation (a late payment given back, a change's
        // difference, [booking.change-money]) is in the
        // ledger already; only a refund made in Stripe's dashboard becomes a refunds row.
        const id = db
          .prepare("INSERT INTO refunds (booking_id, stripe_refund_id, amount_cents, status, source, idempotency_key, created_at) VALUES (?, ?, ?, ?, 'stripe', ?, ?)")
          .run(found.id, r.id, r.amountCents, r.status, `stripe-${r.id}`, now.toISOString()).lastInsertRowid;
        added.push(toRefund(db.prepare('SELECT * FROM refunds WHERE id = ?').get(id) as RefundRow));
      }
    }
    return { before, after: getBookingInquiry(db, found.id) as Booking, added, failed };
  }).immediate();
}

/**
 * Flags the booking of a disputed PaymentIntent ([stripe.dispute]) or records its new status
 * ([stripe.dispute-closed]).
 * @returns the booking, whether it was not flagged before and its dispute status before the call; undefined for a PaymentIntent of no booking
 */
export function recordBookingDispute(
  db: Db,
  paymentIntentId: string,
  dispute: { status: string; id?: string | undefined; amountCents?: number | undefined; created?: string | undefined },
  now: Date = new Date(),
): { booking: Booking; opened: boolean; previousStatus: string | null } | undefined {
  return db.transaction(() => {
    const bookingId = bookingIdOfIntent(db, paymentIntentId);
    const row =
      bookingId === undefined
        ? undefined
        : (db.prepare('SELECT id, disputed_at, dispute_status FROM booking_inquiries WHERE id = ?').get(bookingId) as { id: number; disputed_at: string | null; dispute_status: string | null });
    if (!row) return undefined;
    recordDisputeMoney(db, row.id, paymentIntentId, dispute, now);
    // A closed outcome is final: a late `created` (events come in any order) does not reopen it.
    const closed = ['won', 'lost', 'warning_closed'];
    const status = row.dispute_status && closed.includes(row.dispute_status) && !closed.includes(dispute.status) ? row.dispute_status : dispute.status;
    db.prepare('UPDATE booking_inquiries SET dispute_status = ?, disputed_at = coalesce(disputed_at, ?) WHERE id = ?').run(status, now.toISOString(), row.id);
    return { booking: getBookingInquiry(db, row.id) as Booking, opened: row.disputed_at === null, previousStatus: row.dispute_status };
  }).immediate();
}

/** Stripe's refund statuses that moved (or are moving) money back. */
function isLiveRefundStatus(status: string): boolean {
  return status === 'pending' || status === 'requires_action' || status === 'succeeded';
}

/**
 * A dispute's money in the ledger ([money.ledger], [stripe.dispute]): `dispute_opened` once Stripe
 * took the amount back (every status but an inquiry's `warning_*`), then `dispute_won` (given
 * back) or `dispute_lost` (kept), each once per dispute id. A dispute without its id or amount
 * (an old caller) records nothing.
 */
function recordDisputeMoney(db: Db, bookingId: number, paymentIntentId: string, dispute: { status: string; id?: string | undefined; amountCents?: number | undefined; created?: string | undefined }, now: Date): void {
  if (!dispute.id || dispute.amountCents === undefined || dispute.status.startsWith('warning_')) return;
  const at = dispute.created ?? now.toISOString();
  const base = { amountCents: dispute.amountCents, source: 'stripe' as const, stripeObjectId: dispute.id, paymentIntentId };
  recordLedgerEntry(db, bookingId, { ...base, kind: 'dispute_opened', at }, now);
  if (dispute.status === 'won') recordLedgerEntry(db, bookingId, { ...base, kind: 'dispute_won', at: now.toISOString() }, now);
  if (dispute.status === 'lost') recordLedgerEntry(db, bookingId, { ...base, kind: 'dispute_lost', at: now.toISOString() }, now);
}

/**
 * Records money on a booking's ledger in its own transaction ([money.ledger]); see
 * `recordLedgerEntry` (a Stripe object once per kind).
 */
export function recordBookingMoney(db: Db, bookingId: number, entry: NewLedgerEntry, now: Date = new Date()): { entry: LedgerEntry; created: boolean } {
  return db.transaction(() => recordLedgerEntry(db, bookingId, entry, now)).immediate();
}

/**
 * The Money section's words for a refund without a `refunds` row, from its metadata: a change's
 * refund (`ridgeline_change_refund`) as the change records it, a late or second payment given
 * back (`ridgeline_late_refund`) as the late-payment job records it, else one made in Stripe's
 * dashboard.
 */
function ourRefundNote(db: Db, metadata: Record<string, string>): string | undefined {
  if (metadata.ridgeline_change_refund === 'true') {
    const change = db.prepare('SELECT id, new_checkin AS checkin, new_checkout AS checkout, new_guests AS guests FROM booking_changes WHERE id = ?').get(Number(metadata.changeId)) as
      | { id: number; checkin: string; checkout: string; guests: number }
      | undefined;
    return change ? changeRefundNote(change.id, change) : undefined;
  }
  if (metadata.ridgeline_late_refund === 'true') return lateRefundNote(metadata.reason);
  return 'Refund made at Stripe';
}

/**
 * The Money section's words for a refund of ours (a `refunds` row): the owner's or guest's reason,
 * else who cancelled, as the cancellation records its own answer (core/src/booking/cancellation/cancellation.ts).
 */
function refundNoteOf(db: Db, refundId: number): string | undefined {
  const row = db.prepare('SELECT reason, source FROM refunds WHERE id = ?').get(refundId) as { reason: string; source: string } | undefined;
  if (!row) return undefined;
  return row.reason || (row.source === 'stripe' ? 'Refund made at Stripe' : `Cancelled by the ${row.source}`);
}
