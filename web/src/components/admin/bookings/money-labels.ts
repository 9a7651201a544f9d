/**
 * The owner's words for a booking's ledger in the Money section ([bookings.money]): what each
 * entry is, who told us of it, and which way it moves the money.
 */
import { OFFLINE_METHOD_LABELS, type BookingLedgerResponse, type LedgerKind, type LedgerSource } from '@ridgeline/core';

type LedgerEntryView = BookingLedgerResponse['entries'][number];

const KIND_LABELS: Readonly<Record<Exclude<LedgerKind, 'offline_payment' | 'offline_refund'>, string>> = {
  charge: 'Card payment',
  refund: 'Refund',
  dispute_opened: 'Dispute opened',
  dispute_won: 'Dispute won',
  dispute_lost: 'Dispute lost',
  authorization: 'Deposit hold placed',
  capture: 'Deposit claimed',
  release: 'Deposit hold released',
};

/** "Card payment", "Dispute won", "Paid offline (Check)", "Refunded offline (Cash)", … */
export function ledgerEntryLabel(entry: Pick<LedgerEntryView, 'kind' | 'method'>): string {
  const method = entry.method === 'card' ? 'Card' : OFFLINE_METHOD_LABELS[entry.method];
  if (entry.kind === 'offline_payment') return `Paid offline (${method})`;
  if (entry.kind === 'offline_refund') return `Refunded offline (${method})`;
  return KIND_LABELS[entry.kind];
}

/** Who recorded an entry: a Stripe webhook or answer, the owner, the reconciliation job. */
export const LEDGER_SOURCE_LABELS: Readonly<Record<LedgerSource, string>> = {
  stripe: 'Stripe',
  owner: 'You',
  reconcile: 'Reconciliation',
};

/**
 * An entry's amount as the table shows it: money given back (a refund, offline or by card) with a
 * minus sign, since it lowers the net paid; every other kind as it is (a dispute or a hold moves
 * no money of the running balance, its own label says what it is).
 */
export function ledgerEntryAmount(entry: Pick<LedgerEntryView, 'kind' | 'amountCents'>, format: (cents: number) => string): string {
  return entry.kind === 'refund' || entry.kind === 'offline_refund' ? `−${format(entry.amountCents)}` : format(entry.amountCents);
}
