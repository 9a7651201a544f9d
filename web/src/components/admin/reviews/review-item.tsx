import LoaderCircle from 'lucide-react/icons/loader-circle';
import Trash2 from 'lucide-react/icons/trash-2';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewDeletedResponseSchema, reviewSavedResponseSchema, type Review, type ReviewFlagsRequest } from '@ridgeline/core';
import { StarRating } from '@/components/home/star-rating';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { ADMIN_REVIEWS_QUERY_KEY } from '../admin-queries';
import { serverMessage } from '../api-error';
import { formatCalendarDate } from '../format';
import { ReviewStatusBadges } from './review-status-badges';
import { UnpublishReviewDialog } from './unpublish-review-dialog';

/** The question asked before a review is deleted for good. */
export function deleteConfirmation(review: Pick<Review, 'guestName' | 'title'>): string {
  return `Delete the review "${review.title}" by ${review.guestName}? This cannot be undone.`;
}

/**
 * One review in the owner's list ([reviews.list], [reviews.flags]): name, stars, stay date,
 * Approved/Pending and Published/Draft badges (and Demo on demo content), title and text (as text, never HTML), and the
 * Approve/Unapprove, Publish/Unpublish and Delete buttons. Publish is disabled while the review
 * is neither approved nor published; unapproving does not unpublish. Its source, and why it was
 * unpublished, are badges ([reviews.source], [reviews.hidden-reason]); Unpublish asks for that
 * reason first.
 */
export function ReviewItem({ review }: { review: Review }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_REVIEWS_QUERY_KEY });

  const update = useMutation({
    mutationFn: (flags: ReviewFlagsRequest) => apiSend('PUT', `/api/reviews/${review.id}`, reviewSavedResponseSchema, flags, adminApi.area),
    onSuccess: () => toast({ title: 'Review updated successfully' }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Update Failed',
        description: serverMessage(error) ?? 'Failed to update review',
      }),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: () => apiSend('DELETE', `/api/reviews/${review.id}`, reviewDeletedResponseSchema, undefined, adminApi.area),
    onSuccess: () => toast({ title: 'Review deleted successfully' }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Delete Failed',
        description: serverMessage(error) ?? 'Failed to delete review',
      }),
    onSettled: refresh,
  });
  const busy = update.isPending || remove.isPending;
  const publishBlocked = !review.isApproved && !review.isPublished;
  const headingId = `review-${review.id}-name`;
  const hintId = `review-${review.id}-publish-hint`;

  return (
    <article aria-labelledby={headingId} aria-busy={busy} className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id={headingId} className="break-words text-base font-semibold text-navy-900">
            {review.guestName}
          </h3>
          <p className="break-all text-sm text-muted-foreground">{review.email}</p>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <StarRating rating={review.rating} />
            <span>
              Stayed <time dateTime={review.stayDate}>{formatCalendarDate(review.stayDate)}</time>
            </span>
          </div>
        </div>
        <ReviewStatusBadges
          isApproved={review.isApproved}
          isPublished={review.isPublished}
          isDemo={review.isDemo}
          verifiedStay={review.verifiedStay}
          source={review.source}
          hiddenReason={review.hiddenReason}
          className="sm:justify-end"
        />
      </div>

      <h4 className="mt-4 break-words font-semibold text-foreground">{review.title}</h4>
      <p className="mt-1 whitespace-pre-line break-words text-sm leading-relaxed text-muted-foreground">
        {review.content}
      </p>

      <div className="mt-5 flex flex-wrap items-center gap-2 border-t pt-4">
        <Button
          size="sm"
          variant={review.isApproved ? 'outline' : 'default'}
          disabled={busy}
          onClick={() => update.mutate({ isApproved: !review.isApproved })}
        >
          {review.isApproved ? 'Unapprove' : 'Approve'}
        </Button>
        {review.isPublished ? (
          <UnpublishReviewDialog
            review={review}
            disabled={busy}
            onUnpublish={(hiddenReason) => update.mutateAsync({ isPublished: false, hiddenReason })}
          />
        ) : (
          <Button
            size="sm"
            disabled={busy || publishBlocked}
            aria-describedby={publishBlocked ? hintId : undefined}
            onClick={() => update.mutate({ isPublished: true })}
          >
            Publish
          </Button>
        )}
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          className="text-destructive hover:bg-red-50 hover:text-destructive sm:ml-auto"
          onClick={() => {
            if (window.confirm(deleteConfirmation(review))) remove.mutate();
          }}
        >
          {remove.isPending ? (
            <LoaderCircle aria-hidden="true" className="animate-spin" />
          ) : (
            <Trash2 aria-hidden="true" />
          )}
          Delete
        </Button>
        {publishBlocked && (
          <p id={hintId} className="w-full text-xs text-muted-foreground sm:order-last">
            Approve this review before publishing it.
          </p>
        )}
      </div>
    </article>
  );
}
