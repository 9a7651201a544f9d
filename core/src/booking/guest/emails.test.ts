import { describe, expect, it } from 'vitest';
import type { Booking } from '../bookings.js';
import { DEFAULT_CANCELLATION_POLICY } from '../../settings/cancellation-policy.js';
import { bookingCancellationEmail, bookingConfirmationEmail, guestStayUrl, paymentStatusLabel } from '../../index.js';
import { testBooking } from '../testing/test-bookings.js';

const BOOKING: Booking = testBooking({
  id: 7,
  createdAt: '2026-11-01T00:00:00Z',
  stripePaymentIntentId: 'pi_1',
  stripePaymentDetails: { status: 'succeeded', amount: 100_000 },
  amountPaidCents: 100_000,
  cancellationPolicy: DEFAULT_CANCELLATION_POLICY,
});

describe('bookingConfirmationEmail', () => {
  it("lists the booking's frozen cancellation policy with its dates ([cancel.policy])", () => {
    const { text } = bookingConfirmationEmail(BOOKING, 'https://ridgeline.example');
    expect(text).toContain('Cancellation policy:\n- Full refund if you cancel at least 14 days before check-in (by Dec 7, 2026).\n- 50% refund');
    expect(text).toContain('- No refund if you cancel later.');
  });

  it('says nothing of a policy the booking does not have', () => {
    expect(bookingConfirmationEmail({ ...BOOKING, cancellationPolicy: null }, 'https://x.example').text).not.toContain('Cancellation policy');
  });
});

describe('bookingConfirmationEmail: the guest page link ([guest.page])', () => {
  const withToken = { ...BOOKING, guestToken: 'AbC123_-xyzAbC123_-xyz' };

  it('confirms the stay and links to the guest page', () => {
    const mail = bookingConfirmationEmail(withToken, 'https://ridgeline.example');
    expect(mail.subject).toBe('Your stay at Ridgeline is confirmed: 2026-12-21 to 2026-12-24');
    expect(mail.text).toContain('Booking reference: 7');
    // The times of the guest page: the default settings' for a booking without stored terms.
    expect(mail.text).toContain('Check-in:  2026-12-21 (from 4:00 PM)');
    expect(mail.text).toContain('Check-out: 2026-12-24 (by 10:00 AM)');
    expect(mail.text).toContain('View or cancel your booking: https://ridgeline.example/stay/AbC123_-xyzAbC123_-xyz');
  });

  it('writes the link without a double slash whatever the public URL ends with', () => {
    expect(guestStayUrl('https://ridgeline.example/', 'tok')).toBe('https://ridgeline.example/stay/tok');
    expect(bookingConfirmationEmail(withToken, 'http://localhost:5000/').text).toContain('View or cancel your booking: http://localhost:5000/stay/AbC123_-xyzAbC123_-xyz');
  });
});

describe('bookingCancellationEmail ([booking.cancel], [booking.refund])', () => {
  const cancelled = { ...BOOKING, cancelledAt: '2026-11-21T15:00:00Z', cancelledBy: 'owner' as const, cancelReason: 'Storm damage' };

  it('gives the dates, the reason, the refund and when it arrives', () => {
    const { subject, text } = bookingCancellationEmail(cancelled, 50_000, 'https://ridgeline.example');
    expect(subject).toContain('cancelled: 2026-12-21 to 2026-12-24');
    expect(text).toContain('Check-in:  2026-12-21');
    expect(text).toContain('Reason: Storm damage');
    expect(text).toContain('Refund: $500.00 to the card you paid with. Refunds usually arrive in 5–10 business days');
  });

  it('says when no refund is due, and when the guest paid another way', () => {
    expect(bookingCancellationEmail({ ...cancelled, cancelledBy: 'guest' }, null, 'https://x.example').text).toMatch(/As you asked[\s\S]*none is due/);
    expect(bookingCancellationEmail({ ...cancelled, stripePaymentIntentId: null, kind: 'manual' }, 0, 'https://x.example').text).toContain('You paid us directly');
  });
});

describe('paymentStatusLabel', () => {
  it.each([
    ['paid', 'Paid'],
    ['partially_refunded', 'Partially refunded'],
    ['refunded', 'Refunded'],
    ['', 'Pending'],
  ])('%s → %s', (status, label) => expect(paymentStatusLabel(status)).toBe(label));
});
