import { describe, expect, it } from 'vitest';
import type { Booking } from '../booking/bookings.js';
import { paidTestBooking } from '../booking/testing/test-bookings.js';
import { priceStay, quoteStayWith } from '../pricing/pricing.js';
import { FANNIN_COUNTY_TAXES } from '../settings/fannin-county.js';
import { DEFAULT_SETTINGS } from '../settings/schema.js';
import { bookingsCsv, exportFileNames, monthlySummary, monthlySummaryCsv, summarize, taxReportCsv } from './reports.js';

/** A booking; a paid one's ledger holds its quote's total unless `extra` says what was paid. */
function booking(checkin: string, checkout: string, extra: Partial<Booking> = {}): Booking {
  return paidTestBooking({ checkin, checkout, quote: priceStay(checkin, checkout) ?? null, ...extra });
}

describe('reports ([reports.summary], [pricing.tax])', () => {
  const list = [
    booking('2026-11-05', '2026-11-07'), // 116699, tax 10300
    booking('2026-11-20', '2026-11-21', { stripePaymentDetails: { status: 'succeeded', amount: 80000 }, amountPaidCents: 80000 }),
    booking('2026-03-01', '2026-03-03'),
    booking('2025-12-30', '2026-01-02'), // keyed on check-in: 2025
    booking('2026-11-10', '2026-11-12', { paymentStatus: 'pending' }),
  ];

  it('sums paid bookings; year and month keyed on check-in', () => {
    const s = summarize(list, '2026-11-21');
    expect(s.paidBookings).toBe(4);
    const threeNights = priceStay('2025-12-30', '2026-01-02')!.totalCents;
    expect(s.totalRevenueCents).toBe(116699 + 80000 + 116699 + threeNights);
    expect(s.yearRevenueCents).toBe(116699 + 80000 + 116699);
    expect(s.monthRevenueCents).toBe(116699 + 80000);
    expect(s.totalTaxesCents).toBeGreaterThan(0);
  });

  it('counts refunds made in Stripe against revenue, and leaves cancelled bookings out ([booking.refund], [booking.cancel])', () => {
    const s = summarize(
      [
        booking('2026-11-05', '2026-11-07', { paymentStatus: 'partially_refunded', refundedCents: 16699 }),
        booking('2026-11-08', '2026-11-10', {
          paymentStatus: 'refunded',
          refundedCents: 116699,
          cancelledAt: '2026-11-01T00:00:00Z',
          status: 'cancelled',
        }),
        booking('2026-11-12', '2026-11-14', {
          paymentStatus: 'paid',
          cancelledAt: '2026-11-01T00:00:00Z',
          status: 'cancelled',
        }),
      ],
      '2026-11-21',
    );
    expect(s.paidBookings).toBe(1);
    expect(s.totalRevenueCents).toBe(100000);
  });

  it('groups a year by check-in month', () => {
    expect(monthlySummary(list, 2026).map((m) => [m.month, m.bookings, m.nights])).toEqual([
      ['2026-03', 1, 2],
      ['2026-11', 2, 3],
    ]);
    expect(monthlySummary(list, 2025).map((m) => m.month)).toEqual(['2025-12']);
  });

  it('writes the three exports with their file names', () => {
    const all = bookingsCsv([booking('2026-11-05', '2026-11-07', { firstName: '=cmd|calc', message: 'Hi, "there"' })]);
    const [header, row] = all.split('\r\n');
    expect(header).toMatch(/^"ID","First Name","Last Name","Email"/);
    expect(row).toContain(`,"'=cmd|calc",`);
    expect(row).toContain('"Hi, ""there"""');
    // Amounts are ours: numbers, never neutralised.
    expect(row).toContain(',"1166.99","103.00","paid",');
    const tax = taxReportCsv(list, 2026).trim().split('\r\n');
    expect(tax).toHaveLength(1 + 3 + 1);
    expect(tax.at(-1)).toMatch(/^"Total","3 stays",/);
    expect(monthlySummaryCsv(list, 2026).split('\r\n')[2]).toMatch(/^"2026-11","2","3",/);
    expect(exportFileNames.bookings('2026-11-21')).toBe('bookings-2026-11-21.csv');
    expect(exportFileNames.taxReport(2026)).toBe('tax-report-2026.csv');
    expect(exportFileNames.monthlySummary(2026)).toBe('monthly-summary-2026.csv');
  });

  it("the bookings CSV ends with status, channel and the ledger's paid, refunded, net paid and balance due ([reports.csv], [money.balance-due])", () => {
    const q = priceStay('2026-11-05', '2026-11-07')!;
    const rows = bookingsCsv([
      booking('2026-11-05', '2026-11-07', { refundedCents: 10_000, amountPaidCents: q.totalCents }),
      booking('2026-12-05', '2026-12-07', { kind: 'manual', status: 'confirmed', paymentStatus: 'partially_paid', amountPaidCents: 50_000 }),
      booking('2026-12-15', '2026-12-17', { kind: 'owner', status: 'confirmed', paymentStatus: 'not_applicable', amountPaidCents: 0 }),
    ])
      .trim()
      .split('\r\n');
    const header = rows[0]!.split('","');
    // The earlier columns keep their positions: the new ones come after Special Requests.
    expect(header.slice(15)).toEqual(['Special Requests', 'Status', 'Channel', 'Paid ($)', 'Refunded ($)', 'Net Paid ($)', 'Balance Due ($)"']);
    const total = (q.totalCents / 100).toFixed(2);
    expect(rows[1]).toMatch(new RegExp(`"Confirmed","Direct","${total}","100.00","${((q.totalCents - 10_000) / 100).toFixed(2)}","100.00"$`));
    expect(rows[2]).toMatch(new RegExp(`"Confirmed","Phone booking","500.00","0.00","500.00","${((q.totalCents - 50_000) / 100).toFixed(2)}"$`));
    expect(rows[3]).toMatch(/"Confirmed","Owner stay","0.00","0.00","0.00","0.00"$/);
  });

  it('the monthly summary has one column per tax line the stays were charged, as the tax report ([reports.tax])', () => {
    const quote = quoteStayWith({ ...DEFAULT_SETTINGS, taxes: [...FANNIN_COUNTY_TAXES] }, { checkin: '2026-12-10', checkout: '2026-12-12', guests: 2 })!;
    const csv = monthlySummaryCsv([booking('2026-12-10', '2026-12-12', { quote, amountPaidCents: quote.totalCents })], 2026).trim().split('\r\n');
    expect(csv[0]).toBe(
      '"Month","Bookings","Nights","Revenue ($)","Georgia sales tax 4% ($)","Fannin County local sales tax 3% ($)","Fannin County hotel-motel tax 6% ($)","Georgia hotel-motel fee $5.00/night ($)"',
    );
    const cents = quote.taxes!.map((t) => (t.cents / 100).toFixed(2));
    expect(cents).toHaveLength(4);
    expect(csv[1]).toBe(`"2026-12","1","2","${(quote.totalCents / 100).toFixed(2)}",${cents.map((c) => `"${c}"`).join(',')}`);
  });
});
