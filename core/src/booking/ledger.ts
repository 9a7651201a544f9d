/**
 * The money ledger of a booking ([money.ledger]): every amount that moved, one append-only entry
 * each, and what is computed from them — paid, refunded, disputed, refundable per PaymentIntent,
 * balance due, and the running balance. Browser-safe plain TypeScript: the SQLite store
 * (`core/src/node/booking/ledger-store.ts`) keeps the entries, every payment feature writes
 * through it, and every screen, report and refund plan reads these sums, never a second copy.
 */

/**
 * What an entry records ([money.ledger]):
 * - `charge`: a card PaymentIntent succeeded (the checkout, a deposit, a balance, a payment link);
 * - `refund`: Stripe refunded part of a card payment (`re_…`);
 * - `refund_failed`: Stripe later reported that refund `failed` (or `canceled`) after it was
 *   pending: the money came back to the owner's balance, reversing the refund's entry (same `re_…`,
 *   [money.refund-failed]);
 * - `dispute_opened` / `dispute_won` / `dispute_lost`: a chargeback (`dp_…`) took the amount back,
 *   gave it back, or kept it;
 * - `authorization` / `capture` / `release`: a damage-deposit hold placed on the card, the part the
 *   owner claimed, the part let go;
 * - `offline_payment` / `offline_refund`: cash, check, bank transfer or other money the owner recorded.
 */
export const LEDGER_KINDS = [
  'charge',
  'refund',
  'refund_failed',
  'dispute_opened',
  'dispute_won',
  'dispute_lost',
  'authorization',
  'capture',
  'release',
  'offline_payment',
  'offline_refund',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** The owner's words for each kind (the Money section, the evidence pack); offline ones add their method. */
export const LEDGER_KIND_LABELS: Readonly<Record<LedgerKind, string>> = {
  charge: 'Card payment',
  refund: 'Refund',
  refund_failed: 'Refund failed',
  dispute_opened: 'Dispute opened',
  dispute_won: 'Dispute won',
  dispute_lost: 'Dispute lost',
  authorization: 'Deposit hold placed',
  capture: 'Deposit claimed',
  release: 'Deposit hold released',
  offline_payment: 'Paid offline',
  offline_refund: 'Refunded offline',
};

/** Who told us of the entry: a Stripe webhook or API answer, the owner, or the reconciliation job. */
export const LEDGER_SOURCES = ['stripe', 'owner', 'reconcile'] as const;
export type LedgerSource = (typeof LEDGER_SOURCES)[number];

/** How money moved outside Stripe ([money.offline]). */
export const OFFLINE_METHODS = ['cash', 'check', 'bank_transfer', 'other'] as const;
export type OfflineMethod = (typeof OFFLINE_METHODS)[number];
export type PaymentMethod = 'card' | OfflineMethod;

/** The owner's words for the offline methods. */
export const OFFLINE_METHOD_LABELS: Readonly<Record<OfflineMethod, string>> = {
  cash: 'Cash',
  check: 'Check',
  bank_transfer: 'Bank transfer',
  other: 'Other',
};

/** One entry of a booking's ledger. */
export interface LedgerEntry {
  id: number;
  bookingId: number;
  kind: LedgerKind;
  /** cents, ≥ 0: the kind says which way it went */
  amountCents: number;
  /** ISO 8601 UTC: when the money moved (Stripe's time when known) */
  at: string;
  source: LedgerSource;
  /** the PaymentIntent of a charge, authorization, capture or release, `re_…`, `dp_…`; null offline */
  stripeObjectId: string | null;
  /** the card PaymentIntent the money belongs to; null offline */
  paymentIntentId: string | null;
  method: PaymentMethod;
  note: string;
}

/** An entry to record: the store gives its id and booking. */
export type NewLedgerEntry = Omit<LedgerEntry, 'id' | 'bookingId' | 'note' | 'method' | 'stripeObjectId' | 'paymentIntentId'> & {
  stripeObjectId?: string | null;
  paymentIntentId?: string | null;
  method?: PaymentMethod;
  note?: string;
};

/** What one card PaymentIntent holds according to the ledger. */
export interface IntentMoney {
  paymentIntentId: string;
  /** cents charged (or captured) */
  paidCents: number;
  /** cents refunded */
  refundedCents: number;
  /** cents a dispute holds back now: opened less won */
  disputedCents: number;
  /** cents that can still be refunded to this card: paid less refunded less disputed, never below 0 */
  refundableCents: number;
  /** cents of a damage-deposit authorization still standing (authorized less captured and released) */
  authorizedCents: number;
  /** a damage deposit's authorization (its money is a capture, not the stay's) */
  damageDeposit: boolean;
}

/** The sums of a booking's ledger ([money.ledger]); all cents. */
export interface LedgerSummary {
  /** every payment: card charges, captures and offline payments */
  paidCents: number;
  /** card and offline refunds, less card refunds that failed ([money.refund-failed]) */
  refundedCents: number;
  /** what disputes hold back now (opened less won; a lost dispute keeps it) */
  disputedCents: number;
  /** what the stay can still refund by card, all its PaymentIntents together (a damage deposit's capture left out) */
  refundableCents: number;
  /** the stay's money: card charges and offline payments, without damage-deposit captures */
  stayPaidCents: number;
  /** card charges and captures */
  cardPaidCents: number;
  offlinePaidCents: number;
  offlineRefundedCents: number;
  /** offline money that can be given back offline: offline paid less offline refunded */
  offlineRefundableCents: number;
  /** damage deposit captured (claimed) */
  capturedCents: number;
  /** the running balance's last value: payments less refunds */
  netPaidCents: number;
  /**
   * what the owner keeps ([money.payout]): every payment (card charges, damage-deposit captures,
   * offline money) less refunds less what disputes hold back now (opened less won); may be below 0
   * while a dispute holds money already refunded elsewhere
   */
  payoutCents: number;
  /** per card PaymentIntent, in the order first seen */
  intents: IntentMoney[];
}

const PAYMENT_KINDS: ReadonlySet<LedgerKind> = new Set(['charge', 'capture', 'offline_payment']);
const REFUND_KINDS: ReadonlySet<LedgerKind> = new Set(['refund', 'offline_refund']);

/**
 * How an entry moves the running balance ([money.ledger]: "net paid so far, payments less
 * refunds"): + for charges, captures and offline payments, − for refunds, + for a refund that
 * failed (its money came back, [money.refund-failed]); 0 for the rest (a dispute is shown in
 * `disputedCents`, an authorization moves no money).
 */
export function entryEffectCents(entry: Pick<LedgerEntry, 'kind' | 'amountCents'>): number {
  if (PAYMENT_KINDS.has(entry.kind) || entry.kind === 'refund_failed') return entry.amountCents;
  if (REFUND_KINDS.has(entry.kind)) return -entry.amountCents;
  return 0;
}

/** The entries with the running balance after each (cents), in the order given (oldest first). */
export function withRunningBalance<E extends Pick<LedgerEntry, 'kind' | 'amountCents'>>(entries: readonly E[]): (E & { balanceCents: number })[] {
  let balance = 0;
  return entries.map((e) => {
    balance += entryEffectCents(e);
    return { ...e, balanceCents: balance };
  });
}

/** The sums of `entries` (one booking's, any order). Pure. */
export function summarizeLedger(entries: readonly Pick<LedgerEntry, 'kind' | 'amountCents' | 'paymentIntentId'>[]): LedgerSummary {
  const intents = new Map<string, IntentMoney & { authorizations: number; captured: number; released: number; opened: number; won: number }>();
  const intentOf = (id: string) => {
    let found = intents.get(id);
    if (!found) {
      found = { paymentIntentId: id, paidCents: 0, refundedCents: 0, disputedCents: 0, refundableCents: 0, authorizedCents: 0, damageDeposit: false, authorizations: 0, captured: 0, released: 0, opened: 0, won: 0 };
      intents.set(id, found);
    }
    return found;
  };
  let charges = 0;
  let captures = 0;
  let refunds = 0;
  let offlinePaid = 0;
  let offlineRefunded = 0;
  let opened = 0;
  let won = 0;
  for (const e of entries) {
    const intent = e.paymentIntentId ? intentOf(e.paymentIntentId) : undefined;
    switch (e.kind) {
      case 'charge':
        charges += e.amountCents;
        if (intent) intent.paidCents += e.amountCents;
        break;
      case 'capture':
        captures += e.amountCents;
        if (intent) {
          intent.paidCents += e.amountCents;
          intent.captured += e.amountCents;
        }
        break;
      case 'refund':
        refunds += e.amountCents;
        if (intent) intent.refundedCents += e.amountCents;
        break;
      case 'refund_failed':
        // [money.refund-failed]: the refund's money is back; it no longer counts as refunded.
        refunds -= e.amountCents;
        if (intent) intent.refundedCents -= e.amountCents;
        break;
      case 'dispute_opened':
        opened += e.amountCents;
        if (intent) intent.opened += e.amountCents;
        break;
      case 'dispute_won':
        won += e.amountCents;
        if (intent) intent.won += e.amountCents;
        break;
      case 'dispute_lost':
        break;
      case 'authorization':
        if (intent) intent.authorizations += e.amountCents;
        break;
      case 'release':
        if (intent) intent.released += e.amountCents;
        break;
      case 'offline_payment':
        offlinePaid += e.amountCents;
        break;
      case 'offline_refund':
        offlineRefunded += e.amountCents;
        break;
    }
  }
  const list: IntentMoney[] = [];
  for (const i of intents.values()) {
    const disputedCents = Math.max(0, i.opened - i.won);
    list.push({
      paymentIntentId: i.paymentIntentId,
      paidCents: i.paidCents,
      refundedCents: i.refundedCents,
      disputedCents,
      refundableCents: Math.max(0, i.paidCents - i.refundedCents - disputedCents),
      authorizedCents: Math.max(0, i.authorizations - i.captured - i.released),
      damageDeposit: i.authorizations > 0 || i.captured > 0 || i.released > 0,
    });
  }
  const paidCents = charges + captures + offlinePaid;
  const refundedCents = refunds + offlineRefunded;
  return {
    paidCents,
    refundedCents,
    disputedCents: Math.max(0, opened - won),
    refundableCents: list.reduce((sum, i) => sum + (i.damageDeposit ? 0 : i.refundableCents), 0),
    stayPaidCents: charges + offlinePaid,
    cardPaidCents: charges + captures,
    offlinePaidCents: offlinePaid,
    offlineRefundedCents: offlineRefunded,
    offlineRefundableCents: Math.max(0, offlinePaid - offlineRefunded),
    capturedCents: captures,
    netPaidCents: paidCents - refundedCents,
    payoutCents: paidCents - refundedCents - Math.max(0, opened - won),
    intents: list,
  };
}

/**
 * The stay's **net paid** ([money.net-paid]): its payments (card charges and offline payments,
 * not a damage deposit's captures) less its refunds (card refunds that did not fail, and offline
 * refunds), in cents; may be below 0 only in a broken ledger. The one definition that balance due
 * ([money.balance-due]), a change's difference ([booking.change-money]) and the payment link's
 * amount ([bookings.payment-link]) are computed from, so they can never disagree.
 */
export function stayNetPaidCents(money: Pick<LedgerSummary, 'stayPaidCents' | 'refundedCents'>): number {
  return money.stayPaidCents - money.refundedCents;
}

/**
 * What is still to be paid for the stay ([money.balance-due]): the quote's total less the stay's
 * net paid ([money.net-paid]: payments less refunds, so money given back for a shorter stay is no
 * longer counted as paid when a later change raises the total), never below 0; 0 for a cancelled
 * booking, an owner stay, or one without a quote. Cents.
 */
export function balanceDueCents(
  booking: { kind: string; cancelledAt: string | null; quote: { totalCents: number } | null },
  summary: Pick<LedgerSummary, 'stayPaidCents' | 'refundedCents'>,
): number {
  if (booking.cancelledAt || booking.kind === 'owner' || !booking.quote) return 0;
  return Math.max(0, booking.quote.totalCents - stayNetPaidCents(summary));
}

/**
 * A booking's money as the ledger's sums it carries give it (`amountPaidCents` is the stay's
 * payments, `refundedCents` its refunds), for `stayNetPaidCents` and `balanceDueCents` where only
 * the booking is at hand (the browser, the payment link).
 */
export const bookingMoney = (booking: { amountPaidCents: number; refundedCents: number }): Pick<LedgerSummary, 'stayPaidCents' | 'refundedCents'> => ({
  stayPaidCents: booking.amountPaidCents,
  refundedCents: booking.refundedCents,
});

/**
 * The stay's card PaymentIntents that can still give money back, latest payment first
 * ([money.refund-plan]); a damage deposit's is left out.
 */
export function refundableIntents(summary: Pick<LedgerSummary, 'intents'>): IntentMoney[] {
  return summary.intents.filter((i) => i.refundableCents > 0 && !i.damageDeposit).reverse();
}

/**
 * A booking's money as its own fields give it, for a booking handed over without its ledger
 * (pure code and its tests): its `amountPaidCents` (itself the ledger's) as one card payment of
 * `stripePaymentIntentId` less `refundedCents`, or as offline money without one. The server
 * always passes the ledger's own summary.
 */
export function moneyOfBooking(booking: { stripePaymentIntentId: string | null; amountPaidCents: number; refundedCents: number; kind?: string }): LedgerSummary {
  const entries: Pick<LedgerEntry, 'kind' | 'amountCents' | 'paymentIntentId'>[] = [];
  if (booking.amountPaidCents > 0) {
    if (booking.stripePaymentIntentId) entries.push({ kind: 'charge', amountCents: booking.amountPaidCents, paymentIntentId: booking.stripePaymentIntentId });
    else entries.push({ kind: 'offline_payment', amountCents: booking.amountPaidCents, paymentIntentId: null });
  }
  if (booking.refundedCents > 0) {
    entries.push({ kind: booking.stripePaymentIntentId ? 'refund' : 'offline_refund', amountCents: booking.refundedCents, paymentIntentId: booking.stripePaymentIntentId });
  }
  return summarizeLedger(entries);
}
