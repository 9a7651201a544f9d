import { formatCents, type Booking } from '@ridgeline/core';

const STATUS_TEXT = { scheduled: 'Scheduled', failed: 'Not charged', paid: 'Paid', cancelled: 'Stopped (cancelled)' } as const;

/**
 * [payments.balance]: a two-part booking's deposit and balance on the owner's booking — what was
 * paid, the balance with its due date and where it stands (a failed charge's reason and next try).
 */
export function BookingBalance({ booking }: { booking: Pick<Booking, 'balance' | 'quote' | 'amountPaidCents'> }) {
  const { balance } = booking;
  const schedule = booking.quote?.paymentSchedule;
  if (!balance || !schedule) return null;
  return (
    <dl aria-label="Payment schedule" className="mt-3 grid gap-1 border-t pt-3 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Deposit at booking</dt>
        <dd className="tabular-nums">{formatCents(schedule.depositCents)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted-foreground">Balance due {balance.dueDate}</dt>
        <dd className="tabular-nums">
          {formatCents(balance.amountCents)} · {STATUS_TEXT[balance.status]}
        </dd>
      </div>
      {balance.status === 'failed' && (
        <p className="text-destructive">
          Last try: {(balance.lastError ?? 'declined').replace(/_/g, ' ')}
          {balance.nextAttemptAt ? `; next try ${balance.nextAttemptAt.slice(0, 10)}` : '; no more automatic tries'}. The history below says whether the guest was e-mailed a link to pay.
        </p>
      )}
      <div className="flex justify-between gap-4 font-medium">
        <dt>Paid so far</dt>
        <dd className="tabular-nums">{formatCents(booking.amountPaidCents)}</dd>
      </div>
    </dl>
  );
}
