/**
 * What makes a stay bookable and what a booking carries ([booking.stay-rules],
 * [booking.guest-details]). Browser-safe: the booking section and checkout validate with the same
 * rules the server enforces.
 */
import { z } from 'zod';
import { addDays, daysBetween, isIsoDate } from '../../shared/dates.js';
import { decimalToNumber, digitsToNumber, plainText } from '../../shared/text.js';
import { agreementSignatureSchema } from '../agreement.js';
import { BOOKING_HORIZON_DAYS, MAX_GUESTS, MAX_STAY_NIGHTS } from '../../settings/schema.js';

/** A date field `YYYY-MM-DD` (stays, owner bookings, changes): "is required" / "must be a date written YYYY-MM-DD". */
export const stayDateField = z.string({ message: 'is required' }).trim().refine(isIsoDate, 'must be a date written YYYY-MM-DD');
/** A guest count from 1 to MAX_GUESTS. Digits or a JSON number only: `z.coerce` would also count `true`, `[4]` and "0x4" as guests. */
export const guestsField = z.preprocess(
  digitsToNumber,
  z
    .number({ message: `must be a number from 1 to ${MAX_GUESTS}` })
    .int(`must be a whole number from 1 to ${MAX_GUESTS}`)
    .min(1, `must be from 1 to ${MAX_GUESTS}`)
    .max(MAX_GUESTS, `must be from 1 to ${MAX_GUESTS}`),
);
/** Typed text (see `plainTextProblem`): one line unless `multiline`. */
/** Absent: "is required"; present but not a string: "must be text". */
const textError = (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : 'must be text');
export const textField = (max: number, multiline = false) =>
  plainText(z.string({ error: textError }).trim().max(max, `must be at most ${max} characters`), multiline);
const optionalText = (max: number, multiline = false) => textField(max, multiline).optional().default('');
/** An e-mail address or empty (the default). */
export const optionalEmailField = z
  .string({ message: 'must be text' })
  .trim()
  .max(254, 'is too long')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'must be an e-mail address')
  .optional()
  .default('');

/**
 * The reason a stay cannot be booked, or undefined when its dates are acceptable.
 * @param today YYYY-MM-DD in the property's zone
 */
export function stayRangeProblem(checkin: string, checkout: string, today: string): { field: 'checkin' | 'checkout'; message: string } | undefined {
  const problem = stayDatesProblem(checkin, checkout, today);
  if (problem) return problem;
  const nights = daysBetween(checkin, checkout);
  if (checkin > addDays(today, BOOKING_HORIZON_DAYS)) return { field: 'checkin', message: `must be within ${BOOKING_HORIZON_DAYS} days` };
  if (nights > MAX_STAY_NIGHTS) return { field: 'checkout', message: `stays are at most ${MAX_STAY_NIGHTS} nights` };
  return undefined;
}

/**
 * Whether a stay's dates make a stay at all: valid dates, check-out after check-in, check-in not
 * in the past. The owner's limits (window, notice, length) are `stayRuleProblem`'s.
 * @param today YYYY-MM-DD in the property's zone
 */
export function stayDatesProblem(checkin: string, checkout: string, today: string): { field: 'checkin' | 'checkout'; message: string } | undefined {
  if (!isIsoDate(checkin)) return { field: 'checkin', message: 'must be a date written YYYY-MM-DD' };
  if (!isIsoDate(checkout)) return { field: 'checkout', message: 'must be a date written YYYY-MM-DD' };
  if (daysBetween(checkin, checkout) < 1) return { field: 'checkout', message: 'must be after check-in' };
  if (checkin < today) return { field: 'checkin', message: 'must not be in the past' };
  return undefined;
}

/** Query of `GET /api/quote`. */
export const quoteQuerySchema = z.object({ checkin: stayDateField, checkout: stayDateField, guests: guestsField });

/**
 * The checkout's `bookingData` (URL JSON) and `POST /api/create-payment-intent`'s `bookingData`:
 * dates and guests are required ([checkout.entry]); guest details optional here.
 */
export const checkoutBookingDataSchema = z.object({
  checkin: stayDateField,
  checkout: stayDateField,
  guests: guestsField,
  firstName: optionalText(100),
  lastName: optionalText(100),
  email: optionalEmailField,
  phone: optionalText(40),
  message: optionalText(2000, true),
  specialRequests: optionalText(2000, true),
});
export type CheckoutBookingData = z.infer<typeof checkoutBookingDataSchema>;

/**
 * Largest `amount` worth comparing with a quote, in dollars: above any real stay (60 nights at
 * the owner's highest nightly price, $100,000, is about $6.8 million with fees and taxes).
 */
export const MAX_AMOUNT_DOLLARS = 10_000_000;

const requiredEmail = z.string({ message: 'is required' }).trim().max(254, 'is too long').pipe(z.email('must be an e-mail address'));

/**
 * `bookingData` of `POST /api/create-payment-intent`: the checkout's booking data with the
 * guest's first name, last name and e-mail required ([checkout.guest-required]: a hold needs a
 * guest identity, one live hold per e-mail, [checkout.hold-abuse]; the booking section always
 * sends them).
 */
export const paymentBookingDataSchema = checkoutBookingDataSchema.extend({
  firstName: textField(100).min(1, 'is required'),
  lastName: textField(100).min(1, 'is required'),
  email: requiredEmail,
  /** [agreement.checkout]: required (current version, a typed name) once an agreement is published. */
  agreement: agreementSignatureSchema.optional(),
});

/** Body of `POST /api/create-payment-intent` ([checkout.payment-intent]). */
export const createPaymentIntentSchema = z.object({
  /** What the guest was shown, in dollars; only compared with the server's quote. */
  amount: z.preprocess(
    decimalToNumber,
    z
      .number({ message: 'must be the total in dollars' })
      .finite('must be the total in dollars')
      .positive('must be the total in dollars')
      .max(MAX_AMOUNT_DOLLARS, 'must be the total in dollars'),
  ),
  bookingData: paymentBookingDataSchema,
});

/** Body of `POST /api/booking-inquiry`: [checkout.confirm], its names at the top level. */
export const bookingInquirySchema = z.object({
  firstName: textField(100).min(1, 'is required'),
  lastName: textField(100).min(1, 'is required'),
  email: requiredEmail,
  phone: optionalText(40),
  location: optionalText(200),
  checkin: stayDateField,
  checkout: stayDateField,
  guests: guestsField,
  message: optionalText(2000, true),
  specialRequests: optionalText(2000, true),
  stripePaymentIntentId: z
    .string({ message: 'must be a PaymentIntent id' })
    .trim()
    .regex(/^pi_[A-Za-z0-9_]{1,250}$/, 'must be a PaymentIntent id (pi_…)')
    .optional(),
});
export type BookingInquiryInput = z.infer<typeof bookingInquirySchema>;
