/**
 * How a visit to /checkout ended, told to the home page ([checkout.outcomes]):
 * - `/?success=true`: paid and saved; `/?error=booking`: paid, but saving the booking failed;
 * - `/?error=unavailable` and `/?error=price`: the server refused to start the payment (409)
 *   because a night was taken or the price is not the one shown;
 * - other failures to start the payment return to `/` itself, with the reason in history state.
 * Kept tiny: the home page's first bundle reads it (the toast texts load only when needed).
 */
export type CheckoutOutcome = 'success' | 'booking' | 'unavailable' | 'price' | 'payment';

/** History state of a return to `/` that carries an outcome without a query. */
export interface CheckoutOutcomeState {
  checkoutOutcome?: CheckoutOutcome;
}

const QUERY: Partial<Record<CheckoutOutcome, string>> = {
  success: 'success=true',
  booking: 'error=booking',
  unavailable: 'error=unavailable',
  price: 'error=price',
};

/**
 * The booking a paid checkout saved ([checkout.confirmation-panel]): its reference (the id) and
 * the token of its stay page, the paying guest's credential for the confirmation panel.
 */
export interface ConfirmedBooking {
  reference: number;
  stayToken: string;
}

/**
 * Where the checkout sends the guest for an outcome, and the history state to send. A paid and
 * saved booking is named: `/?success=true&booking={reference}#stay={token}` — the token in the
 * fragment, which no request, log or referrer carries ([checkout.confirmation-panel]).
 */
export function checkoutOutcomeTarget(outcome: CheckoutOutcome, confirmed?: ConfirmedBooking): { path: string; state?: CheckoutOutcomeState } {
  const query = QUERY[outcome];
  if (outcome === 'success' && confirmed) return { path: `/?${query}&booking=${confirmed.reference}#stay=${encodeURIComponent(confirmed.stayToken)}` };
  return query ? { path: `/?${query}` } : { path: '/', state: { checkoutOutcome: outcome } };
}

/** The confirmed booking the home page's URL names (`?booking={reference}` and `#stay={token}`), if any. */
export function readConfirmedBooking(search: string, hash: string): ConfirmedBooking | undefined {
  const reference = Number(new URLSearchParams(search).get('booking'));
  const stayToken = new URLSearchParams(hash.replace(/^#/, '')).get('stay');
  if (!Number.isSafeInteger(reference) || reference <= 0 || !stayToken || !/^[A-Za-z0-9_-]{20,64}$/.test(stayToken)) return undefined;
  return { reference, stayToken };
}

/** The outcome in the home page's URL query or history state, if any. */
export function readCheckoutOutcome(search: string, state: unknown): CheckoutOutcome | undefined {
  const params = new URLSearchParams(search);
  if (params.get('success') === 'true') return 'success';
  const error = params.get('error');
  if (error === 'booking' || error === 'unavailable' || error === 'price') return error;
  const fromState = (state as CheckoutOutcomeState | null)?.checkoutOutcome;
  return fromState === 'payment' ? fromState : undefined;
}

/** True when the guest must choose again, so the home page shows the booking section. */
export function needsNewChoice(outcome: CheckoutOutcome): boolean {
  return outcome === 'unavailable' || outcome === 'price' || outcome === 'payment';
}
