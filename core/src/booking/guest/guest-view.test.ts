import { describe, expect, it } from 'vitest';
import type { Booking } from '../bookings.js';
import { guestReviewState, guestStayView, receiptLines, reviewRefusal, propertyAddress } from './guest-view.js';
import { testBooking, testGuest } from '../testing/test-bookings.js';
import { guestStaySchema, guestTokenParamsSchema } from '../../api/stay.js';
import { quoteStayWith } from '../../pricing/pricing.js';
import { DEFAULT_SETTINGS } from '../../settings/schema.js';
import { clockTimeText } from '../../shared/dates.js';

// Priced with the owner's settings of that day: $300 a night then, whatever the settings say today.
const SOLD_WITH = { ...DEFAULT_SETTINGS, checkInTime: '15:00', checkOutTime: '11:00' };
const QUOTE = quoteStayWith(SOLD_WITH, { checkin: '2026-12-10', checkout: '2026-12-12', guests: 4 })!;
const TODAY_SETTINGS = { ...DEFAULT_SETTINGS, baseNightlyRateCents: 99_900, checkInTime: '17:00', checkOutTime: '09:00', cancellationPolicy: { tiers: [] } };

/** Noon on `date` by the property's clock. */
const at = (date: string, time = '12:00') => ({ date, time });

function booking(over: Partial<Booking> = {}): Booking {
  return testBooking({
    id: 7,
    ...testGuest({ phone: '555', location: 'Atlanta', ipAddress: '192.0.2.1' }),
    checkin: '2026-12-10',
    checkout: '2026-12-12',
    guests: 4,
    createdAt: '2026-11-01T12:00:00.000Z',
    stripePaymentIntentId: 'pi_1',
    stripePaymentDetails: { status: 'succeeded', amount: QUOTE.totalCents, paymentMethod: { card: { brand: 'visa', last4: '4242' } } },
    quote: QUOTE,
    amountPaidCents: QUOTE.totalCents,
    guestToken: 'secret-token-secret-token',
    notes: 'VIP, owner only',
    cancellationPolicy: { tiers: [{ daysBefore: 14, refundBps: 10_000 }, { daysBefore: 7, refundBps: 5_000 }] },
    ...over,
  });
}

describe('guestStayView ([guest.page])', () => {
  it("ends a 0-day tier at the stay's own check-in time (its frozen 3:00 PM), not at midnight", () => {
    const sameDay = booking({ cancellationPolicy: { tiers: [{ daysBefore: 0, refundBps: 10_000 }] } });
    expect(guestStayView(sameDay, TODAY_SETTINGS, at('2026-12-10', '14:59'))).toMatchObject({ refundTodayCents: QUOTE.totalCents, canCancel: true });
    expect(guestStayView(sameDay, TODAY_SETTINGS, at('2026-12-10', '15:00'))).toMatchObject({ refundTodayCents: 0, canCancel: true });
  });

  it("shows the booking's own receipt, times and frozen policy, never today's settings", () => {
    const view = guestStayView(booking(), TODAY_SETTINGS, at('2026-11-20'));
    expect(view).toMatchObject({ reference: 7, checkin: '2026-12-10', checkout: '2026-12-12', nights: 2, guests: 4, status: 'confirmed', amountPaidCents: QUOTE.totalCents, refundedCents: 0 });
    expect(view.receipt[0]).toEqual({ label: '2 nights × $300.00', cents: 60_000, kind: 'line' });
    expect(view.receipt.at(-1)).toEqual({ label: 'Total', cents: QUOTE.totalCents, kind: 'total' });
    expect(view.receipt.map((l) => l.label)).toContain('Subtotal');
    expect(view.checkInTime).toBe('15:00');
    expect(view.checkOutTime).toBe('11:00');
    expect(view.cancellationPolicy).toEqual([
      'Full refund if you cancel at least 14 days before check-in (by Nov 26, 2026).',
      '50% refund if you cancel at least 7 days before check-in (by Dec 3, 2026).',
      'No refund if you cancel later.',
    ]);
    expect(view.property).toMatchObject({ name: 'Ridgeline', address: propertyAddress() });
    // Parses with the contract, and holds nothing private.
    expect(guestStaySchema.parse(view)).toEqual(view);
    const text = JSON.stringify(view);
    for (const secret of ['192.0.2.1', 'secret-token', 'VIP', '4242', 'pi_1', 'ann@example.com']) expect(text).not.toContain(secret);
  });

  it('gives the refund of cancelling today by the policy tiers', () => {
    const paid = QUOTE.totalCents;
    expect(guestStayView(booking(), TODAY_SETTINGS, at('2026-11-26')).refundTodayCents).toBe(paid);
    expect(guestStayView(booking(), TODAY_SETTINGS, at('2026-11-27')).refundTodayCents).toBe(Math.floor(paid / 2));
    expect(guestStayView(booking(), TODAY_SETTINGS, at('2026-12-03')).refundTodayCents).toBe(Math.floor(paid / 2));
    expect(guestStayView(booking(), TODAY_SETTINGS, at('2026-12-04'))).toMatchObject({ refundTodayCents: 0, canCancel: true });
    // Less what was already refunded.
    expect(guestStayView(booking({ refundedCents: paid - 100 }), TODAY_SETTINGS, at('2026-11-20')).refundTodayCents).toBe(100);
  });

  it('[money.refund-incomplete] with a cancellation whose refund is incomplete, offers what it is missing, not the policy anew', () => {
    const paid = QUOTE.totalCents;
    const unfinishedRefund = {
      id: 1,
      amountCents: 30_000,
      status: 'incomplete',
      source: 'guest' as const,
      reason: '',
      movedCents: 30_000,
      missingCents: 5_000,
      parts: [
        { position: 0, paymentIntentId: 'pi_1', amountCents: 30_000, status: 'succeeded' as const, stripeRefundId: 're_1', error: '' },
        { position: 1, paymentIntentId: 'pi_1', amountCents: 5_000, status: 'failed' as const, stripeRefundId: null, error: 'Stripe refused it' },
      ],
    };
    // Half of it by the policy on Nov 27; the refund already gave back 300 and misses 50.
    expect(guestStayView(booking({ refundedCents: 30_000, unfinishedRefund }), TODAY_SETTINGS, at('2026-11-27')).refundTodayCents).toBe(5_000);
    expect(guestStayView(booking({ refundedCents: 30_000 }), TODAY_SETTINGS, at('2026-11-27')).refundTodayCents).toBe(Math.floor(paid / 2));
  });

  it('can cancel until the check-in day; not after it, not once cancelled, not an unpaid inquiry', () => {
    expect(guestStayView(booking(), TODAY_SETTINGS, at('2026-12-10')).canCancel).toBe(true);
    expect(guestStayView(booking(), TODAY_SETTINGS, at('2026-12-11'))).toMatchObject({ canCancel: false, refundTodayCents: 0 });
    expect(guestStayView(booking({ status: 'cancelled', cancelledAt: '2026-11-20T10:00:00.000Z', cancelledBy: 'guest' }), TODAY_SETTINGS, at('2026-11-20'))).toMatchObject({
      canCancel: false,
      refundTodayCents: 0,
      cancelledBy: 'guest',
    });
    expect(guestStayView(booking({ status: 'inquiry', paymentStatus: 'pending', stripePaymentIntentId: null }), TODAY_SETTINGS, at('2026-11-20')).canCancel).toBe(false);
  });

  it("falls back on the owner's policy and the settings' times without stored ones; refunds card payments only", () => {
    const { terms: _terms, ...oldQuote } = QUOTE;
    const view = guestStayView(booking({ cancellationPolicy: null, quote: oldQuote }), TODAY_SETTINGS, at('2026-11-20'));
    expect(view).toMatchObject({ checkInTime: '17:00', checkOutTime: '09:00', cancellationPolicy: ['No refund if you cancel.'], refundTodayCents: 0 });
    // A manual booking paid another way: nothing to refund through the site.
    expect(guestStayView(booking({ kind: 'manual', stripePaymentIntentId: null }), TODAY_SETTINGS, at('2026-11-20'))).toMatchObject({ canCancel: true, refundTodayCents: 0 });
  });

  it('a booking without a quote has no receipt', () => {
    expect(receiptLines(null)).toEqual([]);
    expect(guestStayView(booking({ quote: null, kind: 'manual' }), TODAY_SETTINGS, at('2026-11-20'))).toMatchObject({ receipt: [], nights: 2, checkInTime: '17:00' });
  });
});

describe('guest page helpers', () => {
  it('writes clock times for guests', () => {
    expect(clockTimeText('16:00')).toBe('4:00 PM');
    expect(clockTimeText('10:30')).toBe('10:30 AM');
    expect(clockTimeText('00:15')).toBe('12:15 AM');
    expect(clockTimeText('12:00')).toBe('12:00 PM');
  });

  it('accepts only base64url tokens of 20 to 64 characters', () => {
    expect(guestTokenParamsSchema.safeParse({ token: 'abcdefghijklmnopqrstuvwxyz012345-_AB' }).success).toBe(true);
    expect(guestTokenParamsSchema.safeParse({ token: 'a'.repeat(48) }).success).toBe(true);
    for (const bad of ['short', 'a'.repeat(65), 'abc/defghijklmnopqrstuvwxyz', "' OR 1=1 --aaaaaaaaaaaaa", 'abcdefghijklmnopqrst='])
      expect(guestTokenParamsSchema.safeParse({ token: bad }).success).toBe(false);
  });

  it('a review may be left after check-out, once, for a confirmed stay ([reviews.request])', () => {
    const b = booking();
    expect(reviewRefusal(b, false, '2026-12-11')).toBe('not-checked-out');
    expect(reviewRefusal(b, false, '2026-12-12')).toBeNull();
    expect(reviewRefusal(b, true, '2026-12-20')).toBe('already-reviewed');
    expect(reviewRefusal(booking({ status: 'cancelled' }), false, '2026-12-20')).toBe('cancelled');
    expect(guestReviewState(b, false, '2026-12-13')).toEqual({ guestName: 'Ann Lee', checkin: '2026-12-10', checkout: '2026-12-12', alreadyReviewed: false, canReview: true });
  });
});
