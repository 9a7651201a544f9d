import ArrowRight from 'lucide-react/icons/arrow-right';
import Lock from 'lucide-react/icons/lock';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useLocation } from 'wouter';
import { PROPERTY, addDays, addMonths, bookingInquiryResponseSchema, daysBetween, formatCents, parseLandingStay, paymentsConfigResponseSchema, startOfMonth, todayIn } from '@ridgeline/core';
import { apiQuery, apiSend } from '@/lib/api';
import { useHistoryEntry } from '@/lib/navigation';
import { Button } from '@/components/ui/button';
import { DatePicker } from './date-picker';
import { DEFAULT_GUESTS, loadDraft, saveDraft } from './booking-draft';
import { nightsText, shortDate } from './date-picker-days';
import { GuestDetailsFields } from './guest-details-fields';
import {
  EMPTY_GUEST_DETAILS,
  checkoutPath,
  fieldsInError,
  guestDetailMessage,
  guestDetailsSchema,
  type GuestDetailErrors,
  type GuestDetails,
  type GuestDetailsInput,
} from './guest-details';
import { GuestsSelect } from './guests-select';
import { PriceSummary } from './price-summary';
import { StepCard } from './step-card';
import { NO_DATES, isComplete, minNightsOn, selectDate, type StayDates, type StayLengthRules } from './stay-selection';
import { useStayAvailability } from './use-stay-availability';
import { useStayQuote } from './use-stay-quote';
import { useBookingSeenBeacon } from '@/hooks/use-funnel-beacon';

/** What the calendar asks for next, shown above it and announced. */
function datesHint(dates: StayDates, rules: StayLengthRules): string {
  if (!dates.checkin) return 'Choose your check-in date.';
  if (!dates.checkout) {
    // [booking.rules]: the minimum for the chosen check-in is said next to it.
    const min = minNightsOn(dates.checkin, rules);
    const minimum = min > 1 ? ` Minimum stay is ${nightsText(min)} for check-in on ${shortDate(dates.checkin)}.` : '';
    return `Check-in ${shortDate(dates.checkin)}. Now choose your check-out date.${minimum}`;
  }
  return `${shortDate(dates.checkin)} to ${shortDate(dates.checkout)}, ${nightsText(daysBetween(dates.checkin, dates.checkout))}.`;
}

/** The form's field errors as the messages shown under the fields ("Email must be an e-mail address"). */
function messagesOf(fieldErrors: FieldErrors<GuestDetailsInput>): GuestDetailErrors {
  const messages: GuestDetailErrors = {};
  for (const [field, error] of Object.entries(fieldErrors) as [keyof GuestDetailsInput, { message?: string } | undefined][]) {
    if (error?.message) messages[field] = guestDetailMessage(field, error.message);
  }
  return messages;
}

const isPublicAvailabilityKey = (key: readonly unknown[]) =>
  typeof key[0] === 'string' && key[0].startsWith('/api/availability/public');

/**
 * The booking section's form (loaded when the section nears the viewport): dates on the
 * availability calendar, guests, the server's live price, the guest's details, and "Continue to
 * payment" to `/checkout?bookingData=…&amount=…`. Its first time in view is a funnel step
 * ([analytics.funnel]); the beacon lives here, out of the home page's first bundle.
 * While card payments are off ([booking.request]) it says so before the details and the button
 * is "Request to book": the request (details, dates, guests; the server stores its own quote)
 * goes to `POST /api/booking-inquiry` and holds no night; the host answers by e-mail.
 */
export default function BookingWidget() {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  useBookingSeenBeacon(formRef);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const today = useMemo(() => todayIn(PROPERTY.timeZone), []);
  const [draft] = useState(() => loadDraft(today));
  const minMonth = startOfMonth(today);
  // [booking.landing-link]: `/?checkin&checkout&guests` chooses that stay (over this tab's draft);
  // the quote then shows its total, or why it cannot be booked and the nearest stay that can.
  // A landing link followed while the page is open mounts a new widget (BookingSection's `key`).
  const { search } = useHistoryEntry();
  const [landing] = useState(() => parseLandingStay(search));
  const first = landing ?? (draft?.checkin ? draft : undefined);

  const [month, setMonth] = useState(() => startOfMonth(first?.checkin ?? today));
  const [dates, setDates] = useState<StayDates>(() => (first?.checkin ? { checkin: first.checkin, checkout: first.checkout } : NO_DATES));
  const [guests, setGuests] = useState(landing?.guests ?? draft?.guests ?? DEFAULT_GUESTS);
  const [fromLink, setFromLink] = useState(landing !== undefined);
  // The guest's details, checked with the server's own fields (guestDetailsSchema); after the
  // first submit each change re-checks, so a corrected field's message goes away as it is fixed.
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors: fieldErrors, isSubmitted },
  } = useForm<GuestDetailsInput, unknown, GuestDetails>({
    resolver: zodResolver(guestDetailsSchema),
    defaultValues: draft?.details ?? EMPTY_GUEST_DETAILS,
    // Focus goes to the calendar first when the dates are missing; see `proceed`.
    shouldFocusError: false,
  });
  const [datesError, setDatesError] = useState<string | undefined>(undefined);
  const [calendarFocus, setCalendarFocus] = useState(0);

  // [booking.request]: without card payments the guest sends a request instead of paying.
  const payments = useQuery(apiQuery('/api/payments/config', paymentsConfigResponseSchema));
  const requestOnly = payments.data !== undefined && !(payments.data.available && payments.data.publishableKey);
  const [request, setRequest] = useState<{ state: 'sending' } | { state: 'sent'; reference: number; email: string; totalCents: number | null } | { state: 'failed'; message: string } | undefined>(undefined);

  const availability = useStayAvailability(month, addMonths(month, 1));
  // The owner's booking window ([booking.rules]); 548 days until the first month has loaded.
  const maxMonth = startOfMonth(addDays(today, availability.rules.bookingWindowDays));
  const stay = isComplete(dates) ? { checkin: dates.checkin, checkout: dates.checkout, guests } : undefined;
  const quote = useStayQuote(stay);
  const answer = quote.isPlaceholderData ? undefined : quote.data;

  // Nights taken since the calendar loaded: reload it so they show as closed.
  const closedNow = answer?.kind === 'closed';
  useEffect(() => {
    if (closedNow) void queryClient.invalidateQueries({ predicate: (q) => isPublicAvailabilityKey(q.queryKey) });
  }, [closedNow, queryClient]);

  const changeMonth = (next: string) => {
    setMonth(next);
    availability.visit(next);
    if (next < maxMonth) availability.visit(addMonths(next, 1));
  };

  /** Shows `stay` (a landing link's, or the nearest bookable one) in the calendar and quotes it. */
  const showStay = (stay: { checkin: string; checkout: string }, viaLink: boolean) => {
    setDates({ checkin: stay.checkin, checkout: stay.checkout });
    changeMonth(startOfMonth(stay.checkin) < minMonth ? minMonth : startOfMonth(stay.checkin));
    setFromLink(viaLink);
    setDatesError(undefined);
  };

  const pickDate = (date: string) => {
    setDates((current) => selectDate(current, date, availability.isBookable, availability.rules));
    setFromLink(false);
    setDatesError(undefined);
  };

  /** After the details were checked: the dates, then the quote, then the first invalid field, then on to checkout. */
  const proceed = (details: GuestDetails | undefined, invalid: FieldErrors<GuestDetailsInput> = {}) => {
    if (!stay) {
      setDatesError(dates.checkin ? 'Choose your check-out date.' : 'Choose your check-in and check-out dates.');
      setCalendarFocus((n) => n + 1);
      return;
    }
    if (answer?.kind === 'closed') {
      setDatesError('Some nights of these dates are no longer available. Please choose other dates.');
      setCalendarFocus((n) => n + 1);
      return;
    }
    if (answer?.kind === 'refused') {
      setDatesError(`These dates cannot be booked. ${answer.message}`);
      setCalendarFocus((n) => n + 1);
      return;
    }
    if (answer?.kind !== 'quote') return;
    if (!details) {
      const first = fieldsInError(messagesOf(invalid))[0];
      if (first) setFocus(first);
      return;
    }
    saveDraft({ checkin: stay.checkin, checkout: stay.checkout, guests, details });
    if (requestOnly) {
      if (request?.state === 'sending') return;
      setRequest({ state: 'sending' });
      apiSend('POST', '/api/booking-inquiry', bookingInquiryResponseSchema, { ...details, location: '', checkin: stay.checkin, checkout: stay.checkout, guests }).then(
        ({ booking }) => setRequest({ state: 'sent', reference: booking.id, email: booking.email, totalCents: booking.quote?.totalCents ?? null }),
        (err: unknown) => setRequest({ state: 'failed', message: err instanceof Error ? err.message : 'Your request could not be sent. Please try again.' }),
      );
      return;
    }
    navigate(checkoutPath(stay, details, answer.quote.totalCents));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    void handleSubmit(
      (details) => proceed(details),
      (invalid) => proceed(undefined, invalid),
    )(event);

  const errors = messagesOf(fieldErrors);
  const hintId = `${id}-dates-hint`;
  const errorCount = Object.keys(errors).length;
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Book your stay" className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:gap-8">
      <StepCard step={1} title="Dates and guests" className="lg:col-start-1 lg:row-start-1">
        <p id={hintId} aria-live="polite" className="mb-4 text-sm text-muted-foreground">
          {datesHint(dates, availability.rules)}
        </p>
        <DatePicker
          month={month}
          onMonthChange={changeMonth}
          minMonth={minMonth}
          maxMonth={maxMonth}
          today={today}
          dates={dates}
          onSelect={pickDate}
          availability={availability}
          describedBy={hintId}
          focusRequest={calendarFocus}
        />
        <div className="mt-4 flex flex-wrap items-center justify-between gap-x-6 gap-y-3 text-xs text-muted-foreground">
          <ul className="flex flex-wrap gap-x-4 gap-y-1" aria-label="Calendar key">
            <li className="flex items-center gap-1.5">
              <span aria-hidden="true" className="font-semibold text-navy-900">
                12
              </span>
              Available
            </li>
            <li className="flex items-center gap-1.5">
              <span aria-hidden="true" className="font-semibold text-muted-foreground line-through">
                12
              </span>
              Unavailable
            </li>
            <li className="flex items-center gap-1.5">
              <span aria-hidden="true" className="size-3 rounded-sm bg-navy-800" />
              Your stay
            </li>
          </ul>
          {dates.checkin && (
            <Button variant="link" size="sm" className="h-auto px-0" onClick={() => { setDates(NO_DATES); setFromLink(false); }}>
              Clear dates
            </Button>
          )}
        </div>
        {datesError && (
          <p role="alert" className="mt-3 text-sm font-medium text-destructive">
            {datesError}
          </p>
        )}
        <div className="mt-6 max-w-xs">
          <GuestsSelect id={`${id}-guests`} value={guests} onChange={setGuests} />
        </div>
      </StepCard>

      {/* Beside both other steps on wide screens, following the guest down the form. */}
      <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
        <StepCard step={2} title="Your price" className="lg:sticky lg:top-24">
          <PriceSummary dates={dates} guests={guests} quote={quote} fromLink={fromLink} onChooseStay={(stay) => showStay(stay, false)} />
        </StepCard>
      </div>

      <StepCard step={3} title={requestOnly ? 'Request to book' : 'Your details'} className="lg:col-start-1 lg:row-start-2">
        {requestOnly && (
          <p role="note" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-navy-900">
            Online card payment is not available right now. Send the host a request to book instead: nothing is charged and no
            night is held until the host accepts and sends you a link to pay.
          </p>
        )}
        {request?.state === 'sent' ? (
          <div role="status" className="rounded-lg border border-forest-600 bg-card p-4 text-sm text-navy-900">
            <p className="font-semibold">Request sent (reference {request.reference}).</p>
            <p className="mt-1">
              The host answers by e-mail at {request.email}
              {request.totalCents !== null ? `; the quoted total is ${formatCents(request.totalCents)}` : ''}. Nothing was charged.
            </p>
          </div>
        ) : (
          <GuestDetailsFields idPrefix={`${id}-guest`} register={register} errors={errors} />
        )}
        {request?.state !== 'sent' && (
          <div className="mt-8 flex flex-col-reverse gap-4 border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Lock aria-hidden="true" className="size-4 shrink-0 text-forest-600" />
              {requestOnly ? 'The host answers your request by e-mail.' : 'Secure card payment on the next step. Nothing is charged until you pay.'}
            </p>
            <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={(stay !== undefined && !answer && !quote.isError) || request?.state === 'sending'}>
              {requestOnly ? 'Request to book' : 'Continue to payment'}
              <ArrowRight aria-hidden="true" />
            </Button>
          </div>
        )}
        {request?.state === 'failed' && (
          <p role="alert" className="mt-3 text-sm font-medium text-destructive sm:text-right">
            {request.message}
          </p>
        )}
        {isSubmitted && errorCount > 0 && (
          <p role="alert" className="mt-3 text-sm font-medium text-destructive sm:text-right">
            Please correct {errorCount === 1 ? 'the field' : `the ${errorCount} fields`} marked above.
          </p>
        )}
      </StepCard>
    </form>
  );
}
