import { describe, expect, it } from 'vitest';
import { paymentScheduleFor } from './payment-schedule.js';
import type { Booking } from '../booking/bookings.js';
import { bookingTotalCents } from '../reports/booking-amounts.js';

describe('paymentScheduleFor ([payments.schedule])', () => {
  const settings = { depositBps: 3_000, balanceDueDays: 30 };

  it('splits the total: the deposit rounded down to the cent, the balance the rest, due check-in minus the window', () => {
    expect(paymentScheduleFor(settings, 100_001, '2027-01-20', '2026-11-21')).toEqual({ depositBps: 3_000, depositCents: 30_000, balanceCents: 70_001, balanceDueDate: '2026-12-21' });
    const odd = paymentScheduleFor({ depositBps: 3_333, balanceDueDays: 30 }, 99_999, '2027-01-20', '2026-11-21')!;
    expect(odd.depositCents).toBe(33_329);
    expect(odd.depositCents + odd.balanceCents).toBe(99_999);
  });

  it('pays in full inside the window (due date today or past) and when no deposit is set', () => {
    expect(paymentScheduleFor(settings, 100_000, '2027-01-20', '2026-12-21')).toBeNull();
    expect(paymentScheduleFor(settings, 100_000, '2027-01-20', '2026-12-30')).toBeNull();
    expect(paymentScheduleFor(settings, 100_000, '2027-01-20', '2026-12-20')).not.toBeNull();
    expect(paymentScheduleFor({ depositBps: null, balanceDueDays: 30 }, 100_000, '2027-01-20', '2026-11-21')).toBeNull();
    expect(paymentScheduleFor({ depositBps: 0, balanceDueDays: 30 }, 100_000, '2027-01-20', '2026-11-21')).toBeNull();
  });

  it('pays in full when a part would be below Stripe’s $0.50 minimum', () => {
    expect(paymentScheduleFor({ depositBps: 100, balanceDueDays: 30 }, 4_000, '2027-01-20', '2026-11-21')).toBeNull();
  });
});

describe('reports count both payments ([payments.balance])', () => {
  const schedule = { depositBps: 3_000, depositCents: 3_000, balanceCents: 7_000, balanceDueDate: '2026-12-21' };
  const booking = (amountPaidCents: number) =>
    ({ amountPaidCents, stripePaymentDetails: { status: 'succeeded', amount: 3_000 }, quote: { totalCents: 10_000, paymentSchedule: schedule } }) as unknown as Booking;

  it('what was actually paid: the deposit, then deposit and balance', () => {
    expect(bookingTotalCents(booking(3_000))).toBe(3_000);
    expect(bookingTotalCents(booking(10_000))).toBe(10_000);
  });
});
