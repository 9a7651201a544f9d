import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { guestStayResponseSchema } from '@ridgeline/core';
import { PrivatePageMeta } from '@/components/guest-page/private-page-meta';
import { StayCancellation } from '@/components/guest-page/stay-cancellation';
import { BalancePayment } from '@/components/guest-page/balance-payment';
import { StayDamageDeposit } from '@/components/guest-page/stay-damage-deposit';
import { StayDatesLead, StayFacts, StayReceipt } from '@/components/guest-page/stay-details';
import { StayErrorCard, StayLoadingCard } from '@/components/guest-page/stay-states';
import { apiQuery } from '@/lib/api';

/**
 * /stay/{token} ([guest.page], [guest.cancel]): the guest's own page, linked from the
 * confirmation e-mail. "Your stay at Ridgeline", the dates and guests, check-in and check-out
 * times, the address, the receipt and what was paid and refunded, the cancellation policy with
 * today's refund and "Cancel booking". Never indexed, never sends its address as a referrer.
 */
export default function GuestPage() {
  const { token = '' } = useParams();
  const path = `/api/stay/${encodeURIComponent(token)}`;
  const stay = useQuery(apiQuery(path, guestStayResponseSchema));
  const booking = stay.data?.booking;
  return (
    <main id="main" tabIndex={-1} className="mx-auto min-h-svh max-w-3xl px-4 pb-20 pt-28 focus:outline-none sm:px-6 lg:px-8">
      <PrivatePageMeta title="Your booking | Ridgeline" />
      <h1 className="font-display text-3xl font-semibold tracking-tight text-navy-900 sm:text-4xl">
        {booking ? `Your stay at ${booking.property.name}` : 'Your booking'}
      </h1>
      {booking && <StayDatesLead stay={booking} />}
      <div className="mt-8 grid gap-6">
        {stay.isPending ? (
          <StayLoadingCard>Loading your booking...</StayLoadingCard>
        ) : stay.isError ? (
          <StayErrorCard error={stay.error} onRetry={() => void stay.refetch()} />
        ) : booking ? (
          <>
            <StayFacts stay={booking} />
            <StayReceipt stay={booking} />
            {booking.balance && booking.status !== 'cancelled' && (
              <BalancePayment token={token} balance={booking.balance} stay={{ checkin: booking.checkin, checkout: booking.checkout, guests: booking.guests }} refreshKey={[path]} />
            )}
            <StayDamageDeposit stayPath={path} />
            <StayCancellation stay={booking} stayPath={path} />
          </>
        ) : null}
      </div>
    </main>
  );
}
