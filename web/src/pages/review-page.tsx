import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'wouter';
import { guestReviewStateSchema } from '@ridgeline/core';
import { fullDate } from '@/components/booking-widget/date-picker-days';
import { GuestReviewForm } from '@/components/guest-page/guest-review-form';
import { PrivatePageMeta } from '@/components/guest-page/private-page-meta';
import { StaySection } from '@/components/guest-page/stay-details';
import { StayErrorCard, StayLoadingCard } from '@/components/guest-page/stay-states';
import { apiQuery } from '@/lib/api';

/**
 * /review/{token} ([reviews.request]): the link of the e-mail sent after check-out. The guest
 * leaves a rating, a title and their words; the review reaches the owner pending, marked
 * "Verified stay" ([reviews.verified]), and the page thanks the guest. Never indexed, never sends
 * its address as a referrer.
 */
export default function ReviewPage() {
  const { token = '' } = useParams();
  const state = useQuery(apiQuery(`/api/review/${encodeURIComponent(token)}`, guestReviewStateSchema));
  const [sent, setSent] = useState(false);
  const stay = state.data;
  return (
    <main id="main" tabIndex={-1} className="mx-auto min-h-svh max-w-3xl px-4 pb-20 pt-28 focus:outline-none sm:px-6 lg:px-8">
      <PrivatePageMeta title="Review your stay | Ridgeline" />
      <h1 className="font-display text-3xl font-semibold tracking-tight text-navy-900 sm:text-4xl">How was your stay?</h1>
      {stay && (
        <p className="mt-2 text-muted-foreground">
          {stay.guestName}, {fullDate(stay.checkin)} to {fullDate(stay.checkout)}
        </p>
      )}
      <div className="mt-8 grid gap-6">
        {state.isPending ? (
          <StayLoadingCard>Loading your stay...</StayLoadingCard>
        ) : state.isError ? (
          <StayErrorCard error={state.error} onRetry={() => void state.refetch()} />
        ) : sent || stay?.alreadyReviewed ? (
          <StaySection title="Thank you for your review">
            <p role="status" className="text-navy-900">
              {sent ? 'We have received your review. It will appear on our site once we have read it.' : 'You have already left a review for this stay. Thank you!'}
            </p>
          </StaySection>
        ) : stay?.canReview ? (
          <StaySection title="Tell us about your stay">
            <GuestReviewForm token={token} onReviewed={() => setSent(true)} />
          </StaySection>
        ) : (
          <StaySection title="Tell us about your stay">
            <p className="text-navy-900">Reviews open once a confirmed stay is over: we will e-mail you this link after check-out.</p>
          </StaySection>
        )}
      </div>
    </main>
  );
}
