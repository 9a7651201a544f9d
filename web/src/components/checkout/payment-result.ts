/**
 * What `stripe.confirmPayment({ redirect: 'if_required' })` resolved to, for the checkout: an
 * error (declined card, incomplete field…) with Stripe's message for the guest, or the
 * PaymentIntent, paid when succeeded (or processing, which Stripe settles and the webhook confirms).
 */
export type PaymentResult = { kind: 'paid'; paymentIntentId: string } | { kind: 'failed'; message: string };

interface ConfirmResult {
  error?: { message?: string } | undefined;
  paymentIntent?: { id: string; status: string } | undefined;
}

const PAID = new Set(['succeeded', 'processing', 'requires_capture']);

export const FALLBACK_FAILURE = 'Your payment was not completed. Please try again or use another card.';

export function paymentResult(result: ConfirmResult): PaymentResult {
  if (result.error) return { kind: 'failed', message: result.error.message || FALLBACK_FAILURE };
  const intent = result.paymentIntent;
  if (intent && PAID.has(intent.status)) return { kind: 'paid', paymentIntentId: intent.id };
  return { kind: 'failed', message: FALLBACK_FAILURE };
}
