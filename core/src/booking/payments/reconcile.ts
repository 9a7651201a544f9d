/**
 * The reconciliation of the money ledger with Stripe ([money.reconcile]): for one booking, every
 * PaymentIntent Stripe holds for it is read back (its charges, refunds and disputes) and compared
 * with the booking's ledger. What Stripe did that the ledger misses (a refund made in Stripe's
 * dashboard, a dispute whose webhook never came) is added with source `reconcile`; what cannot be
 * explained is a finding shown to the owner until a later run no longer finds it. Entries are never
 * edited or deleted (the ledger is append-only). Browser-safe plain TypeScript over injected ports;
 * run by the `reconcile` job (web/server/booking/reconcile.ts), one booking at a time.
 */
import type { LedgerEntry, LedgerKind, NewLedgerEntry } from '../ledger.js';
import { PaymentProviderError, type PaymentGateway, type PaymentIntentMoney } from '../payment-gateway.js';
import type { LoggerPort } from '../ports.js';
import { formatCents } from '../../pricing/pricing.js';

/** How far back the reconciliation looks for Stripe activity ([money.reconcile]): 120 days, ms. */
export const RECONCILE_WINDOW_MS = 120 * 24 * 60 * 60 * 1000;

/** Something the reconciliation could not explain ([money.reconcile]), as shown to the owner. */
export interface ReconcileFinding {
  id: number;
  bookingId: number | null;
  paymentIntentId: string | null;
  text: string;
  /** ISO 8601 UTC */
  foundAt: string;
  /** ISO 8601 UTC; null while open */
  resolvedAt: string | null;
}

export interface ReconcileStore {
  /** Bookings with Stripe activity (entries, PaymentIntents made or recorded) at or after `since`, oldest first. */
  listBookingsToReconcile(since: Date): number[];
  /** Every PaymentIntent the booking is known to have locally (its columns, damage deposit, ledger). */
  intentIdsOf(bookingId: number): string[];
  /** The checkout hold of the booking's PaymentIntent, null when none (a phone booking). */
  holdIdOf(bookingId: number): number | null;
  /** The booking a checkout hold became, if any. */
  bookingIdOfHold(holdId: number): number | undefined;
  /** The booking's entries, oldest first. */
  entriesOf(bookingId: number): LedgerEntry[];
  /** The entry of a Stripe object of that kind, whichever booking it is on. */
  findEntry(kind: LedgerKind, stripeObjectId: string): LedgerEntry | undefined;
  recordMoney(bookingId: number, entry: NewLedgerEntry, now: Date): { created: boolean };
  /** The booking's findings still open. */
  openFindings(bookingId: number): ReconcileFinding[];
  addFinding(bookingId: number, paymentIntentId: string | null, text: string, now: Date): ReconcileFinding;
  resolveFinding(id: number, now: Date): void;
}

export interface ReconcilePorts {
  store: ReconcileStore;
  payments: PaymentGateway | undefined;
  logger: LoggerPort;
  now: () => Date;
  /** Tells the owner (an owner notice of kind `money`), once per finding (`dedupeKey`). */
  notifyOwner?: (bookingId: number, subject: string, text: string, dedupeKey: string) => void;
}

/** What one booking's reconciliation did. */
export interface BookingReconcileResult {
  bookingId: number;
  /** entries added with source `reconcile` */
  added: NewLedgerEntry[];
  /** findings opened by this run */
  opened: ReconcileFinding[];
  /** ids of findings this run no longer found */
  resolved: number[];
  /** the booking's findings open after the run */
  open: number;
}

/** What Stripe says should be in the ledger for one of its objects. */
interface Expected {
  kind: LedgerKind;
  stripeObjectId: string;
  amountCents: number;
  at: string;
  note: string;
}

interface Problem {
  paymentIntentId: string | null;
  text: string;
}

/** Refund statuses that moved money or will (a failed or canceled one gave nothing back). */
const LIVE_REFUND = new Set(['pending', 'requires_action', 'succeeded']);
const STRIPE_KINDS: ReadonlySet<LedgerKind> = new Set(['charge', 'refund', 'refund_failed', 'dispute_opened', 'dispute_won', 'dispute_lost', 'authorization', 'capture', 'release']);
const KIND_WORDS: Readonly<Record<LedgerKind, string>> = {
  charge: 'a charge',
  refund: 'a refund',
  refund_failed: 'a failed refund',
  dispute_opened: 'a dispute opened',
  dispute_won: 'a dispute won',
  dispute_lost: 'a dispute lost',
  authorization: 'an authorization',
  capture: 'a capture',
  release: 'a release',
  offline_payment: 'an offline payment',
  offline_refund: 'an offline refund',
};

/**
 * The entries Stripe's objects of one PaymentIntent call for ([money.reconcile]), in the
 * conventions of the writers: a `charge` (object: the PaymentIntent) of what its succeeded charges
 * took; for a manual capture (a damage deposit) the `authorization`, `capture` and `release`
 * instead; a `refund` per refund that is pending or succeeded (`re_…`); for a refund that failed
 * or was canceled after the ledger recorded it (`recordedRefunds`), that `refund` and its
 * `refund_failed` ([money.refund-failed]); `dispute_opened` per dispute that is not an inquiry
 * (`dp_…`), and `dispute_won` / `dispute_lost` once closed.
 * @param recordedRefunds the `re_…` ids the ledger has a `refund` entry for
 */
export function expectedEntries(money: PaymentIntentMoney, now: Date, recordedRefunds: ReadonlySet<string> = new Set()): Expected[] {
  const pi = money.intent.id;
  const out: Expected[] = [];
  // Stripe gives no time for a capture, release or a dispute's close: now, never before what it follows.
  const after = (iso: string | undefined) => (iso && iso > now.toISOString() ? iso : now.toISOString());
  const succeeded = money.charges.filter((c) => c.status === 'succeeded');
  if (money.captureMethod === 'manual') {
    const authorized = succeeded.reduce((s, c) => s + c.amountCents, 0);
    const captured = succeeded.reduce((s, c) => s + (c.captured ? c.amountCapturedCents : 0), 0);
    const anyCaptured = succeeded.some((c) => c.captured);
    if (authorized > 0) {
      out.push({ kind: 'authorization', stripeObjectId: pi, amountCents: authorized, at: succeeded[0]!.created, note: 'Damage deposit held (found at Stripe)' });
      if (anyCaptured && captured > 0) out.push({ kind: 'capture', stripeObjectId: pi, amountCents: captured, at: after(succeeded[0]!.created), note: 'Damage claimed (found at Stripe)' });
      // The rest of an authorization is let go when it is captured in part, or cancelled.
      const released = anyCaptured ? authorized - captured : money.intent.status === 'canceled' ? authorized : 0;
      if (released > 0) out.push({ kind: 'release', stripeObjectId: pi, amountCents: released, at: after(succeeded[0]!.created), note: 'Damage deposit released (found at Stripe)' });
    }
  } else {
    const taken = succeeded.reduce((s, c) => s + c.amountCapturedCents, 0);
    if (taken > 0) out.push({ kind: 'charge', stripeObjectId: pi, amountCents: taken, at: succeeded[0]!.created, note: 'Card payment (found at Stripe)' });
  }
  for (const charge of money.charges) {
    for (const r of charge.refunds) {
      if (r.amountCents <= 0) continue;
      const live = LIVE_REFUND.has(r.status);
      if (!live && !recordedRefunds.has(r.id)) continue;
      out.push({ kind: 'refund', stripeObjectId: r.id, amountCents: r.amountCents, at: r.created ?? now.toISOString(), note: 'Refund made at Stripe (found at Stripe)' });
      if (!live) out.push({ kind: 'refund_failed', stripeObjectId: r.id, amountCents: r.amountCents, at: after(r.created), note: `Refund ${r.status}${r.failureReason ? `: ${r.failureReason.replace(/_/g, ' ')}` : ''} (found at Stripe)` });
    }
  }
  for (const d of money.disputes) {
    if (d.status.startsWith('warning_')) continue;
    out.push({ kind: 'dispute_opened', stripeObjectId: d.id, amountCents: d.amountCents, at: d.created ?? now.toISOString(), note: `Dispute opened: ${d.reason} (found at Stripe)` });
    if (d.status === 'won') out.push({ kind: 'dispute_won', stripeObjectId: d.id, amountCents: d.amountCents, at: after(d.created), note: 'Dispute won (found at Stripe)' });
    if (d.status === 'lost') out.push({ kind: 'dispute_lost', stripeObjectId: d.id, amountCents: d.amountCents, at: after(d.created), note: 'Dispute lost (found at Stripe)' });
  }
  return out;
}

/** The booking Stripe's metadata gives a PaymentIntent (`bookingId`, or the booking its checkout `holdId` became). */
function bookingOfMetadata(store: ReconcileStore, metadata: Record<string, string>, bookingId: number, holdId: number | null): number | undefined {
  const byBooking = Number(metadata.bookingId);
  if (metadata.bookingId && Number.isSafeInteger(byBooking)) return byBooking;
  const hold = Number(metadata.holdId);
  if (!metadata.holdId || !Number.isSafeInteger(hold)) return undefined;
  if (hold === holdId) return bookingId;
  return store.bookingIdOfHold(hold);
}

/**
 * Reconciles one booking with Stripe ([money.reconcile]): reads each of its PaymentIntents (the
 * ones known locally, plus Stripe's search by `bookingId` and by the checkout's `holdId`), adds
 * each missing entry with source `reconcile`, and keeps the booking's findings: a new one is
 * stored and told to the owner once, one no longer found is resolved. Nothing is edited or
 * deleted. Running it again adds nothing twice (an entry is once per Stripe object and kind).
 * @throws PaymentProviderError when Stripe cannot be read (other than a 404 for an unknown
 *   PaymentIntent, itself a finding): the booking's findings are then left as they were
 */
export async function reconcileBooking(ports: ReconcilePorts, bookingId: number): Promise<BookingReconcileResult> {
  const { store } = ports;
  const payments = ports.payments;
  const result: BookingReconcileResult = { bookingId, added: [], opened: [], resolved: [], open: 0 };
  if (!payments) return result;
  const holdId = store.holdIdOf(bookingId);
  const ids = new Set(store.intentIdsOf(bookingId));
  for (const pi of await payments.searchPaymentIntents({ bookingId })) ids.add(pi.id);
  if (holdId !== null) for (const pi of await payments.searchPaymentIntents({ holdId })) ids.add(pi.id);

  const problems: Problem[] = [];
  const now = ports.now();
  for (const paymentIntentId of ids) {
    const entries = store.entriesOf(bookingId).filter((e) => e.paymentIntentId === paymentIntentId);
    let money: PaymentIntentMoney;
    try {
      money = await payments.readPaymentIntentMoney(paymentIntentId);
    } catch (err) {
      if (err instanceof PaymentProviderError && err.statusCode === 404) {
        const recorded = entries.filter((e) => STRIPE_KINDS.has(e.kind));
        if (recorded.length > 0) problems.push({ paymentIntentId, text: `The ledger records money on PaymentIntent ${paymentIntentId}, but Stripe has no such PaymentIntent.` });
        continue;
      }
      throw err;
    }
    const owner = bookingOfMetadata(store, money.intent.metadata, bookingId, holdId);
    if (owner !== undefined && owner !== bookingId) {
      // Another booking's money: recording it here would count it twice; the owner decides.
      if (entries.some((e) => STRIPE_KINDS.has(e.kind)))
        problems.push({ paymentIntentId, text: `The ledger records money on PaymentIntent ${paymentIntentId}, but Stripe says it belongs to booking ${owner}.` });
      continue;
    }
    compareIntent(ports, bookingId, money, entries, now, problems, result);
  }

  // The findings follow what this run found: new ones opened and told once, the rest resolved.
  const open = store.openFindings(bookingId);
  const still = new Set<number>();
  for (const p of problems) {
    const known = open.find((f) => f.paymentIntentId === p.paymentIntentId && f.text === p.text);
    if (known) {
      still.add(known.id);
      continue;
    }
    const finding = store.addFinding(bookingId, p.paymentIntentId, p.text, now);
    still.add(finding.id);
    result.opened.push(finding);
    ports.logger.warn('reconciliation finding', { bookingId, paymentIntentId: p.paymentIntentId, text: p.text });
    ports.notifyOwner?.(bookingId, `Money to check on booking ${bookingId}`, `${p.text}\n\nThe reconciliation with Stripe could not explain this. Compare the booking's Money section with Stripe's dashboard; the finding closes by itself once a later run no longer finds it.`, `reconcile-finding-${finding.id}`);
  }
  for (const f of open) {
    if (still.has(f.id)) continue;
    store.resolveFinding(f.id, now);
    result.resolved.push(f.id);
  }
  result.open = still.size;
  return result;
}

/** Compares one PaymentIntent's money at Stripe with its ledger entries; adds what is missing, notes the rest. */
function compareIntent(ports: ReconcilePorts, bookingId: number, money: PaymentIntentMoney, entries: LedgerEntry[], now: Date, problems: Problem[], result: BookingReconcileResult): void {
  const pi = money.intent.id;
  const expected = expectedEntries(money, now, new Set(entries.filter((e) => e.kind === 'refund' && e.stripeObjectId).map((e) => e.stripeObjectId as string)));
  // Refunds recorded before the ledger without Stripe's refund id explain Stripe refunds up to their sum.
  let unattributed = entries.filter((e) => e.kind === 'refund' && !e.stripeObjectId).reduce((s, e) => s + e.amountCents, 0);
  for (const want of expected) {
    const here = entries.find((e) => e.kind === want.kind && e.stripeObjectId === want.stripeObjectId);
    if (here) {
      if (here.amountCents !== want.amountCents)
        problems.push({ paymentIntentId: pi, text: `The ledger records ${KIND_WORDS[want.kind]} of ${formatCents(here.amountCents)} for ${want.stripeObjectId}, but Stripe says ${formatCents(want.amountCents)}.` });
      continue;
    }
    const elsewhere = ports.store.findEntry(want.kind, want.stripeObjectId);
    if (elsewhere) {
      problems.push({ paymentIntentId: pi, text: `Stripe's ${want.stripeObjectId} (${KIND_WORDS[want.kind]} of ${formatCents(want.amountCents)}) is recorded on booking ${elsewhere.bookingId}, not this one.` });
      continue;
    }
    if (want.kind === 'refund' && unattributed >= want.amountCents) {
      unattributed -= want.amountCents;
      continue;
    }
    const entry: NewLedgerEntry = { kind: want.kind, amountCents: want.amountCents, at: want.at, source: 'reconcile', stripeObjectId: want.stripeObjectId, paymentIntentId: pi, note: want.note };
    if (ports.store.recordMoney(bookingId, entry, now).created) {
      result.added.push(entry);
      // A webhook was missed or Stripe's dashboard was used: worth a line in the log.
      ports.logger.warn('reconciliation added a ledger entry', { bookingId, kind: want.kind, stripeObjectId: want.stripeObjectId, amountCents: want.amountCents });
    }
  }
  if (unattributed > 0) problems.push({ paymentIntentId: pi, text: `The ledger records ${formatCents(unattributed)} of refunds on ${pi} that Stripe does not show.` });
  const refunds = new Map(money.charges.flatMap((c) => c.refunds).map((r) => [r.id, r]));
  const disputes = new Map(money.disputes.map((d) => [d.id, d]));
  for (const e of entries) {
    if (!STRIPE_KINDS.has(e.kind) || !e.stripeObjectId) continue;
    if (expected.some((w) => w.kind === e.kind && w.stripeObjectId === e.stripeObjectId)) continue;
    const amount = formatCents(e.amountCents);
    let text: string;
    if (e.kind === 'refund') {
      const r = refunds.get(e.stripeObjectId);
      text = r ? `The ledger records a refund of ${amount} (${e.stripeObjectId}), but Stripe says it ${r.status}.` : `The ledger records a refund of ${amount} (${e.stripeObjectId}) that Stripe does not show on ${pi}.`;
    } else if (e.kind.startsWith('dispute_')) {
      const d = disputes.get(e.stripeObjectId);
      text = d ? `The ledger records ${KIND_WORDS[e.kind]} of ${amount} (${e.stripeObjectId}), but Stripe says the dispute is ${d.status}.` : `The ledger records ${KIND_WORDS[e.kind]} of ${amount} (${e.stripeObjectId}) that Stripe does not show on ${pi}.`;
    } else if (e.kind === 'charge') {
      text = `The ledger records a charge of ${amount} on ${pi}, but Stripe says it never succeeded (status ${money.intent.status}).`;
    } else {
      text = `The ledger records ${KIND_WORDS[e.kind]} of ${amount} on ${pi}, but Stripe does not show it (status ${money.intent.status}).`;
    }
    problems.push({ paymentIntentId: pi, text });
  }
}

/** What a run over every booking did ([money.reconcile]). */
export interface ReconcileRunResult {
  bookings: number;
  added: number;
  opened: number;
  resolved: number;
  /** bookings Stripe could not be read for (retried next run) */
  failed: { bookingId: number; error: string }[];
}

/**
 * Reconciles every booking with Stripe activity in the last 120 days by the injected clock
 * ([money.reconcile]), one booking after another so Stripe is read politely. A booking Stripe
 * cannot be read for is logged and named in `failed`; the others go on.
 */
export async function reconcileBookings(ports: ReconcilePorts): Promise<ReconcileRunResult> {
  const result: ReconcileRunResult = { bookings: 0, added: 0, opened: 0, resolved: 0, failed: [] };
  if (!ports.payments) return result;
  const since = new Date(ports.now().getTime() - RECONCILE_WINDOW_MS);
  for (const bookingId of ports.store.listBookingsToReconcile(since)) {
    try {
      const one = await reconcileBooking(ports, bookingId);
      result.bookings += 1;
      result.added += one.added.length;
      result.opened += one.opened.length;
      result.resolved += one.resolved.length;
    } catch (err) {
      ports.logger.error('reconciling a booking with Stripe failed', { bookingId, err });
      result.failed.push({ bookingId, error: err instanceof Error ? err.message : String(err) });
    }
  }
  return result;
}
