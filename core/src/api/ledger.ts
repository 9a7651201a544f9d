/**
 * Contracts of a booking's money ledger ([money.ledger], [money.offline]):
 * `GET /api/bookings/{id}/ledger` and `POST /api/bookings/{id}/offline-payments` (admin).
 */
import { z } from 'zod';
import { LEDGER_KINDS, LEDGER_SOURCES, OFFLINE_METHODS } from '../booking/ledger.js';
import { plainText } from '../shared/text.js';

/** One entry as the Money section shows it, with the running balance after it (net paid so far, cents). */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  amountCents: z.number().int(),
  /** ISO 8601 UTC */
  at: z.string(),
  source: z.enum(LEDGER_SOURCES),
  stripeObjectId: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  note: z.string(),
  method: z.enum(['card', ...OFFLINE_METHODS]),
  balanceCents: z.number().int(),
});

/** What one card PaymentIntent can still give back (cents). */
export const ledgerIntentSchema = z.object({
  paymentIntentId: z.string(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  disputedCents: z.number().int(),
  refundableCents: z.number().int(),
  authorizedCents: z.number().int(),
  damageDeposit: z.boolean(),
});

/**
 * `GET /api/bookings/{id}/ledger` → every entry, oldest first, and the sums computed from them
 * (cents): paid (card charges, captures, offline payments), refunded (card and offline),
 * refundable by card, balance due for the stay, held back by disputes; plus what was paid offline
 * and can be given back offline, a credit (paid beyond the total) and each card PaymentIntent.
 */
export const bookingLedgerResponseSchema = z.object({
  entries: z.array(ledgerEntrySchema),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  refundableCents: z.number().int(),
  balanceDueCents: z.number().int(),
  disputedCents: z.number().int(),
  offlinePaidCents: z.number().int(),
  offlineRefundableCents: z.number().int(),
  creditCents: z.number().int(),
  netPaidCents: z.number().int(),
  /** what the owner keeps: payments less refunds less what disputes hold back ([money.payout]) */
  payoutCents: z.number().int(),
  intents: z.array(ledgerIntentSchema),
  /**
   * [booking.change-money]: the booking's changes of dates or guests, oldest first, with how each
   * difference was settled (cents; `status` open while Stripe's answer is awaited). Absent in
   * answers made before changes existed.
   */
  changes: z
    .array(
      z.object({
        id: z.number().int(),
        createdAt: z.string(),
        from: z.object({ checkin: z.string(), checkout: z.string(), guests: z.number().int() }),
        to: z.object({ checkin: z.string(), checkout: z.string(), guests: z.number().int() }),
        oldTotalCents: z.number().int(),
        newTotalCents: z.number().int(),
        differenceCents: z.number().int(),
        settle: z.string(),
        status: z.enum(['open', 'settled', 'failed']),
        message: z.string(),
        /** cents of its refund Stripe refused, to retry or record as given back outside Stripe ([booking.change-refund-refused]); absent before */
        refusedCents: z.number().int().optional(),
      }),
    )
    .optional(),
});
export type BookingLedgerResponse = z.infer<typeof bookingLedgerResponseSchema>;

/**
 * Body of `POST /api/bookings/{id}/offline-payments` ([money.offline]): money the owner received
 * or gave back outside Stripe. `amountCents` whole cents > 0. A payment above the balance due is
 * refused (400 naming `amountCents`) unless `asCredit` is true; a refund is at most what was paid
 * offline less given back.
 */
export const offlinePaymentRequestSchema = z
  .object({
    kind: z.enum(['payment', 'refund'], { message: 'must be payment or refund' }),
    method: z.enum(OFFLINE_METHODS, { message: 'must be cash, check, bank_transfer or other' }),
    amountCents: z
      .number({ message: 'must be an amount in cents' })
      .int('must be a whole number of cents')
      .positive('must be more than 0')
      .max(100_000_000, 'must be at most 100000000 cents'),
    note: plainText(z.string({ message: 'must be text' }).trim().max(500, 'must be at most 500 characters')).optional(),
    asCredit: z.boolean({ message: 'must be true or false' }).optional(),
  })
  .strict();
export type OfflinePaymentRequest = z.output<typeof offlinePaymentRequestSchema>;

/**
 * The admin's "Record offline money" form: the amount typed in dollars ("250" or "250.50"); its
 * output is the request body (cents).
 */
export const offlinePaymentFormSchema = offlinePaymentRequestSchema
  .omit({ amountCents: true })
  .extend({
    amount: z
      .string({ message: 'must be an amount in dollars' })
      .trim()
      .regex(/^\d{1,8}(\.\d{1,2})?$/, 'must be an amount in dollars, like 250 or 250.50')
      .refine((v) => Number(v) > 0, 'must be more than 0'),
  })
  .transform(({ amount, ...rest }) => ({ ...rest, amountCents: Math.round(Number(amount) * 100) }));
