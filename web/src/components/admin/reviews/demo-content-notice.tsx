import LoaderCircle from 'lucide-react/icons/loader-circle';
import Trash2 from 'lucide-react/icons/trash-2';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoContentRemovedSchema } from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { PUBLISHED_REVIEWS_QUERY_KEY } from '@/hooks/use-published-reviews';
import { toast } from '@/hooks/use-toast';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { ADMIN_REVIEWS_QUERY_KEY } from '../admin-queries';
import { serverMessage } from '../api-error';

/** "6 demo reviews" / "1 demo review" */
const demoReviews = (n: number) => `${n} demo ${n === 1 ? 'review' : 'reviews'}`;

/** The question asked before all demo content is deleted for good. */
export function removeDemoConfirmation(demoCount: number): string {
  return `Remove all demo content? This deletes the ${demoReviews(demoCount)} for good. Your own reviews and your photos stay.`;
}

/**
 * Shown above the review list while demo reviews exist ([reviews.demo]): says they are invented
 * samples that must not greet real guests (the U.S. FTC's 2024 rule forbids fake reviews) and
 * removes all demo content in one action, `POST /api/demo-content/remove`, after a confirmation.
 */
export function DemoContentNotice({ demoCount }: { demoCount: number }) {
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => apiSend('POST', '/api/demo-content/remove', demoContentRemovedSchema, undefined, adminApi.area),
    onSuccess: ({ removed }) =>
      toast({ title: 'Demo content removed', description: `${demoReviews(removed.reviews)} deleted.` }),
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Removal Failed',
        description: serverMessage(error) ?? 'Failed to remove the demo content',
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_REVIEWS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: PUBLISHED_REVIEWS_QUERY_KEY }),
      ]),
  });

  return (
    <div
      role="note"
      aria-label="Demo content"
      className="mb-5 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 px-5 py-4 text-sm text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p>
        <strong className="font-semibold">{demoReviews(demoCount)}</strong> (marked <em>Demo</em>) are invented samples
        for trying Ridgeline out, not words of real guests. Remove them before real guests see the site.
      </p>
      <Button
        variant="outline"
        className="shrink-0 border-amber-400 bg-white"
        disabled={remove.isPending}
        onClick={() => {
          if (window.confirm(removeDemoConfirmation(demoCount))) remove.mutate();
        }}
      >
        {remove.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Trash2 aria-hidden="true" />}
        Remove demo content
      </Button>
    </div>
  );
}
