import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { formatCents, guestCancelResponseSchema, type GuestStay, type GuestStayResponse } from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { apiSend } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { GuestCancelDialog } from './guest-cancel-dialog';
import { StaySection } from './stay-details';

const cancelledOn = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/**
 * The cancellation policy and the guest's cancel ([guest.page], [guest.cancel]): the policy's
 * sentences, "If you cancel today you will be refunded $X.", how money paid by cash, check or bank
 * transfer comes back when some was ([money.offline-refund]), and "Cancel booking", which asks
 * first (GuestCancelDialog). After the cancel the page shows the booking cancelled with its
 * refund, says so in a toast, and moves focus to the cancelled notice.
 */
export function StayCancellation({ stay, stayPath }: { stay: GuestStay; stayPath: string }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  const cancelButtonRef = useRef<HTMLButtonElement>(null);
  // Set once the cancel succeeded: focus goes to the cancelled notice, whichever comes last of
  // the dialog's closing and the notice's first render.
  const focusNoticeRef = useRef(false);
  const cancel = useMutation({
    mutationFn: () => apiSend('POST', `${stayPath}/cancel`, guestCancelResponseSchema, {}),
    onSuccess: ({ booking, refund }) => {
      focusNoticeRef.current = true;
      queryClient.setQueryData<GuestStayResponse>([stayPath], { booking });
      setOpen(false);
      toast({
        title: 'Booking cancelled',
        description: refund && refund.amountCents > 0 ? `You will be refunded ${formatCents(refund.amountCents)}.` : 'No refund was due under the cancellation policy.',
      });
    },
    onError: (error) => {
      // Already cancelled or past check-in: show the booking as it now stands.
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: [stayPath] });
    },
  });

  const cancelled = stay.status === 'cancelled';
  // [money.offline-refund]: money given back by cash, check or bank transfer never went to a card.
  const cardRefundedCents = Math.max(0, stay.refundedCents - (stay.offlineRefundedCents ?? 0));
  useEffect(() => {
    if (cancelled && !open && focusNoticeRef.current) noticeRef.current?.focus();
  }, [cancelled, open]);

  return (
    <StaySection title="Cancellation policy">
      <ul className="grid list-disc gap-1.5 pl-5 text-sm text-navy-900">
        {stay.cancellationPolicy.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {stay.status === 'cancelled' ? (
        <div ref={noticeRef} tabIndex={-1} role="status" className="mt-5 rounded-md border border-forest-600/30 bg-forest-50 p-4 text-sm text-navy-900 focus:outline-none">
          <p className="font-semibold">
            This booking was cancelled{stay.cancelledAt ? ` on ${cancelledOn.format(new Date(stay.cancelledAt))}` : ''}.
          </p>
          <p className="mt-1">{cardRefundedCents > 0 ? `${formatCents(cardRefundedCents)} was refunded to the card you paid with.` : stay.refundedCents > 0 ? 'Nothing was refunded to a card.' : 'No refund was due.'}</p>
          {stay.offlineRefundNote && <p className="mt-1">{stay.offlineRefundNote}</p>}
        </div>
      ) : stay.canCancel ? (
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="grid gap-1 text-sm">
            <p className="font-medium text-navy-900">If you cancel today you will be refunded {formatCents(stay.refundTodayCents)}.</p>
            {stay.offlineRefundNote && <p className="text-muted-foreground">{stay.offlineRefundNote}</p>}
          </div>
          <Button
            ref={cancelButtonRef}
            variant="outline"
            className="border-destructive/50 text-destructive hover:bg-destructive/5 hover:text-destructive"
            onClick={() => {
              cancel.reset();
              setOpen(true);
            }}
          >
            Cancel booking
          </Button>
        </div>
      ) : (
        <p className="mt-5 text-sm text-muted-foreground">
          {stay.status === 'confirmed' ? 'Check-in has passed, so this booking can no longer be cancelled online.' : 'This booking cannot be cancelled online.'} Please contact us.
        </p>
      )}
      <GuestCancelDialog
        open={open}
        onOpenChange={setOpen}
        refundCents={stay.refundTodayCents}
        onConfirm={() => cancel.mutate()}
        pending={cancel.isPending}
        error={cancel.error}
        onCloseAutoFocus={(event) => {
          // Back to "Cancel booking"; after a cancel the button is gone: to the notice that replaced it.
          event.preventDefault();
          (focusNoticeRef.current ? noticeRef.current : cancelButtonRef.current)?.focus();
        }}
      />
    </StaySection>
  );
}
