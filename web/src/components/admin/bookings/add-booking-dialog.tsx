import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import Plus from 'lucide-react/icons/plus';
import X from 'lucide-react/icons/x';
import { useId, useState } from 'react';
import { useForm, useWatch, type FieldError as HookFieldError, type FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import { createOwnerBookingResponseSchema, formatCents, isIsoDate, ownerBookingFieldsSchema, ownerBookingFormSchema, ownerQuoteResponseSchema, type CreateOwnerBookingRequest } from '@ridgeline/core';
import { FieldError, fieldErrorProps } from '@/components/forms/field-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { apiQuery, apiSend } from '@/lib/api';
import { firstFieldError } from '@/lib/form-errors';
import { adminApi } from '@/lib/query-client';
import { BOOKING_INQUIRIES_QUERY_KEY } from '../admin-queries';
import { isUnauthorized, serverBody, serverMessage } from '../api-error';
import { nightsLabel } from './booking-quote';
import { isAvailabilityQueryKey } from '../availability/grid-month';
import { formatCalendarDate } from '../format';
import { isStaysQueryKey } from '../stays/stay-nights';

/** The form's fields as typed: `ownerBookingFormSchema`'s input (amount paid in dollars). */
type FormValues = z.input<typeof ownerBookingFormSchema>;

const EMPTY: FormValues = { kind: 'manual', checkin: '', checkout: '', guests: '2', firstName: '', lastName: '', email: '', phone: '', amountPaid: '', notes: '' };

/** The field order of the server's 400 ("field: message"), with the form's own amount field. */
const FIELD_ORDER = [...Object.keys(ownerBookingFieldsSchema.shape).filter((k) => k !== 'amountPaidCents'), 'amountPaid'];

const TYPES = [
  { value: 'manual', label: 'Phone or e-mail booking', hint: "A guest's booking you took yourself; priced at today's quote." },
  { value: 'owner', label: 'Owner stay', hint: 'Your own or your family’s stay: nights closed, nothing to pay.' },
] as const;

/**
 * [bookings.owner-quote]: the server's price of the stay typed so far, read once the dates make a
 * stay: the nights, the total, and the card fee that money paid outside Stripe does not pay.
 */
function OwnerQuote({ checkin, checkout, guests }: { checkin: string; checkout: string; guests: string }) {
  const ready = isIsoDate(checkin) && isIsoDate(checkout) && checkout > checkin && /^\d{1,2}$/.test(guests.trim());
  const params = new URLSearchParams({ checkin, checkout, guests: guests.trim() });
  const quote = useQuery({ ...apiQuery(`/api/bookings/quote?${params.toString()}`, ownerQuoteResponseSchema, adminApi.area), enabled: ready, retry: false });
  let text: string;
  if (!ready) text = 'Enter the dates and guests to see the price.';
  else if (quote.isPending) text = 'Pricing the stay…';
  else if (quote.isError) text = `No price: ${serverMessage(quote.error) ?? 'the server could not be reached'}.`;
  else {
    const q = quote.data.quote;
    text = `${nightsLabel(q, formatCents)}: total ${formatCents(q.totalCents)}`;
    if (q.cardFeeCents > 0) text += ` (with a ${formatCents(q.cardFeeCents)} card fee, not charged on money paid outside Stripe)`;
    text += '.';
  }
  return (
    <p role="status" aria-label="Price of the stay" className="rounded-lg bg-muted/70 px-3 py-2 text-sm">
      <span className="font-medium">Price: </span>
      {text}
    </p>
  );
}

/**
 * "Add booking" ([bookings.owner-create]): a dialog (Radix: focus trapped, Escape closes) with
 * the booking's Type (a phone or e-mail booking, or an owner stay), dates, guests, the guest's
 * name and contact, the amount already paid in dollars and notes, checked with
 * `ownerBookingFormSchema` (the request schema of `POST /api/bookings`, amount in dollars).
 * Before the amount paid, a phone booking shows its quote ([bookings.owner-quote]: the server's
 * total for the dates and guests typed, `GET /api/bookings/quote`).
 * Added: "Booking added", the dialog closes and the bookings, stays and availability reload. A
 * night already taken (409) keeps the dialog open and lists the nights.
 */
export function AddBookingDialog() {
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [takenNights, setTakenNights] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<FormValues, unknown, CreateOwnerBookingRequest>({
    resolver: zodResolver(ownerBookingFormSchema),
    defaultValues: EMPTY,
    // The amount field leaves the form with an owner stay, and its value with it.
    shouldUnregister: true,
  });
  const [kind, checkin, checkout, guests] = useWatch({ control, name: ['kind', 'checkin', 'checkout', 'guests'] });

  const add = useMutation({
    mutationFn: (body: CreateOwnerBookingRequest) => apiSend('POST', '/api/bookings', createOwnerBookingResponseSchema, body, adminApi.area),
    onSuccess: ({ booking }) => {
      const name = `${booking.firstName} ${booking.lastName}`.trim();
      toast({ title: 'Booking added', description: `${booking.kind === 'owner' ? 'Owner stay' : 'Phone booking'} for ${name}, ${formatCalendarDate(booking.checkin)} to ${formatCalendarDate(booking.checkout)}.` });
      setTakenNights([]);
      reset(EMPTY);
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: BOOKING_INQUIRIES_QUERY_KEY });
      void queryClient.invalidateQueries({ predicate: (q) => isStaysQueryKey(q.queryKey) || isAvailabilityQueryKey(q.queryKey) });
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      const closed = serverBody(error)?.closedDates;
      if (Array.isArray(closed)) {
        const nights = closed.filter((d): d is string => typeof d === 'string');
        setTakenNights(nights);
        toast({ variant: 'destructive', title: 'Nights already taken', description: nights.map(formatCalendarDate).join(', ') });
        return;
      }
      toast({ variant: 'destructive', title: 'Could not add the booking', description: serverMessage(error) ?? 'The server could not be reached. Please try again.' });
    },
  });

  const onInvalid = (fieldErrors: FieldErrors<FormValues>) =>
    toast({ variant: 'destructive', title: 'Could not add the booking', description: firstFieldError(fieldErrors, FIELD_ORDER) ?? 'Please check the form.' });
  const onSubmit = handleSubmit((body) => {
    if (!add.isPending) add.mutate(body);
  }, onInvalid);

  const field = (name: keyof FormValues) => ({ id: `${id}-${name}`, errorId: `${id}-${name}-error` });
  const text = (name: Exclude<keyof FormValues, 'kind'>, label: string, props: Record<string, unknown> = {}) => {
    const f = field(name);
    // `guests` is typed `unknown` before parsing, which widens its error type; each is one field's.
    const error = errors[name] as HookFieldError | undefined;
    return (
      <div className="grid gap-2">
        <Label htmlFor={f.id}>{label}</Label>
        <Input id={f.id} {...props} {...register(name)} {...fieldErrorProps(error, f.errorId)} />
        <FieldError id={f.errorId} label={label} error={error} />
      </div>
    );
  };

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setTakenNights([]);
      }}
    >
      <Dialog.Trigger asChild>
        <Button size="sm">
          <Plus aria-hidden="true" />
          Add booking
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60 data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content className="fixed inset-x-0 top-0 z-50 mx-auto max-h-svh w-full max-w-2xl overflow-y-auto overscroll-contain bg-background p-4 shadow-xl focus:outline-none sm:top-8 sm:max-h-[calc(100svh-4rem)] sm:rounded-2xl sm:p-6">
          <div className="mb-4 flex items-start justify-between gap-3">
            <div>
              <Dialog.Title className="font-display text-2xl font-semibold tracking-tight text-navy-900">Add booking</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted-foreground">
                Record a booking a guest made by phone or e-mail, or your own stay. Its nights close at once.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close">
                <X className="size-5" aria-hidden="true" />
              </Button>
            </Dialog.Close>
          </div>
          <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Add booking" className="grid gap-4">
            <fieldset className="grid gap-2">
              <legend className="mb-2 text-sm font-medium">Type</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {TYPES.map((type) => (
                  <div key={type.value} className="flex items-start gap-3 rounded-lg border p-3 has-[:checked]:border-forest-600 has-[:checked]:bg-forest-50">
                    <input
                      id={`${id}-kind-${type.value}`}
                      type="radio"
                      value={type.value}
                      aria-describedby={`${id}-kind-${type.value}-hint`}
                      {...register('kind')}
                      className="mt-1 accent-forest-700"
                    />
                    <div>
                      <label htmlFor={`${id}-kind-${type.value}`} className="block cursor-pointer text-sm font-medium">
                        {type.label}
                      </label>
                      <p id={`${id}-kind-${type.value}-hint`} className="text-xs text-muted-foreground">
                        {type.hint}
                      </p>
                    </div>
                  </div>
                ))}
              </div>
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-3">
              {text('checkin', 'Check-in', { type: 'date' })}
              {text('checkout', 'Check-out', { type: 'date' })}
              {text('guests', 'Guests', { type: 'number', inputMode: 'numeric', min: 1, max: 12 })}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              {text('firstName', 'First name', { autoComplete: 'off', maxLength: 100 })}
              {text('lastName', kind === 'owner' ? 'Last name (optional)' : 'Last name', { autoComplete: 'off', maxLength: 100 })}
              {text('email', 'Email', { type: 'email', autoComplete: 'off', maxLength: 254 })}
              {text('phone', 'Phone', { type: 'tel', autoComplete: 'off', maxLength: 40 })}
            </div>
            {kind !== 'owner' && <OwnerQuote checkin={checkin} checkout={checkout} guests={String(guests ?? '')} />}
            {kind !== 'owner' && text('amountPaid', 'Amount paid ($)', { inputMode: 'decimal', placeholder: '0.00' })}
            <div className="grid gap-2">
              <Label htmlFor={field('notes').id}>Notes</Label>
              <Textarea id={field('notes').id} maxLength={2000} {...register('notes')} {...fieldErrorProps(errors.notes, field('notes').errorId)} />
              <FieldError id={field('notes').errorId} label="Notes" error={errors.notes} />
            </div>
            {takenNights.length > 0 && (
              <div role="alert" className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
                <p className="font-semibold text-destructive">These nights are already taken:</p>
                <p className="mt-1">{takenNights.map(formatCalendarDate).join(', ')}</p>
              </div>
            )}
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button type="button" variant="outline">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={add.isPending} aria-busy={add.isPending || undefined}>
                {add.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Plus aria-hidden="true" />}
                Add booking
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
