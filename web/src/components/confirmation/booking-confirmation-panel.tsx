import { useQuery } from '@tanstack/react-query';
import CircleCheck from 'lucide-react/icons/circle-check';
import { useEffect, useRef } from 'react';
import { formatCents, guestStayResponseSchema, type GuestStay } from '@ridgeline/core';
import { fullDate } from '@/components/booking-widget/date-picker-days';
import type { ConfirmedBooking } from '@/components/booking-widget/checkout-outcome';
import { StayFacts, StayReceipt } from '@/components/guest-page/stay-details';
import { StayErrorCard, StayLoadingCard } from '@/components/guest-page/stay-states';
import { apiQuery } from '@/lib/api';

/** What happens next, in sentences the guest can act on ([checkout.confirmation-panel]). */
function nextSteps(stay: GuestStay): string[] {
  const steps = [`Your confirmation e-mail, with the link to your stay page, goes to the address you gave.`];
  if (stay.balance && stay.balance.status !== 'paid' && stay.balance.status !== 'cancelled') {
    steps.push(`The balance of ${formatCents(stay.balance.amountCents)} is charged to the same card on ${fullDate(stay.balance.dueDate)}.`);
  }
  steps.push(`The host sends your arrival details, with the door code, before check-in on ${fullDate(stay.checkin)}.`);
  return steps;
}

/**
 * The confirmation after paying ([checkout.confirmation-panel]): read from the server with the
 * paying guest's stay token (`GET /api/stay/{token}`, [guest.page]) and shown only when the
 * token's booking is the reference the URL names, so it survives a reload and tells no one
 * else's booking. The reference, dates, guests, what was paid with the receipt, what happens
 * next, and the link to the stay page. Loaded lazily: it is not part of the home page's first load.
 */
export default function BookingConfirmationPanel({ confirmed }: { confirmed: ConfirmedBooking }) {
  const path = `/api/stay/${encodeURIComponent(confirmed.stayToken)}`;
  const stay = useQuery(apiQuery(path, guestStayResponseSchema));
  const booking = stay.data?.booking;
  const heading = useRef<HTMLHeadingElement>(null);
  const mine = booking && booking.reference === confirmed.reference ? booking : undefined;
  useEffect(() => {
    if (mine) heading.current?.scrollIntoView({ block: 'start' });
  }, [mine]);
  if (stay.data && !mine) return null;
  return (
    <section aria-labelledby="booking-confirmation-title" className="bg-secondary/40 px-4 pb-12 pt-28 sm:px-6 lg:px-8">
      <div className="mx-auto grid max-w-3xl gap-6">
        <h2 id="booking-confirmation-title" ref={heading} tabIndex={-1} className="flex items-center gap-3 font-display text-3xl font-semibold tracking-tight text-navy-900 focus:outline-none">
          <CircleCheck aria-hidden="true" className="size-8 shrink-0 text-forest-600" />
          {mine && mine.status === 'confirmed' ? 'Your booking is confirmed' : 'Your booking'}
        </h2>
        {stay.isPending ? (
          <StayLoadingCard>Loading your booking...</StayLoadingCard>
        ) : stay.isError ? (
          <StayErrorCard error={stay.error} onRetry={() => void stay.refetch()} />
        ) : mine ? (
          <>
            <p className="text-muted-foreground">
              Booking reference <strong className="text-navy-900">{mine.reference}</strong>: {formatCents(mine.amountPaidCents)} paid.
            </p>
            <StayFacts stay={mine} />
            <StayReceipt stay={mine} />
            <div role="region" aria-labelledby="booking-next-title" className="rounded-xl border bg-card p-6">
              <h3 id="booking-next-title" className="text-lg font-semibold text-navy-900">
                What happens next
              </h3>
              <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm">
                {nextSteps(mine).map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ul>
              <a className="mt-4 inline-block font-medium text-forest-700 underline underline-offset-4" href={`/stay/${encodeURIComponent(confirmed.stayToken)}`} rel="noreferrer">
                View or cancel your booking on your stay page
              </a>
            </div>
          </>
        ) : null}
      </div>
    </section>
  );
}
