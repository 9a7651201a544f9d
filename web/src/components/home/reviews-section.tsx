import MessageSquareQuote from 'lucide-react/icons/message-square-quote';
import Star from 'lucide-react/icons/star';
import { reviewSummary } from '@ridgeline/core';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { usePublicData } from '@/lib/public-data';
import { ReviewCard } from './review-card';
import { SectionHeading } from './section-heading';

/** Mean rating of every published review to one decimal, e.g. "4.8" ([reviews.aggregate]). */
function averageRating(reviews: { rating: number }[]): string {
  return (reviewSummary(reviews).mean ?? 0).toFixed(1);
}

/** Guest reviews (id `testimonials`): the reviews the owner published, from the API. */
export function ReviewsSection() {
  const { data, status } = usePublicData().publishedReviews;
  const reviews = data?.reviews;
  const isPending = status === 'pending';
  const isError = status === 'error';

  return (
    <section id="testimonials" aria-labelledby="testimonials-title" className="bg-secondary/60 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-6">
          <SectionHeading
            id="testimonials-title"
            eyebrow="Guest reviews"
            title="What our guests say"
            lead="Families, friends and couples who have stayed on the ridge."
          />
          {reviews && reviews.length > 0 && (
            <p className="flex items-center gap-3 rounded-full bg-card px-5 py-3 shadow-sm ring-1 ring-black/5">
              <Star className="size-5 fill-amber-glow text-amber-glow" aria-hidden="true" />
              <span className="font-display text-2xl font-semibold text-navy-900">
                {averageRating(reviews)}
                <span className="sr-only"> average rating out of 5 from</span>
              </span>
              <span className="text-sm text-muted-foreground">
                {reviews.length} {reviews.length === 1 ? 'review' : 'reviews'}
              </span>
            </p>
          )}
        </div>

        <div className="mt-12" aria-busy={isPending}>
          {isPending ? (
            <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3" aria-label="Loading reviews">
              {Array.from({ length: 3 }, (_, i) => (
                <li key={i} className="rounded-2xl border bg-card p-7">
                  <SkeletonBlock className="h-4 w-24" />
                  <SkeletonBlock className="mt-5 h-5 w-2/3" />
                  <SkeletonBlock className="mt-3 h-4 w-full" />
                  <SkeletonBlock className="mt-2 h-4 w-5/6" />
                  <div className="mt-8 flex items-center gap-3">
                    <SkeletonBlock round className="size-11" />
                    <SkeletonBlock className="h-4 w-28" />
                  </div>
                </li>
              ))}
            </ul>
          ) : isError || !reviews || reviews.length === 0 ? (
            <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card/60 px-6 py-14 text-center">
              <MessageSquareQuote className="size-10 text-forest-600" aria-hidden="true" />
              <p className="mt-4 text-lg font-semibold text-navy-900">
                {isError ? 'Reviews are unavailable right now' : 'No reviews yet'}
              </p>
              <p className="mt-1 max-w-md text-muted-foreground">
                {isError
                  ? 'Please check back in a little while.'
                  : 'Be among the first to stay at Ridgeline and tell future guests about it.'}
              </p>
            </div>
          ) : (
            <ul className="grid gap-5 md:grid-cols-2 lg:grid-cols-3">
              {reviews.map((review) => (
                <li key={review.id}>
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}
