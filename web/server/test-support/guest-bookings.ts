import { DEFAULT_SETTINGS, quoteStayWith, type CancellationPolicy } from '@ridgeline/core';
import { createBookingInquiry, type Db } from '@ridgeline/core/node';
import { TEST_GUEST, testBookingInput } from '@ridgeline/core/testing';

/**
 * Test support: a paid direct booking (as a confirmed checkout stores it), 2026-12-10 to 12-12 unless
 * said, with the default cancellation policy (or `over.cancellationPolicy`) frozen on it.
 */
export function paidGuestBooking(db: Db, over: { checkin?: string; checkout?: string; email?: string; cancellationPolicy?: CancellationPolicy } = {}) {
  const checkin = over.checkin ?? '2026-12-10';
  const checkout = over.checkout ?? '2026-12-12';
  const quote = quoteStayWith(DEFAULT_SETTINGS, { checkin, checkout, guests: 4 })!;
  return createBookingInquiry(
    db,
    testBookingInput({
      email: over.email ?? TEST_GUEST.email,
      phone: '555-0100',
      location: 'Atlanta',
      ipAddress: '192.0.2.77',
      checkin,
      checkout,
      guests: 4,
      stripePaymentIntentId: `pi_${checkin}_${over.email ?? 'ann'}`,
      stripePaymentDetails: { status: 'succeeded', amount: quote.totalCents, paymentMethod: { card: { brand: 'visa', last4: '4242' } } },
      quote,
      amountPaidCents: quote.totalCents,
      cancellationPolicy: over.cancellationPolicy ?? DEFAULT_SETTINGS.cancellationPolicy,
      notes: 'owner-only note',
    }),
    new Date('2026-11-01T12:00:00Z'),
  );
}

