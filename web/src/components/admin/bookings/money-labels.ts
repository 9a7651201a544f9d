/**
 * The owner's words for a booking's ledger in the Money section ([bookings.money]): what each
 * entry is, who told us of it, and which way it moves the money.
 */
import { LEDGER_KIND_LABELS, OFFLINE_METHOD_LABELS, type BookingLedgerResponse, type LedgerSource } from '@ridgeline/core';

type LedgerEntryView = BookingLedgerResponse['entries'][number];

/** "Card payment", "Dispute won", "Paid offline (Check)", "Refunded offline (Cash)", … */
export function ledgerEntryLabel(entry: Pick<LedgerEntryView, 'kind' | 'method'>): string {
  const method = entry.method === 'card' ? 'Card' : OFFLINE_METHOD_LABELS[entry.method];
  if (entry.kind === 'offline_payment' || entry.kind === 'offline_refund') return `${LEDGER_KIND_LABELS[entry.kind]} (${method})`;
  return LEDGER_KIND_LABELS[entry.kind];
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
