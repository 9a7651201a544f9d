import { paymentLinkConfirmResponseSchema, paymentLinkIntentResponseSchema, paymentLinkViewSchema } from '@ridgeline/core';
import { apiGet, apiSend } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import type { LinkAnswer, LinkConfirmAnswer } from './prepare-link-checkout';
import type { CheckoutIntent } from './stored-intent';

const linkPath = (token: string) => `/api/payment-link/${encodeURIComponent(token)}`;

/** `GET /api/payment-link/{token}` ([bookings.payment-link]): 404 invalid, 409 paid or cancelled. */
export async function fetchPaymentLink(token: string): Promise<LinkAnswer> {
  try {
    return { kind: 'found', view: await apiGet(linkPath(token), paymentLinkViewSchema) };
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 400)) return { kind: 'invalid' };
    if (err instanceof ApiError && err.status === 409) return { kind: err.json?.status === 'cancelled' ? 'cancelled' : 'paid' };
    return { kind: 'failed' };
  }
}

/** The PaymentIntent for the link's amount due; undefined when card payments are off (503). */
export async function createPaymentLinkIntent(token: string): Promise<CheckoutIntent | undefined> {
  try {
    const answer = await apiSend('POST', `${linkPath(token)}/payment-intent`, paymentLinkIntentResponseSchema);
    return { clientSecret: answer.clientSecret, paymentIntentId: answer.paymentIntentId, amountCents: answer.amount };
  } catch (err) {
    if (err instanceof ApiError && err.status === 503) return undefined;
    throw err;
  }
}

/**
 * Tells the server the link's PaymentIntent was paid; it checks with Stripe before crediting.
 * Answers `{ paid }`, with `cancelled: true` when the booking was cancelled: the payment is not
 * credited and is refunded in full ([money.late-payment]). Throws when the server refuses.
 */
export async function confirmPaymentLink(token: string, paymentIntentId: string): Promise<LinkConfirmAnswer> {
  return apiSend('POST', `${linkPath(token)}/confirm`, paymentLinkConfirmResponseSchema, { paymentIntentId });
}
