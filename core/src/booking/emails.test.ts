import { describe, expect, it } from 'vitest';
import type { BookingInquiry } from './bookings.js';
import { bookingConfirmationEmail, guestStayUrl } from './emails.js';
import { FRESH_BOOKING_LIFE } from './test-bookings.js';
import { priceStay } from '../pricing/pricing.js';

const QUOTE = priceStay('2026-12-10', '2026-12-12')!;
const BOOKING: BookingInquiry = {
  id: 42,
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '',
  location: '',
  ipAddress: '192.0.2.1',
  checkin: '2026-12-10',
  checkout: '2026-12-12',
  guests: 4,
  message: '',
  specialRequests: '',
  createdAt: '2026-11-20T12:00:00.000Z',
  paymentStatus: 'paid',
  stripePaymentIntentId: 'pi_1',
  stripePaymentDetails: { status: 'succeeded', amount: QUOTE.totalCents },
  quote: QUOTE,
  ...FRESH_BOOKING_LIFE,
  guestToken: 'AbC123_-xyzAbC123_-xyz',
};

describe('bookingConfirmationEmail', () => {
  it('confirms the stay and links to the guest page ([guest.page])', () => {
    const mail = bookingConfirmationEmail(BOOKING, 'https://ridgeline.example');
    expect(mail.subject).toBe('Your stay at Ridgeline is confirmed: 2026-12-10 to 2026-12-12');
    expect(mail.text).toContain('Hi Ann,');
    expect(mail.text).toContain('Booking reference: 42');
    expect(mail.text).toContain('View or cancel your booking: https://ridgeline.example/stay/AbC123_-xyzAbC123_-xyz');
  });

  it('writes the link without a double slash whatever the public URL ends with', () => {
    expect(guestStayUrl('https://ridgeline.example/', 'tok')).toBe('https://ridgeline.example/stay/tok');
    expect(bookingConfirmationEmail(BOOKING, 'http://localhost:5000/').text).toContain('View or cancel your booking: http://localhost:5000/stay/AbC123_-xyzAbC123_-xyz');
  });
});
