import Quote from 'lucide-react/icons/quote';
import { REVIEW_SOURCE_LABELS, reviewInitial, type PublishedReview } from '@ridgeline/core';
import { formatStayDate } from '@/lib/format-stay-date';
import { StarRating } from './star-rating';

/**
 * One published guest review: initial, author, stars, title, text, and its stay month with its
 * source, "Stayed June 2026 · Verified stay" ([home.reviews], [reviews.source]).
 */
export function ReviewCard({ review }: { review: PublishedReview }) {
  return (
    <article
      data-testid="review"
      aria-labelledby={`review-${review.id}-author`}
      className="flex h-full flex-col rounded-2xl border bg-card p-6 shadow-sm sm:p-7"
    >
      <div className="flex items-center justify-between gap-4">
        <StarRating rating={review.rating} />
        <Quote className="size-7 text-forest-100" aria-hidden="true" />
      </div>
      {review.title && <h3 className="mt-4 text-lg font-semibold text-navy-900">{review.title}</h3>}
      <blockquote className="mt-2 flex-1 leading-relaxed text-muted-foreground">
        <p>{review.content}</p>
      </blockquote>
      <footer className="mt-6 flex items-center gap-3 border-t pt-5">
        <span
          aria-hidden="true"
          className="grid size-11 shrink-0 place-items-center rounded-full bg-forest-700 font-display text-lg font-semibold text-white"
        >
          {reviewInitial(review.guestName)}
        </span>
        <div>
          <p id={`review-${review.id}-author`} className="font-semibold text-navy-900">
            {review.guestName}
          </p>
          <p className="text-sm text-muted-foreground">
            Stayed <time dateTime={review.stayMonth}>{formatStayDate(review.stayMonth)}</time> · {REVIEW_SOURCE_LABELS[review.source]}
          </p>
        </div>
      </footer>
    </article>
  );
}
