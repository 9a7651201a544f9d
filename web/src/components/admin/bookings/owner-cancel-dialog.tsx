import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Ban from 'lucide-react/icons/ban';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useEffect, useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  OFFLINE_METHODS,
  OFFLINE_METHOD_LABELS,
  cancelBookingResponseSchema,
  formatCents,
  refundQuoteResponseSchema,
  type Booking,
  type CancelBookingRequest,
  type UnfinishedRefund,
} from '@ridgeline/core';
import { MoneyField, ReasonField } from '@/components/forms/money-fields';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { apiQuery, apiSend } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { adminApi } from '@/lib/query-client';
import { BOOKING_INQUIRIES_QUERY_KEY } from '../admin-queries';
import { isUnauthorized, serverBody, serverMessage } from '../api-error';
import { formatCalendarDate } from '../format';
import { OwnerDialogContent } from '../owner-dialog';
import { cancelBookingFormSchema, centsToDollarsText, type CancelBookingFormValues } from './cancel-booking-form';

/**
 * The Bookings item's "Cancel booking" button ([booking.cancel], [booking.refund],
 * [money.offline-refund], [money.refund-incomplete]) and its dialog: what the stay was paid by
 * card and outside Stripe, the policy's refund for today (`GET /api/bookings/{id}/refund-quote`),
 * an editable card refund in dollars (at most what the cards can still give back), the money
 * given back outside Stripe and how (at most what was paid that way and not given back), a reason
 * told to the guest, and "Cancel and refund" (`POST /api/bookings/{id}/cancel`). A cancellation
 * whose refund did not finish shows each part (refunded, failed with Stripe's message, or
 * waiting) and the form then decides the rest. Nothing for a booking already cancelled or still
 * awaiting its payment.
 */
export function OwnerCancelButton({ booking }: { booking: Booking }) {
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
      <OwnerDialogContent
        title="Cancel booking"
        description={
          <>
            {name}, {formatCalendarDate(booking.checkin)} to {formatCalendarDate(booking.checkout)}. The nights open again, the cleaning is cancelled and the guest is e-mailed.
          </>
        }
      >
        {open && <CancelBookingForm booking={booking} onDone={() => setOpen(false)} />}
      </OwnerDialogContent>
    </Dialog.Root>
  );
}

/** The owner's words for a card PaymentIntent of the booking. */
function paymentName(booking: Pick<Booking, 'stripePaymentIntentId' | 'balance'>, paymentIntentId: string): string {
  if (paymentIntentId === booking.balance?.paymentIntentId) return 'the balance';
  if (paymentIntentId === booking.stripePaymentIntentId) return booking.balance?.paymentIntentId ? 'the deposit' : 'the card payment';
  return `card payment ${paymentIntentId}`;
}

const PART_WORDS: Readonly<Record<UnfinishedRefund['parts'][number]['status'], string>> = {
  planned: 'waiting for Stripe',
  pending: 'refunded (pending)',
  requires_action: 'refunded (the bank asks for action)',
  succeeded: 'refunded',
  failed: 'failed',
  dropped: 'not given back by card',
};

/**
 * A cancellation's refund that did not finish ([money.refund-incomplete]): each part with where
 * it stands and Stripe's message, and what the form does about the rest.
 */
function UnfinishedRefundNotice({ booking, refund }: { booking: Booking; refund: UnfinishedRefund }) {
  return (
    <div role="alert" className="rounded-lg border border-destructive/40 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-medium">
        {refund.status === 'incomplete'
          ? `Part of this cancellation's refund failed: ${formatCents(refund.movedCents)} went back to the card, ${formatCents(refund.missingCents)} did not.`
          : `This cancellation's refund is waiting for Stripe's answer: ${formatCents(refund.movedCents)} went back to the card so far.`}
      </p>
      <ul className="mt-1.5 grid gap-0.5">
        {refund.parts.map((part) => (
          <li key={part.position}>
            {formatCents(part.amountCents)} from {paymentName(booking, part.paymentIntentId)}: {PART_WORDS[part.status]}
            {part.error ? ` (${part.error})` : ''}
          </li>
        ))}
      </ul>
      <p className="mt-1.5 text-xs">
        {refund.status === 'incomplete'
          ? 'Try the rest again by card (at most what the cards can still give back), or refund 0 to cancel without it.'
          : 'Cancel and refund asks Stripe again for the parts waiting, exactly as first asked.'}
      </p>
    </div>
  );
}

function CancelBookingForm({ booking, onDone }: { booking: Booking; onDone: () => void }) {
  const queryClient = useQueryClient();
  const quotePath = `/api/bookings/${booking.id}/refund-quote`;
  const quote = useQuery(apiQuery(quotePath, refundQuoteResponseSchema, adminApi.area));
  const refundable = quote.data?.refundableCents ?? 0;
  const unfinished = quote.data?.unfinishedRefund ?? null;
  // Only money paid outside Stripe goes back outside Stripe ([money.offline]).
  const offlineCap = quote.data?.offlineRefundableCents ?? 0;
  const schema = useMemo(() => cancelBookingFormSchema({ refundableCents: refundable, offlineRefundableCents: offlineCap }), [refundable, offlineCap]);
  const form = useForm<CancelBookingFormValues, unknown, CancelBookingRequest>({
    resolver: zodResolver(schema),
    defaultValues: { refundDollars: '', offlineRefundDollars: '', offlineMethod: 'cash', reason: '' },
  });
  const { register, handleSubmit, formState, reset, setError } = form;
  const amountId = useId();
  const offlineId = useId();
  const methodId = useId();
  const reasonId = useId();

  // The policy's refund (or the rest of an incomplete one) is the starting amount once known.
  const policyCents = quote.data?.policyRefundCents;
  const startReason = unfinished?.reason ?? '';
  useEffect(() => {
    if (policyCents !== undefined) reset({ refundDollars: centsToDollarsText(policyCents), offlineRefundDollars: '', offlineMethod: 'cash', reason: startReason });
  }, [policyCents, startReason, reset]);

  const cancel = useMutation({
    mutationFn: (body: CancelBookingRequest) => apiSend('POST', `/api/bookings/${booking.id}/cancel`, cancelBookingResponseSchema, body, adminApi.area),
    onSuccess: (result, body) => {
      const card = result.refund ? `Refunded ${formatCents(result.refund.amountCents)} to the guest's card.` : 'No refund was made by card.';
      const offline = body.offlineRefundCents ? ` ${formatCents(body.offlineRefundCents)} given back by ${OFFLINE_METHOD_LABELS[body.offlineMethod ?? 'other'].toLowerCase()} is recorded.` : '';
      toast({ title: 'Booking cancelled', description: `${card}${offline}` });
      void queryClient.invalidateQueries({ queryKey: BOOKING_INQUIRIES_QUERY_KEY });
      onDone();
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      const body = serverBody(error);
      const field = { refundCents: 'refundDollars', offlineRefundCents: 'offlineRefundDollars', offlineMethod: 'offlineMethod', reason: 'reason' } as const;
      const target = typeof body?.field === 'string' ? field[body.field as keyof typeof field] : undefined;
      if (target) setError(target, { message: serverMessage(error)?.replace(/^[^:]+: /, '') });
      if (error instanceof ApiError && error.status === 409) void queryClient.invalidateQueries({ queryKey: BOOKING_INQUIRIES_QUERY_KEY });
      // Part of the refund may have moved: show where it stands ([money.refund-incomplete]).
      if (error instanceof ApiError && error.status === 502) {
        void queryClient.invalidateQueries({ queryKey: [quotePath] });
        void queryClient.invalidateQueries({ queryKey: BOOKING_INQUIRIES_QUERY_KEY });
      }
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
      {unfinished && <UnfinishedRefundNotice booking={booking} refund={unfinished} />}
      <div className="rounded-lg bg-muted/70 p-3 text-sm">
        <p className="text-navy-900">
          Paid by card: {formatCents(q.cardPaidCents)}
          {q.offlinePaidCents > 0 ? ` · Paid outside Stripe: ${formatCents(q.offlinePaidCents)}` : ''}
        </p>
        <p className="mt-1">
          <span className="font-medium text-navy-900">{unfinished?.status === 'incomplete' ? 'Left to refund by card' : 'Policy refund today'}: {formatCents(q.policyRefundCents)}</span>
          {q.refundableCents > 0 ? ` of ${formatCents(q.refundableCents)} paid by card and not yet refunded.` : ' (no card payment to refund).'}
        </p>
        <ul className="mt-2 grid gap-0.5 text-xs text-muted-foreground">
          {q.policyLines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </div>
      <MoneyField
        id={amountId}
        label="Refund amount"
        disabled={q.refundableCents === 0}
        hint={q.refundableCents > 0 ? `To the guest's card, in dollars, at most ${formatCents(q.refundableCents)}. 0 cancels without a card refund.` : 'Nothing can be refunded by card for this booking.'}
        error={errors.refundDollars}
        {...register('refundDollars')}
      />
      {offlineCap > 0 && (
        <div className="grid gap-3 sm:grid-cols-[1fr_auto]">
          <div className="grid gap-1.5">
            <Label htmlFor={offlineId}>Given back outside Stripe</Label>
            <div className="flex items-center gap-1.5">
              <span aria-hidden="true" className="text-sm text-muted-foreground">
                $
              </span>
              <Input
                id={offlineId}
                inputMode="decimal"
                placeholder="0"
                aria-invalid={errors.offlineRefundDollars ? true : undefined}
                aria-describedby={`${offlineId}-hint${errors.offlineRefundDollars ? ` ${offlineId}-error` : ''}`}
                {...register('offlineRefundDollars')}
              />
            </div>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={methodId}>How</Label>
            <select
              id={methodId}
              className="h-10 rounded-md border border-input bg-background px-3 text-sm"
              aria-invalid={errors.offlineMethod ? true : undefined}
              aria-describedby={errors.offlineMethod ? `${methodId}-error` : undefined}
              {...register('offlineMethod')}
            >
              {OFFLINE_METHODS.map((method) => (
                <option key={method} value={method}>
                  {OFFLINE_METHOD_LABELS[method]}
                </option>
              ))}
            </select>
          </div>
          <p id={`${offlineId}-hint`} className="text-xs text-muted-foreground sm:col-span-2">
            Cash, check or bank transfer you give back yourself, recorded with the cancellation; at most {formatCents(offlineCap)}. Money paid that way never goes back to a card.
          </p>
          {errors.offlineRefundDollars?.message && (
            <p id={`${offlineId}-error`} className="text-sm font-medium text-destructive sm:col-span-2">
              {errors.offlineRefundDollars.message}
            </p>
          )}
          {errors.offlineMethod?.message && (
            <p id={`${methodId}-error`} className="text-sm font-medium text-destructive sm:col-span-2">
              {errors.offlineMethod.message}
            </p>
          )}
        </div>
      )}
      <ReasonField id={reasonId} label="Reason" hint="Optional. The guest reads it in the cancellation e-mail." error={errors.reason} {...register('reason')} />
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
