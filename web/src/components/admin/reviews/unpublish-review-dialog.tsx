import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { HIDDEN_REASONS, HIDDEN_REASON_LABELS, type HiddenReason, type Review } from '@ridgeline/core';
import { FieldError } from '@/components/forms/field-error';
import { Button } from '@/components/ui/button';
import { OwnerDialogContent } from '../owner-dialog';

/** The dialog's one field: a reason from the list, none chosen at first ([reviews.hidden-reason]). */
const unpublishFormSchema = z.object({
  // Radios with none checked give null: accepted as input, refused by the pipe.
  hiddenReason: z.union([z.enum(HIDDEN_REASONS), z.null(), z.undefined()]).pipe(z.enum(HIDDEN_REASONS, { message: 'must be chosen' })),
});
type UnpublishFormValues = z.input<typeof unpublishFormSchema>;

/**
 * The review's Unpublish button and its dialog ([reviews.unpublish], [reviews.hidden-reason]): the owner chooses why
 * the review comes off the home page (Personal data, Profanity, Off-topic, Other), then
 * "Unpublish review" calls `onUnpublish(reason)`; the dialog closes once that resolves and stays
 * open (the caller toasts the error) when it rejects. Nothing is sent without a reason.
 */
export function UnpublishReviewDialog({
  review,
  disabled,
  onUnpublish,
}: {
  review: Pick<Review, 'id' | 'guestName' | 'rating'>;
  disabled: boolean;
  onUnpublish: (hiddenReason: HiddenReason) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline" disabled={disabled}>
          Unpublish
        </Button>
      </Dialog.Trigger>
      <OwnerDialogContent
        title="Unpublish review"
        description={`Why does ${review.guestName}'s ${review.rating}-star review come off the home page? The reason is kept with the review and in the security audit log: a review is never hidden for its rating.`}
      >
        {open && <UnpublishForm onUnpublish={onUnpublish} onDone={() => setOpen(false)} />}
      </OwnerDialogContent>
    </Dialog.Root>
  );
}

function UnpublishForm({ onUnpublish, onDone }: { onUnpublish: (hiddenReason: HiddenReason) => Promise<unknown>; onDone: () => void }) {
  const id = useId();
  const errorId = `${id}-error`;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<UnpublishFormValues, unknown, { hiddenReason: HiddenReason }>({
    resolver: zodResolver(unpublishFormSchema),
    defaultValues: { hiddenReason: undefined },
  });
  const submit = handleSubmit(async ({ hiddenReason }) => {
    try {
      await onUnpublish(hiddenReason);
      onDone();
    } catch {
      // The caller's mutation toasts the server's message; the dialog stays for another try.
    }
  });
  return (
    <form aria-label="Unpublish review" noValidate className="mt-5 grid gap-5" onSubmit={(event) => void submit(event)}>
      <fieldset
        className="grid gap-2"
        aria-invalid={errors.hiddenReason ? true : undefined}
        aria-describedby={errors.hiddenReason ? errorId : undefined}
      >
        <legend className="mb-1 text-sm font-medium">Reason</legend>
        {HIDDEN_REASONS.map((reason) => (
          <label key={reason} className="flex items-center gap-2 text-sm">
            <input type="radio" value={reason} className="size-4 accent-forest-700" {...register('hiddenReason')} />
            {HIDDEN_REASON_LABELS[reason]}
          </label>
        ))}
        <FieldError id={errorId} label="Reason" error={errors.hiddenReason} />
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          Unpublish review
        </Button>
        <Dialog.Close asChild>
          <Button variant="outline" disabled={isSubmitting}>
            Cancel
          </Button>
        </Dialog.Close>
      </div>
    </form>
  );
}
