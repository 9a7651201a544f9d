import { formatCents, type Booking, type BookingLedgerResponse } from '@ridgeline/core';
import { useState } from 'react';
import { formatTimestamp } from '../format';
import { LazySection } from './lazy-section';
import { useBookingLedger } from './ledger-queries';
import { LEDGER_SOURCE_LABELS, ledgerEntryAmount, ledgerEntryLabel } from './money-labels';
import { RecordOfflineMoneyButton } from './offline-money-dialog';
import { RefusedRefundActions } from './refused-refund-actions';
import { ScrollRegion } from '@/components/ui/scroll-region';

const cell = 'px-2 py-1.5 align-top';
const money = `${cell} whitespace-nowrap text-right tabular-nums`;
const head = 'px-2 py-1.5 text-left font-medium';

/**
 * A booking's Money section ([bookings.money], [money.ledger]): every ledger entry of
 * `GET /api/bookings/{id}/ledger`, oldest first, with its date, what it was in the owner's words,
 * amount, the net paid after it (the running balance), who recorded it, its Stripe id and note;
 * then what was paid, refunded, disputed and is still due, a credit, and what each card payment
 * can still give back. Read when opened, like the History: a list of bookings does not read every
 * ledger. "Record offline money" ([money.offline]) is there for every booking but an owner stay.
 * A change whose refund Stripe refused shows Retry refund and Record as refunded offline
 * ([booking.change-refund-refused]).
 */
export function BookingMoney({ booking, guestName }: { booking: Pick<Booking, 'id' | 'kind'>; guestName: string }) {
  const [open, setOpen] = useState(false);
  const ledger = useBookingLedger(booking.id, open);
  return (
    <LazySection
      label={`Money of ${guestName}'s booking`}
      title="Money"
      what="money"
      open={open}
      onOpenChange={setOpen}
      query={ledger}
      // An owner stay has nothing to pay ([bookings.kinds]); the server refuses it with 409.
      actions={booking.kind !== 'owner' && <RecordOfflineMoneyButton bookingId={booking.id} guestName={guestName} onRecorded={() => setOpen(true)} />}
    >
      {(data, headingId) => <MoneyLedger ledger={data} headingId={headingId} bookingId={booking.id} label={`Money entries of ${guestName}'s booking`} />}
    </LazySection>
  );
}

/** The entries' table and the sums of one ledger; `label` names the table's scroll box (unique on the page). */
export function MoneyLedger({
  ledger,
  headingId,
  bookingId,
  label = 'Money entries',
}: {
  ledger: BookingLedgerResponse;
  headingId: string;
  bookingId?: number;
  label?: string;
}) {
  const cardPayments = ledger.intents.filter((i) => !i.damageDeposit);
  return (
    <div className="space-y-3">
      {ledger.entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No money has moved on this booking yet.</p>
      ) : (
        <ScrollRegion label={label} className="overflow-x-auto">
          <table aria-labelledby={headingId} className="w-full text-sm">
            <thead>
              <tr className="border-b text-xs text-muted-foreground">
                <th scope="col" className={head}>
                  Date
                </th>
                <th scope="col" className={head}>
                  What
                </th>
                <th scope="col" className={`${head} text-right`}>
                  Amount
                </th>
                <th scope="col" className={`${head} text-right`}>
                  Net paid
                </th>
                <th scope="col" className={head}>
                  Source
                </th>
                <th scope="col" className={head}>
                  Stripe id
                </th>
                <th scope="col" className={head}>
                  Note
                </th>
              </tr>
            </thead>
            <tbody>
              {ledger.entries.map((entry) => (
                <tr key={entry.id} className="border-b last:border-0">
                  <th scope="row" className={`${cell} text-left text-xs font-normal text-muted-foreground`}>
                    <time dateTime={entry.at}>{formatTimestamp(entry.at)}</time>
                  </th>
                  <td className={`${cell} font-medium`}>{ledgerEntryLabel(entry)}</td>
                  <td className={money}>{ledgerEntryAmount(entry, formatCents)}</td>
                  <td className={money}>{formatCents(entry.balanceCents)}</td>
                  <td className={cell}>{LEDGER_SOURCE_LABELS[entry.source]}</td>
                  <td className={`${cell} break-all font-mono text-xs`}>{entry.stripeObjectId ?? <span className="font-sans text-muted-foreground">—</span>}</td>
                  <td className={`${cell} text-muted-foreground`}>{entry.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}

      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <Sum label="Paid" cents={ledger.paidCents} />
        <Sum label="Refunded" cents={ledger.refundedCents} />
        <Sum label="Disputed" cents={ledger.disputedCents} />
        <Sum label="Balance due" cents={ledger.balanceDueCents} />
        {ledger.creditCents > 0 && <Sum label="Credit" cents={ledger.creditCents} />}
      </dl>

      {cardPayments.length > 0 && (
        <div className="text-sm">
          <p className="font-medium">Can still be refunded</p>
          <ul className="mt-1 space-y-0.5">
            {cardPayments.map((intent) => (
              <li key={intent.paymentIntentId} className="flex flex-wrap gap-x-2">
                <span className="break-all font-mono text-xs leading-5">{intent.paymentIntentId}</span>
                <span className="tabular-nums">{formatCents(intent.refundableCents)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {ledger.offlineRefundableCents > 0 && <p className="text-sm">Paid offline, can be given back offline: {formatCents(ledger.offlineRefundableCents)}</p>}
      {ledger.changes && ledger.changes.length > 0 && (
        <div className="text-sm">
          <p className="font-medium">Changes of dates or guests</p>
          <ul className="mt-1 space-y-0.5">
            {ledger.changes.map((change) => (
              <li key={change.id}>
                {change.from.checkin} to {change.from.checkout} → {change.to.checkin} to {change.to.checkout}, {change.to.guests} guest{change.to.guests === 1 ? '' : 's'}: total{' '}
                {formatCents(change.oldTotalCents)} → {formatCents(change.newTotalCents)}, {change.differenceCents >= 0 ? 'owed' : 'owed to the guest'} {formatCents(Math.abs(change.differenceCents))}.{' '}
                <span className={change.status === 'settled' ? 'text-muted-foreground' : 'font-medium text-destructive'}>
                  {CHANGE_STATUS_WORDS[change.status]}
                  {change.message ? `: ${change.message}` : ''}
                </span>
                {bookingId !== undefined && change.status === 'failed' && (change.refusedCents ?? 0) > 0 && (
                  <RefusedRefundActions bookingId={bookingId} changeId={change.id} refusedCents={change.refusedCents ?? 0} />
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

/** How a change's money stands, in the owner's words ([booking.change-money]). */
const CHANGE_STATUS_WORDS: Readonly<Record<'open' | 'settled' | 'failed', string>> = {
  settled: 'Settled',
  open: 'Waiting for Stripe (save the change again or cancel to finish it; never charged twice)',
  failed: 'Not settled',
};

function Sum({ label, cents }: { label: string; cents: number }) {
  return (
    <div className="flex justify-between gap-2 sm:block">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="tabular-nums">{formatCents(cents)}</dd>
    </div>
  );
}
