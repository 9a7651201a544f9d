import MessageSquarePlus from 'lucide-react/icons/message-square-plus';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminReviews } from '../admin-queries';
import { serverMessage } from '../api-error';
import { CreateReviewForm } from '../reviews/create-review-form';
import { DemoContentNotice } from '../reviews/demo-content-notice';
import { ReviewItem } from '../reviews/review-item';
import { TabHeading } from '../tab-heading';

/**
 * Reviews tab ([reviews.create], [reviews.list], [reviews.flags], [reviews.delete]): the toggled Create New Review form and every
 * review with its approve, publish and delete actions; while demo reviews exist, a notice with
 * one action that removes all demo content ([reviews.demo]).
 */
export function ReviewsTab() {
  const formId = useId();
  const [formOpen, setFormOpen] = useState(false);
  const reviews = useAdminReviews();
  const list = reviews.data ?? [];
  const pending = list.filter((r) => !r.isApproved).length;
  const published = list.filter((r) => r.isPublished).length;
  const demo = list.filter((r) => r.isDemo).length;

  return (
    <section aria-labelledby="reviews-heading">
      <TabHeading
        id="reviews-heading"
        title="Reviews"
        description="Approve guest reviews and choose which appear on the home page."
        actions={
          <Button
            aria-expanded={formOpen}
            aria-controls={formOpen ? formId : undefined}
            onClick={() => setFormOpen((open) => !open)}
          >
            <MessageSquarePlus aria-hidden="true" />
            Create New Review
          </Button>
        }
      />

      {formOpen && (
        <div className="mb-8">
          <CreateReviewForm id={formId} onCreated={() => setFormOpen(false)} onCancel={() => setFormOpen(false)} />
        </div>
      )}

      {reviews.isPending ? (
        <div aria-busy="true" aria-label="Loading reviews" className="grid gap-4">
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="rounded-xl border bg-card p-6">
              <Skeleton className="h-5 w-40" />
              <Skeleton className="mt-3 h-4 w-28" />
              <Skeleton className="mt-5 h-4 w-2/3" />
              <Skeleton className="mt-2 h-4 w-full" />
            </div>
          ))}
          <p className="sr-only" role="status">
            Loading reviews…
          </p>
        </div>
      ) : reviews.isError ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-destructive/40 bg-red-50 px-6 py-10 text-center"
        >
          <p className="font-medium text-red-900">The reviews could not be loaded.</p>
          {serverMessage(reviews.error) && <p className="text-sm text-red-900">{serverMessage(reviews.error)}</p>}
          <Button variant="outline" onClick={() => void reviews.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <div className="rounded-xl border border-dashed bg-card/60 px-6 py-12 text-center">
          <p className="font-semibold text-navy-900">No reviews yet</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Reviews you create appear here for approval and publishing.
          </p>
        </div>
      ) : (
        <>
          {demo > 0 && <DemoContentNotice demoCount={demo} />}
          <p className="mb-3 text-sm text-muted-foreground">
            {list.length} {list.length === 1 ? 'review' : 'reviews'} · {pending} pending · {published} published
          </p>
          <ul className="grid gap-4">
            {list.map((review) => (
              <li key={review.id}>
                <ReviewItem review={review} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
