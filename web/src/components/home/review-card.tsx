import Quote from 'lucide-react/icons/quote';
import { reviewInitial, type PublishedReview } from '@ridgeline/core';
import { formatStayDate } from '@/lib/format-stay-date';
import { StarRating } from './star-rating';

/** One published guest review: initial, author, stay month, stars, title and text. */
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
            <time dateTime={review.stayDate.slice(0, 7)}>{formatStayDate(review.stayDate)}</time>
          </p>
        </div>
      </footer>
    </article>
  );
}
