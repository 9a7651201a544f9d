import { checkoutBookingDataSchema, type CheckoutBookingData } from '@ridgeline/core';

/**
 * The checkout's query ([checkout.entry]): `bookingData`, URL-encoded JSON
 * with at least checkin, checkout and guests, and `amount`, the total the guest was shown in
 * dollars. Anything else sends the guest back to `/`.
 */
export interface CheckoutParams {
  bookingData: CheckoutBookingData;
  /** dollars, as shown to the guest */
  amount: number;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function decodeOnce(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The checkout's booking data and amount, or undefined when the entry is invalid: a missing or
 * unparsable `bookingData` or `amount`, missing or malformed checkin, checkout or guests, or a
 * non-numeric amount. `bookingData` may be encoded once (as `URLSearchParams` writes it) or twice.
 */
export function parseCheckoutParams(search: string): CheckoutParams | undefined {
  const params = new URLSearchParams(search);
  const rawData = params.get('bookingData');
  const rawAmount = params.get('amount');
  if (!rawData || rawAmount === null || rawAmount.trim() === '') return undefined;
  const amount = Number(rawAmount);
  if (!Number.isFinite(amount)) return undefined;
  const json = parseJson(rawData) ?? parseJson(decodeOnce(rawData));
  const parsed = checkoutBookingDataSchema.safeParse(json);
  return parsed.success ? { bookingData: parsed.data, amount } : undefined;
}

/** Stripe's additions to the return URL after a payment method that leaves the page. */
export interface StripeReturn {
  paymentIntentId: string;
  clientSecret: string;
  /** succeeded, processing or failed */
  redirectStatus: string;
}

const STRIPE_RETURN_PARAMS = ['payment_intent', 'payment_intent_client_secret', 'redirect_status'] as const;

/** Stripe's return parameters, when the guest comes back from a redirect-based payment. */
export function parseStripeReturn(search: string): StripeReturn | undefined {
  const params = new URLSearchParams(search);
  const paymentIntentId = params.get('payment_intent');
  const clientSecret = params.get('payment_intent_client_secret');
  const redirectStatus = params.get('redirect_status');
  if (!paymentIntentId?.startsWith('pi_') || !clientSecret || !redirectStatus) return undefined;
  return { paymentIntentId, clientSecret, redirectStatus };
}

/** The checkout's query without Stripe's return parameters. */
export function withoutStripeReturn(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of STRIPE_RETURN_PARAMS) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** Where Stripe sends the guest back after a redirect-based payment: this same checkout. */
export function checkoutReturnUrl(origin: string, search: string): string {
  return `${origin}/checkout${withoutStripeReturn(search)}`;
}

/** The identity of a checkout for reusing its PaymentIntent: the stay and the amount shown. */
export function checkoutKey({ bookingData, amount }: CheckoutParams): string {
  return [bookingData.checkin, bookingData.checkout, bookingData.guests, amount.toFixed(2)].join('|');
}

/** "Pay $1166.99" ([checkout.pay]: Pay $X, X the total with 2 decimals). */
export function payButtonText(amountCents: number): string {
  return `Pay ${dollarsText(amountCents)}`;
}

/** Cents as the checkout shows them: 116699 → "$1166.99". */
export function dollarsText(amountCents: number): string {
  return `$${(amountCents / 100).toFixed(2)}`;
}
