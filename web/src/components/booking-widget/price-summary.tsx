import CalendarRange from 'lucide-react/icons/calendar-range';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCents } from '@ridgeline/core';
import { cn } from '@/lib/utils';
import { guestsText, nightsText, shortDate } from './date-picker-days';
import { quoteLines } from './quote-lines';
import { CancellationPolicyNote } from './cancellation-policy-note';
import { PaymentScheduleNote } from '@/components/checkout/booking-summary';
import type { StayDates } from './stay-selection';
import type { QuoteAnswer } from './use-stay-quote';

export interface PriceSummaryProps {
  dates: StayDates;
  guests: number;
  quote: UseQueryResult<QuoteAnswer>;
  /** True when the dates came from a dated landing link, not from the guest's clicks ([booking.landing-link]). */
  fromLink?: boolean;
  /** Picks the nearest bookable stay a refusal offers ([booking.nearest-stay]). */
  onChooseStay?: (stay: { checkin: string; checkout: string }) => void;
}

/** The nearest stay of the same length that can be booked, and a button that picks it ([booking.nearest-stay]). */
function NearestStay({
  nearest,
  onChoose,
  otherwise = 'Please choose other dates.',
}: {
  nearest: { checkin: string; checkout: string } | undefined;
  onChoose: PriceSummaryProps['onChooseStay'];
  otherwise?: string;
}) {
  if (!nearest) return <p className="mt-1">{otherwise}</p>;
  const label = `${shortDate(nearest.checkin)} – ${shortDate(nearest.checkout)}`;
  return (
    <div className="mt-3 grid gap-2">
      <p>
        The nearest stay of the same length you can book is <span className="font-semibold">{label}</span>.
      </p>
      {onChoose && (
        <Button variant="outline" size="sm" className="justify-self-start bg-card" onClick={() => onChoose(nearest)}>
          {`Choose ${label}`}
        </Button>
      )}
    </div>
  );
}

/** "Fri, Dec 11, 2026, Sat, Dec 12, 2026 and Sun, Dec 13, 2026" */
function listDates(dates: string[]): string {
  const names = dates.map(shortDate);
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

function EmptyState({ children }: { children: string }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-8 text-center">
      <CalendarRange aria-hidden="true" className="size-8 text-forest-600" />
      <p className="text-sm text-muted-foreground">{children}</p>
    </div>
  );
}

/**
 * The price of the chosen stay as the server quotes it (`GET /api/quote`): empty, loading,
 * failed, nights just taken (409), or the breakdown line by line with the total.
 */
export function PriceSummary({ dates, guests, quote, fromLink = false, onChooseStay }: PriceSummaryProps) {
  const { checkin, checkout } = dates;
  if (!checkin) return <EmptyState>Choose your check-in and check-out dates to see the full price.</EmptyState>;
  if (!checkout) return <EmptyState>{`Check-in ${shortDate(checkin)}. Now choose your check-out date.`}</EmptyState>;

  if (quote.isError) {
    return (
      <div role="alert" className="grid gap-3 rounded-lg border border-destructive/40 bg-red-50 p-4 text-sm text-red-900">
        <p>
          <span className="font-semibold">We could not get the price.</span> {quote.error.message}
        </p>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void quote.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const answer = quote.data;
  if (!answer) {
    return (
      <div aria-busy="true" className="grid gap-3">
        <p role="status" className="sr-only">
          Getting the price…
        </p>
        {Array.from({ length: 7 }, (_, i) => (
          <div key={i} className="flex justify-between gap-4">
            <Skeleton className="h-4 w-36" />
            <Skeleton className="h-4 w-16" />
          </div>
        ))}
        <Skeleton className="mt-2 h-6 w-full" />
      </div>
    );
  }
  if (answer.kind === 'closed') {
    const taken = answer.closedDates.length === 1 ? 'is' : 'are';
    return (
      <div role="alert" className="rounded-lg border border-destructive/40 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">{fromLink ? 'These dates are not available.' : 'These dates are no longer available.'}</p>
        {answer.closedDates.length > 0 && (
          <p className="mt-1">
            {fromLink
              ? `${listDates(answer.closedDates)} ${taken} already booked or closed.`
              : `${listDates(answer.closedDates)} ${answer.closedDates.length === 1 ? 'was' : 'were'} just booked or closed.`}
          </p>
        )}
        <NearestStay nearest={answer.nearest} onChoose={onChooseStay} />
      </div>
    );
  }
  if (answer.kind === 'refused') {
    return (
      <div role="alert" className="rounded-lg border border-destructive/40 bg-red-50 p-4 text-sm text-red-900">
        <p className="font-semibold">These dates cannot be booked.</p>
        <p className="mt-1">{answer.message}</p>
        <NearestStay nearest={answer.nearest} onChoose={onChooseStay} otherwise={answer.rule === 'maxGuests' ? 'Please choose fewer guests.' : undefined} />
      </div>
    );
  }

  const q = answer.quote;
  const stay = `${shortDate(q.checkin)} – ${shortDate(q.checkout)}`;
  return (
    <div className={cn('grid gap-4', quote.isPlaceholderData && 'opacity-70')} aria-busy={quote.isFetching || undefined}>
      <p className="text-sm text-muted-foreground">
        <span className="font-medium text-navy-900">{stay}</span>
        <br />
        {nightsText(q.nights)} · {guestsText(guests)}
      </p>
      {/* [pricing.total-first]: the stay's total, every fee and tax in it, is the largest figure of the section.
          [a11y.keyboard-booking]: a status region, so a screen reader hears the total when it changes. */}
      <div role="status" aria-atomic="true" className="rounded-lg bg-forest-50 px-4 py-3">
        <p className="text-sm font-medium text-forest-900">Total</p>
        <p data-testid="stay-total" className="font-display text-3xl font-semibold tabular-nums text-navy-900">
          {formatCents(q.totalCents)}
        </p>
        <p className="text-xs text-muted-foreground">
          {q.paymentSchedule
            ? `Includes every fee and tax. ${formatCents(q.paymentSchedule.depositCents)} today, the rest later.`
            : 'Includes every fee and tax.'}
        </p>
      </div>
      {/* What a screen reader hears when the stay or its price changes ([a11y.booking]). */}
      <p role="status" className="sr-only">
        {`${stay}, ${nightsText(q.nights)}, ${guestsText(guests)}: total ${formatCents(q.totalCents)}`}
      </p>
      <dl aria-label="Price breakdown" className="grid gap-2 text-sm">
        {quoteLines(q).map((line) => (
          <div
            key={line.label}
            className={cn(
              'flex justify-between gap-4',
              line.kind === 'subtotal' && 'border-t pt-2 font-medium',
              line.kind === 'total' && 'mt-1 border-t-2 border-navy-900/15 pt-3 font-semibold text-navy-900',
            )}
          >
            <dt className={cn(line.kind === 'line' && 'text-muted-foreground')}>
              <span>{line.label}</span>
              {line.description && <span className="block text-xs text-muted-foreground/90">{line.description}</span>}
            </dt>
            <dd className="tabular-nums">{line.amount}</dd>
          </div>
        ))}
      </dl>
      {q.paymentSchedule && (
        <PaymentScheduleNote
          dueTodayCents={q.paymentSchedule.depositCents}
          balance={{ cents: q.paymentSchedule.balanceCents, dueDate: q.paymentSchedule.balanceDueDate }}
          className="rounded-md bg-muted/60 p-3"
        />
      )}
      {q.cancellationPolicy && <CancellationPolicyNote policy={q.cancellationPolicy} checkin={q.checkin} />}
    </div>
  );
}
