import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Ban from 'lucide-react/icons/ban';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import X from 'lucide-react/icons/x';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  cancelBookingResponseSchema,
  formatCents,
  refundQuoteResponseSchema,
  type BookingInquiry,
  type CancelBookingRequest,
} from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { apiQuery, apiSend } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { adminApi } from '@/lib/query-client';
import { BOOKING_INQUIRIES_QUERY_KEY } from '../admin-queries';
import { isUnauthorized, serverBody, serverMessage } from '../api-error';
import { formatCalendarDate } from '../format';
import { cancelBookingFormSchema, centsToDollarsText, type CancelBookingFormValues } from './cancel-booking-form';

/**
 * The Bookings item's "Cancel booking" button ([booking.cancel], [booking.refund]) and its dialog:
 * the policy's refund for today (`GET /api/bookings/{id}/refund-quote`), an editable refund
 * amount in dollars (at most what is refundable), a reason told to the guest, and "Cancel and
 * refund" (`POST /api/bookings/{id}/cancel`). Nothing for a booking already cancelled or still
 * awaiting its payment.
 */
export function CancelBookingButton({ booking }: { booking: BookingInquiry }) {
  const [open, setOpen] = useState(false);
  // A booking still awaiting its payment cannot be cancelled (the server answers 409): no button.
  if (booking.status === 'cancelled' || booking.status === 'pending') return null;
  const name = `${booking.firstName} ${booking.lastName}`.trim();
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm" className="border-destructive/50 text-destructive hover:bg-red-50" aria-label={`Cancel booking of ${name}`}>
          <Ban aria-hidden="true" />
          Cancel booking
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-background p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="pr-10 font-display text-2xl font-semibold tracking-tight text-navy-900">Cancel booking</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            {name}, {formatCalendarDate(booking.checkin)} to {formatCalendarDate(booking.checkout)}. The nights open again, the cleaning is cancelled and the guest is e-mailed.
          </Dialog.Description>
          {open && <CancelBookingForm booking={booking} onDone={() => setOpen(false)} />}
          <Dialog.Close asChild>
            <Button variant="ghost" size="icon" className="absolute right-3 top-3" aria-label="Close">
              <X className="size-5" aria-hidden="true" />
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CancelBookingForm({ booking, onDone }: { booking: BookingInquiry; onDone: () => void }) {
  const queryClient = useQueryClient();
  const quote = useQuery(apiQuery(`/api/bookings/${booking.id}/refund-quote`, refundQuoteResponseSchema, adminApi.area));
  const refundable = quote.data?.refundableCents ?? 0;
  const schema = useMemo(() => cancelBookingFormSchema(refundable), [refundable]);
  const form = useForm<CancelBookingFormValues, unknown, CancelBookingRequest>({ resolver: zodResolver(schema), defaultValues: { refundDollars: '', reason: '' } });
  const { register, handleSubmit, formState, reset, setError } = form;
  const amountId = useId();
  const reasonId = useId();

  // The policy's refund is the starting amount once known.
  const policyCents = quote.data?.policyRefundCents;
  useEffect(() => {
    if (policyCents !== undefined) reset({ refundDollars: centsToDollarsText(policyCents), reason: '' });
  }, [policyCents, reset]);

  const cancel = useMutation({
    mutationFn: (body: CancelBookingRequest) => apiSend('POST', `/api/bookings/${booking.id}/cancel`, cancelBookingResponseSchema, body, adminApi.area),
    onSuccess: (result) => {
      toast({
        title: 'Booking cancelled',
        description: result.refund ? `Refunded ${formatCents(result.refund.amountCents)} to the guest's card.` : 'No refund was made.',
      });
      void queryClient.invalidateQueries({ queryKey: BOOKING_INQUIRIES_QUERY_KEY });
      onDone();
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      const body = serverBody(error);
      if (body?.field === 'refundCents' || body?.field === 'reason') {
        setError(body.field === 'reason' ? 'reason' : 'refundDollars', { message: serverMessage(error)?.replace(/^[^:]+: /, '') });
      }
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: BOOKING_INQUIRIES_QUERY_KEY });
      toast({ variant: 'destructive', title: 'Booking not cancelled', description: serverMessage(error) ?? 'Please try again.' });
    },
  });

  if (quote.isError) {
    return (
      <div role="alert" className="mt-4 grid gap-3 rounded-lg border border-destructive/40 bg-red-50 p-4 text-sm text-red-900">
        <p>{serverMessage(quote.error) ?? 'The refund could not be worked out.'}</p>
        <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void quote.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!quote.data) {
    return (
      <div aria-busy="true" className="mt-4 grid gap-3">
        <p role="status" className="sr-only">
          Working out the refund…
        </p>
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }

  const { errors } = formState;
  const q = quote.data;
  const onSubmit = handleSubmit((body) => cancel.mutate(body));
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-4 grid gap-4">
      <div className="rounded-lg bg-muted/70 p-3 text-sm">
        <p>
          <span className="font-medium text-navy-900">Policy refund today: {formatCents(q.policyRefundCents)}</span>
          {q.refundableCents > 0 ? ` of ${formatCents(q.refundableCents)} paid by card and not yet refunded.` : ' (no card payment to refund).'}
        </p>
        <ul className="mt-2 grid gap-0.5 text-xs text-muted-foreground">
          {q.policyLines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={amountId}>Refund amount</Label>
        <div className="flex items-center gap-1.5">
          <span aria-hidden="true" className="text-sm text-muted-foreground">
            $
          </span>
          <Input
            id={amountId}
            inputMode="decimal"
            disabled={q.refundableCents === 0}
            aria-invalid={errors.refundDollars ? true : undefined}
            aria-describedby={`${amountId}-hint${errors.refundDollars ? ` ${amountId}-error` : ''}`}
            {...register('refundDollars')}
          />
        </div>
        <p id={`${amountId}-hint`} className="text-xs text-muted-foreground">
          {q.refundableCents > 0 ? `In dollars, at most ${formatCents(q.refundableCents)}. 0 cancels without a refund.` : 'Nothing can be refunded by card for this booking.'}
        </p>
        {errors.refundDollars?.message && (
          <p id={`${amountId}-error`} className="text-sm font-medium text-destructive">
            {errors.refundDollars.message}
          </p>
        )}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={reasonId}>Reason</Label>
        <Textarea
          id={reasonId}
          maxLength={500}
          aria-describedby={`${reasonId}-hint${errors.reason ? ` ${reasonId}-error` : ''}`}
          aria-invalid={errors.reason ? true : undefined}
          {...register('reason')}
        />
        <p id={`${reasonId}-hint`} className="text-xs text-muted-foreground">
          Optional. The guest reads it in the cancellation e-mail.
        </p>
        {errors.reason?.message && (
          <p id={`${reasonId}-error`} className="text-sm font-medium text-destructive">
            {errors.reason.message}
          </p>
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Dialog.Close asChild>
          <Button type="button" variant="ghost">
            Keep booking
          </Button>
        </Dialog.Close>
        <Button type="submit" variant="destructive" disabled={cancel.isPending}>
          {cancel.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          Cancel and refund
        </Button>
      </div>
    </form>
  );
}
