import {
  bookingInquiryResponseSchema,
  createPaymentIntentResponseSchema,
  currentRentalAgreementResponseSchema,
  type AgreementSignature,
  type BookingInquiryInput,
  type CheckoutBookingData,
} from '@ridgeline/core';
import { apiSend } from '@/lib/api';
import { apiFetch } from '@/lib/api-client';
import type { CheckoutIntent } from './stored-intent';
import type { ConfirmedBooking } from '@/components/booking-widget/checkout-outcome';

/**
 * What `POST /api/create-payment-intent` answered:
 * - `created`: `{success, clientSecret, paymentIntentId, amount (cents)}`;
 * - `off`: 503, card payments are not configured on this server;
 * - `price`: 409 `reason: 'amount-mismatch'`, the amount is not the server's quote (`quote`);
 * - `taken`: any other 409 (`closed`: a night is closed, `closedDates`; `busy`, `replaced`);
 * - `agreement`: 400 `reason: 'agreement'` (naming `bookingData.agreement`), the rental
 *   agreement changed or was not accepted ([agreement.checkout]);
 * - `failed`: anything else (bad request, provider down, network).
 */
export type IntentAnswer =
  | ({ kind: 'created' } & CheckoutIntent)
  | { kind: 'off' }
  | { kind: 'taken' }
  | { kind: 'price' }
  | { kind: 'agreement' }
  | { kind: 'failed' };

/** Interprets the answer of `POST /api/create-payment-intent`. */
export async function readIntentAnswer(res: Response): Promise<IntentAnswer> {
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.status === 503) return { kind: 'off' };
  // The refusal's `reason` says what happened (CREATE_PAYMENT_INTENT_REFUSALS), never the body's shape.
  if (res.status === 409) return body.reason === 'amount-mismatch' ? { kind: 'price' } : { kind: 'taken' };
  if (res.status === 400 && body.reason === 'agreement') return { kind: 'agreement' };
  if (!res.ok) return { kind: 'failed' };
  const created = createPaymentIntentResponseSchema.safeParse(body);
  if (!created.success) return { kind: 'failed' };
  const { clientSecret, paymentIntentId, amount, cancellationPolicy, balanceCents, balanceDueDate } = created.data;
  return {
    kind: 'created',
    clientSecret,
    paymentIntentId,
    amountCents: amount,
    ...(cancellationPolicy ? { cancellationPolicy } : {}),
    // [payments.schedule]: a deposit now, the balance later.
    ...(balanceCents !== undefined && balanceDueDate ? { balance: { cents: balanceCents, dueDate: balanceDueDate } } : {}),
  };
}

/** Starts the payment for the stay: the server creates a PaymentIntent for its own quote. */
export async function createPaymentIntent(amount: number, bookingData: CheckoutBookingData & { agreement?: AgreementSignature }): Promise<IntentAnswer> {
  try {
    const res = await apiFetch('/api/create-payment-intent', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ amount, bookingData }),
      credentials: 'include',
    });
    return await readIntentAnswer(res);
  } catch {
    return { kind: 'failed' };
  }
}

/** The body of `POST /api/booking-inquiry` after a payment ([checkout.confirm] names). */
export function bookingInquiryBody(bookingData: CheckoutBookingData, paymentIntentId: string): BookingInquiryInput {
  return {
    firstName: bookingData.firstName,
    lastName: bookingData.lastName,
    email: bookingData.email,
    phone: bookingData.phone,
    location: '',
    checkin: bookingData.checkin,
    checkout: bookingData.checkout,
    guests: bookingData.guests,
    message: bookingData.message,
    specialRequests: bookingData.specialRequests,
    stripePaymentIntentId: paymentIntentId,
  };
}

/**
 * Saves the paid booking; throws ([ui.error-message]) when the server refuses. @returns the
 * booking's reference and stay-page token for the confirmation panel ([checkout.confirmation-panel]),
 * undefined when the server gave no token
 */
export async function saveBooking(bookingData: CheckoutBookingData, paymentIntentId: string): Promise<ConfirmedBooking | undefined> {
  const answer = await apiSend('POST', '/api/booking-inquiry', bookingInquiryResponseSchema, bookingInquiryBody(bookingData, paymentIntentId));
  return answer.stayToken ? { reference: answer.booking.id, stayToken: answer.stayToken } : undefined;
}

/** The current rental agreement ([agreement.checkout]), null when none is published or it cannot be read (the server still checks). */
export async function fetchRentalAgreement(): Promise<{ version: number; text: string } | null> {
  try {
    const res = await apiFetch('/api/rental-agreement', { credentials: 'include' });
    if (!res.ok) return null;
    const parsed = currentRentalAgreementResponseSchema.safeParse(await res.json());
    return parsed.success && parsed.data.version !== null ? { version: parsed.data.version, text: parsed.data.text } : null;
  } catch {
    return null;
  }
}
