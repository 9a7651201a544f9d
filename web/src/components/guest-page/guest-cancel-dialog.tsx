import * as Dialog from '@radix-ui/react-dialog';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { formatCents } from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-error';

export interface GuestCancelDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What cancelling now refunds, cents ([cancel.refund-due]). */
  refundCents: number;
  onConfirm: () => void;
  pending: boolean;
  /** The last attempt's failure, shown in the dialog. */
  error: unknown;
  /** Where focus goes when the dialog closes (undefined: back to what opened it). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** The failure of a cancellation in the guest's words ([guest.cancel]). */
export function cancelFailureText(error: unknown): string {
  if (error instanceof ApiError) {
    const message = error.json?.error;
    if (error.status === 502) return 'The refund could not be made right now, so your booking was not cancelled. Please try again in a few minutes or call us.';
    if (typeof message === 'string' && (error.status === 409 || error.status === 404)) return message;
  }
  return 'Your booking could not be cancelled. Please try again or call us.';
}

/**
 * "Cancel this booking?" ([guest.cancel]): the refund the guest will get, "Keep booking" and
 * "Yes, cancel booking". A Radix Dialog: focus moves in (to "Keep booking", the safe choice),
 * Escape and "Keep booking" close it, focus returns to the page.
 */
export function GuestCancelDialog({ open, onOpenChange, refundCents, onConfirm, pending, error, onCloseAutoFocus }: GuestCancelDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-background p-6 shadow-xl focus:outline-none"
        >
          <Dialog.Title className="font-display text-2xl font-semibold tracking-tight text-navy-900">Cancel this booking?</Dialog.Title>
          <Dialog.Description className="mt-2 text-muted-foreground">
            {refundCents > 0 ? `You will be refunded ${formatCents(refundCents)} to the card you paid with.` : 'By the cancellation policy no refund is due if you cancel now.'} Your nights will be
            released and this cannot be undone.
          </Dialog.Description>
          {error !== null && error !== undefined && (
            <p role="alert" className="mt-4 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive">
              {cancelFailureText(error)}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="outline" disabled={pending} autoFocus>
                Keep booking
              </Button>
            </Dialog.Close>
            <Button variant="destructive" onClick={onConfirm} disabled={pending} aria-busy={pending || undefined}>
              {pending && <LoaderCircle aria-hidden="true" className="animate-spin motion-reduce:animate-none" />}
              {pending ? 'Cancelling…' : 'Yes, cancel booking'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
