import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import CalendarRange from 'lucide-react/icons/calendar-range';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useId, useState } from 'react';
import { useForm, type FieldError as HookFieldError } from 'react-hook-form';
import type { z } from 'zod';
import {
  OFFLINE_METHODS,
  OFFLINE_METHOD_LABELS,
  PROPERTY,
  changeBookingFormSchema,
  changeBookingResponseSchema,
  changeQuoteResponseSchema,
  formatCents,
  mailStatusText,
  todayIn,
  type Booking,
  type ChangeQuoteRequest,
  type ChangeQuoteResponse,
  type ChangeSettle,
  type OfflineMethod,
} from '@ridgeline/core';
import { FieldError, fieldErrorProps } from '@/components/forms/field-error';
import { Button } from '@/components/ui/button';
import { OwnerDialogContent } from '../owner-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { cn } from '@/lib/utils';
import { BOOKING_INQUIRIES_QUERY_KEY } from '../admin-queries';
import { isUnauthorized, serverBody, serverMessage } from '../api-error';
import { formatCalendarDate } from '../format';

type FormValues = z.input<typeof changeBookingFormSchema>;
const FIELDS = ['checkin', 'checkout', 'guests'] as const;
const LABELS: Readonly<Record<(typeof FIELDS)[number], string>> = {
  checkin: 'Check-in',
  checkout: 'Check-out',
  guests: 'Guests',
};

/** The owner's words for each way of settling a difference ([booking.change-money]). */
export const SETTLE_LABELS: Readonly<Record<ChangeSettle, string>> = {
  off_session: 'Charge the saved card now',
  payment_link: 'E-mail the guest a payment link',
  offline: 'Collect it later or outside Stripe',
  balance: 'Add it to the balance',
  refund: 'Refund it',
  credit: "Keep it as the guest's credit",
  none: 'Nothing to settle',
};

/**
 * "Change dates or guests" ([booking.change], [booking.change-money]) on a booking not cancelled
 * nor over: a dialog (Radix: focus trapped, Escape closes) with check-in, check-out and guests
 * (react-hook-form, `changeBookingFormSchema`). **Review change** asks the server's new quote
 * (`POST /api/bookings/{id}/change-quote`) and shows the new total, what was paid and the
 * difference with the ways to settle it; **Save change** (`POST /api/bookings/{id}/change`) saves
 * it. A 400 lands on the field it names, taken nights on Check-in; after saving, the list, the
 * Money section and the history reload.
 */
export function ChangeBookingButton({ booking }: { booking: Booking }) {
  const [open, setOpen] = useState(false);
  const [today] = useState(() => todayIn(PROPERTY.timeZone));
  if (booking.status !== 'confirmed' || booking.checkout <= today) return null;
  const name = `${booking.firstName} ${booking.lastName}`.trim();
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm">
          <CalendarRange aria-hidden="true" />
          Change dates or guests
        </Button>
      </Dialog.Trigger>
      <OwnerDialogContent
        title="Change dates or guests"
        description={
          <>
            {name}, now {formatCalendarDate(booking.checkin)} to {formatCalendarDate(booking.checkout)},{' '}
            {booking.guests} guest{booking.guests === 1 ? '' : 's'}. The new price and the difference are shown before
            anything is saved.
          </>
        }
      >
        {open && <ChangeBookingForm booking={booking} onDone={() => setOpen(false)} />}
      </OwnerDialogContent>
    </Dialog.Root>
  );
}

/** "The guest owes $X" / "The guest is owed $X" / "Nothing to settle". */
export function differenceText(cents: number): string {
  if (cents > 0) return `The guest owes ${formatCents(cents)}`;
  if (cents < 0) return `The guest is owed ${formatCents(-cents)}`;
  return 'Nothing to settle';
}

export function ChangeBookingForm({ booking, onDone }: { booking: Booking; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [review, setReview] = useState<{ request: ChangeQuoteRequest; quote: ChangeQuoteResponse } | null>(null);
  const [settle, setSettle] = useState<ChangeSettle | null>(null);
  const [offlineMethod, setOfflineMethod] = useState<OfflineMethod>('cash');
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, ChangeQuoteRequest>({
    resolver: zodResolver(changeBookingFormSchema),
    defaultValues: { checkin: booking.checkin, checkout: booking.checkout, guests: String(booking.guests) },
  });

  /** A refusal on its field (400 names it; taken nights on Check-in), else above the buttons. */
  const showRefusal = (error: unknown) => {
    if (isUnauthorized(error)) return;
    const body = serverBody(error);
    const field = body?.field;
    // The refusal's `reason` says what happened (issue 24 §4), never the body's shape.
    const closed = body?.reason === 'closed' && Array.isArray(body.closedDates) ? (body.closedDates as string[]) : null;
    if (closed) {
      setError(
        'checkin',
        {
          message: `cannot be these dates: ${closed.map(formatCalendarDate).join(', ')} ${closed.length === 1 ? 'is' : 'are'} already taken`,
        },
        { shouldFocus: true },
      );
      return;
    }
    if (typeof field === 'string' && (FIELDS as readonly string[]).includes(field)) {
      setError(
        field as (typeof FIELDS)[number],
        { message: serverMessage(error)?.replace(/^[^:]+: /, '') },
        { shouldFocus: true },
      );
      return;
    }
    setProblem(serverMessage(error) ?? 'The server could not be reached. Please try again.');
  };

  const quote = useMutation({
    mutationFn: (request: ChangeQuoteRequest) =>
      apiSend('POST', `/api/bookings/${booking.id}/change-quote`, changeQuoteResponseSchema, request, adminApi.area),
    onSuccess: (answer, request) => {
      setReview({ request, quote: answer });
      setSettle(answer.options[0] ?? null);
    },
    onError: showRefusal,
  });

  const save = useMutation({
    mutationFn: () =>
      apiSend(
        'POST',
        `/api/bookings/${booking.id}/change`,
        changeBookingResponseSchema,
        {
          ...review!.request,
          settle: settle!,
          ...(settle === 'refund' && review!.quote.offlineRefundableCents > 0 ? { offlineMethod } : {}),
        },
        adminApi.area,
      ),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: BOOKING_INQUIRIES_QUERY_KEY });
      // The Money section, the history and the refund quote of this booking.
      void queryClient.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(`/api/bookings/${booking.id}/`),
      });
      const { settlement, change } = answer;
      toast({
        variant: settlement.status === 'settled' ? 'default' : 'destructive',
        title: settlement.status === 'open' ? 'Change saved, payment not confirmed' : 'Booking changed',
        description: `${formatCalendarDate(change.to.checkin)} to ${formatCalendarDate(change.to.checkout)}, ${change.to.guests} guest${change.to.guests === 1 ? '' : 's'}. ${settlement.message}.${settlement.status === 'open' ? ' Save the change again to finish: it is never charged twice.' : ''}${settlement.mail ? ` E-mail to the guest: ${mailStatusText(settlement.mail, booking.email)}.` : ''}${settlement.url ? ` Payment link: ${settlement.url}` : ''}`,
      });
      onDone();
    },
    onError: (error) => {
      setReview(null);
      showRefusal(error);
    },
  });

  const onReview = handleSubmit((request) => {
    setProblem(null);
    if (!quote.isPending) quote.mutate(request);
  });
  // Guests is typed text the schema makes a number: its error is a field's like the others.
  const errorOf = (name: (typeof FIELDS)[number]) => errors[name] as HookFieldError | undefined;
  const f = (name: (typeof FIELDS)[number]) => ({ id: `${id}-${name}`, errorId: `${id}-${name}-error` });
  // Editing a field after the review asks for a new one: the quote shown is always of the dates typed.
  const edited = { onChange: () => setReview(null) };

  return (
    <form onSubmit={(e) => void onReview(e)} noValidate aria-label="Change dates or guests" className="mt-4 grid gap-4">
      {FIELDS.map((name) => (
        <div key={name} className="grid gap-2">
          <Label htmlFor={f(name).id}>{LABELS[name]}</Label>
          <Input
            id={f(name).id}
            type={name === 'guests' ? 'number' : 'date'}
            {...(name === 'guests' ? { min: 1, max: 12, inputMode: 'numeric' as const } : {})}
            {...register(name, edited)}
            {...fieldErrorProps(errorOf(name), f(name).errorId)}
          />
          <FieldError id={f(name).errorId} label={LABELS[name]} error={errorOf(name)} />
        </div>
      ))}
      {review && (
        <ChangeReview
          quote={review.quote}
          settle={settle}
          onSettle={setSettle}
          offlineMethod={offlineMethod}
          onOfflineMethod={setOfflineMethod}
          idBase={id}
        />
      )}
      {problem && (
        <p role="alert" className="text-sm font-medium text-destructive">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Dialog.Close asChild>
          <Button type="button" variant="ghost">
            Cancel
          </Button>
        </Dialog.Close>
        {review ? (
          <Button
            type="button"
            onClick={() => !save.isPending && settle && save.mutate()}
            disabled={save.isPending || !settle}
            aria-busy={save.isPending || undefined}
          >
            {save.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            Save change
          </Button>
        ) : (
          <Button type="submit" disabled={quote.isPending} aria-busy={quote.isPending || undefined}>
            {quote.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            Review change
          </Button>
        )}
      </div>
    </form>
  );
}

/** The reviewed change: the new quote, the difference and how to settle it. */
function ChangeReview(props: {
  quote: ChangeQuoteResponse;
  settle: ChangeSettle | null;
  onSettle: (s: ChangeSettle) => void;
  offlineMethod: OfflineMethod;
  onOfflineMethod: (m: OfflineMethod) => void;
  idBase: string;
}) {
  const { quote, settle, idBase } = props;
  const owed = -quote.differenceCents;
  const givenBackOffline =
    settle === 'refund'
      ? Math.max(0, Math.min(owed - Math.min(owed, quote.refundableCents), quote.offlineRefundableCents))
      : 0;
  return (
    <section aria-label="Review change" className="grid gap-3 rounded-lg border bg-muted/50 p-3 text-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted-foreground">New dates</dt>
        <dd>
          {formatCalendarDate(quote.to.checkin)} to {formatCalendarDate(quote.to.checkout)}, {quote.to.guests} guest
          {quote.to.guests === 1 ? '' : 's'}
        </dd>
        <dt className="text-muted-foreground">New total</dt>
        <dd className="tabular-nums">{formatCents(quote.newTotalCents)}</dd>
        <dt className="text-muted-foreground">Old total</dt>
        <dd className="tabular-nums">{formatCents(quote.oldTotalCents)}</dd>
        <dt className="text-muted-foreground">Paid so far</dt>
        <dd className="tabular-nums">{formatCents(quote.paidCents)}</dd>
        <dt className="text-muted-foreground">Difference</dt>
        <dd className="font-medium">{differenceText(quote.differenceCents)}</dd>
        {quote.balance && (
          <>
            <dt className="text-muted-foreground">New balance</dt>
            <dd className="tabular-nums">
              {formatCents(quote.balance.amountCents)}, charged on {formatCalendarDate(quote.balance.dueDate)}
            </dd>
          </>
        )}
      </dl>
      {quote.differenceCents !== 0 && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 font-medium">Settle the difference</legend>
          {quote.options.map((option) => (
            <div key={option} className="flex items-center gap-2">
              <input
                id={`${idBase}-settle-${option}`}
                type="radio"
                name={`${idBase}-settle`}
                value={option}
                checked={settle === option}
                onChange={() => props.onSettle(option)}
                className="size-4 accent-forest-700"
              />
              <label htmlFor={`${idBase}-settle-${option}`} className="cursor-pointer">
                {SETTLE_LABELS[option]}
              </label>
            </div>
          ))}
        </fieldset>
      )}
      {settle === 'refund' && (
        <p>
          {formatCents(Math.min(owed, quote.refundableCents))} back to the card
          {givenBackOffline > 0 ? `, ${formatCents(givenBackOffline)} given back outside Stripe` : ''}.
        </p>
      )}
      {givenBackOffline > 0 && (
        <div className="grid gap-2">
          <Label htmlFor={`${idBase}-offline-method`}>How it is given back</Label>
          <select
            id={`${idBase}-offline-method`}
            value={props.offlineMethod}
            onChange={(e) => props.onOfflineMethod(e.target.value as OfflineMethod)}
            className={cn(
              'h-10 w-full rounded-md border border-input bg-card px-3 text-sm shadow-sm',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            )}
          >
            {OFFLINE_METHODS.map((m) => (
              <option key={m} value={m}>
                {OFFLINE_METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        </div>
      )}
    </section>
  );
}
