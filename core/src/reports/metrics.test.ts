import { describe, expect, it } from 'vitest';
import type { Booking } from '../booking/bookings.js';
import { testBooking, testQuote } from '../booking/testing/test-bookings.js';
import { bookingRevenue, leadDays, revenueShare, yearMetrics, type MetricStay } from './metrics.js';
import { monthlySummaryCsv } from './reports.js';
import { monthlyPayouts, ownerStatementHtml } from './statement.js';
import { taxReport } from './tax-report.js';

function booking(
  checkin: string,
  checkout: string,
  extra: Partial<Booking> = {},
  perNight: number | ((d: string) => number) = 20000,
): Booking {
  const quote = testQuote(checkin, checkout, perNight);
  return testBooking({ checkin, checkout, createdAt: '2028-01-01T17:00:00.000Z', quote, amountPaidCents: quote.totalCents, ...extra });
}

const direct = (b: Booking): MetricStay => ({
  channel: b.kind,
  checkin: b.checkin,
  checkout: b.checkout,
  booking: b,
});
const imported = (channel: MetricStay['channel'], checkin: string, checkout: string): MetricStay => ({
  channel,
  checkin,
  checkout,
});
const month = (m: ReturnType<typeof yearMetrics>, n: number) => m.months[n - 1]!;

describe('hosting metrics ([insights.occupancy], [insights.adr], [insights.revpar], [insights.revenue])', () => {
  it('counts a leap February (2028) as 29 nights and a year as 366', () => {
    const m = yearMetrics([], 2028);
    expect(month(m, 2).nightsAvailable).toBe(29);
    expect(m.totals.nightsAvailable).toBe(366);
    expect(yearMetrics([], 2027).totals.nightsAvailable).toBe(365);
    expect(month(m, 2)).toMatchObject({
      nightsBooked: 0,
      occupancyBps: 0,
      adrCents: 0,
      revparCents: 0,
      revenueCents: 0,
    });
  });

  it('counts a stay across a month end per night in each month, accommodation by each night’s price', () => {
    // Feb 27, 28, 29 at $200, $200, $300 (leap day), Mar 1 at $400; fees and taxes on check-in month.
    const b = booking('2028-02-27', '2028-03-02', {}, (d) =>
      d === '2028-02-29' ? 30000 : d === '2028-03-01' ? 40000 : 20000,
    );
    const m = yearMetrics([direct(b)], 2028);
    expect(month(m, 2)).toMatchObject({
      nightsBooked: 3,
      nightsSold: 3,
      accommodationCents: 70000,
      feesCents: 11000,
      taxesCents: 5000,
      revenueCents: 86000,
      bookings: 1,
    });
    expect(month(m, 3)).toMatchObject({
      nightsBooked: 1,
      nightsSold: 1,
      accommodationCents: 40000,
      feesCents: 0,
      taxesCents: 0,
      revenueCents: 40000,
      bookings: 0,
    });
    // occupancy 3/29 = 1034.48 bps; ADR 70000/3; RevPAR 70000/29
    expect(month(m, 2)).toMatchObject({ occupancyBps: 1034, adrCents: 23333, revparCents: 2414 });
    expect(month(m, 3)).toMatchObject({ occupancyBps: 323, adrCents: 40000, revparCents: 1290 });
    expect(m.totals).toMatchObject({
      nightsBooked: 4,
      accommodationCents: 110000,
      revenueCents: 126000,
      bookings: 1,
      adrCents: 27500,
      occupancyBps: 109,
      revparCents: 301,
    });
  });

  it('counts only the year’s nights of a stay across New Year, its fees in the check-in year', () => {
    const b = booking('2027-12-30', '2028-01-02');
    const m2028 = yearMetrics([direct(b)], 2028);
    expect(month(m2028, 1)).toMatchObject({ nightsBooked: 1, accommodationCents: 20000, feesCents: 0, bookings: 0 });
    const m2027 = yearMetrics([direct(b)], 2027);
    expect(month(m2027, 12)).toMatchObject({
      nightsBooked: 2,
      accommodationCents: 40000,
      feesCents: 11000,
      taxesCents: 5000,
      bookings: 1,
    });
  });

  it('leaves out cancelled stays, unpaid direct bookings and holds', () => {
    const stays = [
      direct(booking('2028-05-01', '2028-05-04', { cancelledAt: '2028-04-01T00:00:00.000Z', status: 'cancelled' })),
      direct(booking('2028-05-10', '2028-05-12', { paymentStatus: 'pending', status: 'pending', amountPaidCents: 0 })),
      imported('hold', '2028-05-20', '2028-05-22'),
    ];
    const m = yearMetrics(stays, 2028);
    expect(month(m, 5)).toMatchObject({ nightsAvailable: 31, nightsBooked: 0, revenueCents: 0, bookings: 0 });
    expect(m.channels.every((c) => c.nights === 0)).toBe(true);
  });

  it('counts imported stays as booked nights without revenue: occupancy counts them, ADR does not', () => {
    const stays = [
      direct(booking('2028-06-01', '2028-06-03')),
      imported('airbnb', '2028-06-10', '2028-06-14'),
      imported('vrbo', '2028-06-20', '2028-06-21'),
    ];
    const m = month(yearMetrics(stays, 2028), 6);
    // booked 2 + 4 + 1 = 7 of 30; sold 2; accommodation 40000
    expect(m).toMatchObject({
      nightsAvailable: 30,
      nightsBooked: 7,
      nightsSold: 2,
      occupancyBps: 2333,
      adrCents: 20000,
      revparCents: 1333,
      accommodationCents: 40000,
      bookings: 3,
    });
  });

  it('takes owner stays and blocks out of both available and booked nights', () => {
    const owner = booking('2028-07-01', '2028-07-08', { kind: 'owner', amountPaidCents: 0, quote: null });
    const stays = [
      direct(owner),
      imported('block', '2028-07-20', '2028-07-24'),
      direct(booking('2028-07-10', '2028-07-13')),
    ];
    const m = month(yearMetrics(stays, 2028), 7);
    // 31 − 7 owner − 4 block = 20 available; 3 booked
    expect(m).toMatchObject({
      nightsAvailable: 20,
      nightsBooked: 3,
      occupancyBps: 1500,
      revparCents: 3000,
      adrCents: 20000,
      bookings: 1,
    });
  });

  it('keeps a night booked and available when a block echoes a reservation', () => {
    const b = booking('2028-08-01', '2028-08-04');
    const m = month(yearMetrics([direct(b), imported('block', '2028-08-01', '2028-08-06')], 2028), 8);
    // the block closes Aug 4 and 5 only: 31 − 2 = 29 available, 3 booked
    expect(m).toMatchObject({ nightsAvailable: 29, nightsBooked: 3 });
  });

  it('nets refunds off every part in proportion, and reads manual bookings as sold nights', () => {
    // paid 76000 (3 nights at $200 + $100 cleaning + $50 tax + $10 card fee); half refunded
    const b = booking('2028-09-01', '2028-09-04', { paymentStatus: 'partially_refunded', refundedCents: 38000 });
    expect(b.amountPaidCents).toBe(76000);
    const r = bookingRevenue(b);
    expect([...r.perNight.values()]).toEqual([10000, 10000, 10000]);
    expect(r.feesCents).toBe(5500);
    expect(r.taxesCents).toBe(2500);
    const manual = booking('2028-09-10', '2028-09-12', { kind: 'manual', paymentStatus: 'unpaid', amountPaidCents: 0 });
    const m = month(yearMetrics([direct(b), direct(manual)], 2028), 9);
    expect(m).toMatchObject({
      nightsSold: 5,
      accommodationCents: 30000 + 40000,
      revenueCents: 38000 + 40000 + 11000 + 5000,
    });
  });

  it('takes a refund off the total by its own amount, on a deposit or a stay shortened and refunded', () => {
    // $50 refunded on a $1,166.99 stay of which only the $350.09 deposit is paid: $50 off, not 14%.
    expect(Math.round(116_699 * revenueShare(116_699, 35_009, 5_000))).toBe(111_699);
    // Paid $1,506.89, shortened to $1,166.99 and refunded the $339.90 difference: all of the new total.
    expect(revenueShare(116_699, 150_689, 33_990)).toBe(1);
    // Then $100 more refunded as a goodwill gesture: $100 off the new total.
    expect(Math.round(116_699 * revenueShare(116_699, 150_689, 43_990))).toBe(106_699);
    // Paid in full, all refunded: nothing; more refunded than paid never goes below nothing.
    expect(revenueShare(76_000, 76_000, 76_000)).toBe(0);
    expect(revenueShare(76_000, 0, 90_000)).toBe(0);
  });

  it('spreads a discount over the nights by their prices and keeps the sum exact', () => {
    const b = booking('2028-10-01', '2028-10-04');
    b.quote = {
      ...b.quote!,
      discounts: [{ name: '10% off', cents: 6001 }],
      subtotalCents: b.quote!.subtotalCents - 6001,
    };
    const parts = [...bookingRevenue(b).perNight.values()];
    expect(parts.reduce((s, p) => s + p, 0)).toBe(60000 - 6001);
    expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
  });
});

describe('length of stay, lead time and channel mix ([insights.length-lead], [insights.channels])', () => {
  it('measures lead time in the property’s days, from the booking to check-in', () => {
    // 2028-03-01 03:00 UTC is still Feb 29 in New York
    expect(leadDays({ createdAt: '2028-03-01T03:00:00.000Z', checkin: '2028-03-10' })).toBe(10);
    expect(leadDays({ createdAt: '2028-03-10T15:00:00.000Z', checkin: '2028-03-10' })).toBe(0);
  });

  it('gives averages and distributions of the reservations checking in during the year', () => {
    const stays = [
      direct(booking('2028-03-05', '2028-03-08', { createdAt: '2028-03-01T15:00:00.000Z' })), // 3 nights, lead 4
      direct(booking('2028-04-10', '2028-04-20', { kind: 'manual', createdAt: '2028-01-11T15:00:00.000Z' })), // 10 nights, lead 90
      imported('booking', '2028-05-01', '2028-05-02'), // 1 night, no lead
      imported('airbnb', '2027-12-28', '2028-01-03'), // checks in 2027: nights in channel mix only
    ];
    const m = yearMetrics(stays, 2028);
    expect(m.totals.bookings).toBe(3);
    expect(m.totals.averageStayNights).toBe(4.7);
    expect(m.totals.averageLeadDays).toBe(47);
    expect(m.leadTime.map((b) => b.count)).toEqual([1, 0, 0, 0, 1, 0]);
    expect(m.lengthOfStay.map((b) => b.count)).toEqual([1, 0, 1, 0, 0, 0, 1, 0]);
    expect(m.channels).toEqual([
      { channel: 'direct', nights: 3 },
      { channel: 'manual', nights: 10 },
      { channel: 'airbnb', nights: 2 },
      { channel: 'vrbo', nights: 0 },
      { channel: 'booking', nights: 1 },
    ]);
    expect(yearMetrics([], 2028).totals.averageLeadDays).toBeNull();
  });
});

describe('exports of the metrics ([reports.csv], [insights.statement])', () => {
  it('the monthly summary CSV carries every month with the metrics columns', () => {
    const b = booking('2028-02-27', '2028-03-02');
    const csv = monthlySummaryCsv([b], 2028, yearMetrics([direct(b)], 2028)).split('\r\n');
    expect(csv[0]).toBe(
      '"Month","Bookings","Nights","Revenue ($)","Tax ($)","Nights Available","Nights Booked","Occupancy (%)","ADR ($)","RevPAR ($)","Accommodation ($)","Fees ($)","All Taxes ($)","Stay Revenue ($)"',
    );
    expect(csv.filter((line) => line.startsWith('"2028-'))).toHaveLength(12);
    // February: 1 booking, 4 nights, paid $960.00; 29 available, 3 booked (10.34%), ADR $200, RevPAR $20.69.
    expect(csv[2]).toBe(
      '"2028-02","1","4","960.00","50.00","29","3","10.34","200.00","20.69","600.00","110.00","50.00","760.00"',
    );
    // Without metrics: the paid months only, as before.
    expect(monthlySummaryCsv([b], 2028).split('\r\n')).toHaveLength(3);
  });

  it('payouts are paid minus refunded per check-in month, cancelled stays included, owner stays not', () => {
    const list = [
      booking('2028-03-05', '2028-03-07', { amountPaidCents: 50000, refundedCents: 10000 }),
      booking('2028-03-20', '2028-03-22', {
        amountPaidCents: 30000,
        cancelledAt: '2028-03-01T00:00:00.000Z',
        status: 'cancelled',
      }),
      booking('2028-04-01', '2028-04-03', { kind: 'owner', amountPaidCents: 0 }),
      booking('2027-03-01', '2027-03-03', { amountPaidCents: 99999 }),
    ];
    const payouts = monthlyPayouts(list, 2028);
    expect(payouts[2]).toBe(70000);
    expect(payouts.reduce((s, p) => s + p, 0)).toBe(70000);
  });

  it('the statement escapes text from data and totals the year', () => {
    const b = booking('2028-03-05', '2028-03-07');
    b.quote = { ...b.quote!, taxes: [{ name: '<script>x</script>', cents: 5000, bps: 500 }] };
    const html = ownerStatementHtml({
      year: 2028,
      metrics: yearMetrics([direct(b)], 2028),
      tax: taxReport([b], [], 2028),
      payouts: monthlyPayouts([b], 2028),
      today: '2028-12-31',
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).toContain('<tfoot><tr><th scope="row">Total</th><td>366</td><td>2</td>');
  });
});
