import { describe, expect, it } from 'vitest';
import type { Booking } from '../booking/bookings.js';
import { paidTestBooking } from '../booking/testing/test-bookings.js';
import { priceStay, quoteStayWith, type PriceBreakdown } from '../pricing/pricing.js';
import { summarize, taxReportCsv } from './reports.js';
import { DEFAULT_SETTINGS, FANNIN_COUNTY_TAXES, type Settings } from '../settings/index.js';
import { taxColumnsOf, taxDueDate, taxReport, type TaxReport } from './tax-report.js';

function booking(checkin: string, checkout: string, quote: PriceBreakdown | null, extra: Partial<Booking> = {}): Booking {
  // A paid booking's ledger holds its quote's total ([reports.collected]).
  return paidTestBooking({ checkin, checkout, quote, ...extra });
}
const quoteWith = (settings: Settings, checkin: string, checkout: string) =>
  quoteStayWith(settings, { checkin, checkout, guests: 2 }) as PriceBreakdown;
const withTaxes = (taxes: Settings['taxes']): Settings => ({ ...DEFAULT_SETTINGS, taxes });
const lodgingFee = { name: 'Lodging fee', kind: 'perNight', cents: 500 } as const;
/** The months with a paid stay (every month of the year is a row, [reports.tax-returns]). */
const booked = (report: TaxReport) => report.months.filter((m) => m.bookings > 0);

describe('taxDueDate ([reports.tax]: the 20th of the following month)', () => {
  it.each([
    ['2026-01', '2026-02-20'],
    ['2026-11', '2026-12-20'],
    ['2026-12', '2027-01-20'],
  ])('%s is due %s', (month, due) => {
    expect(taxDueDate(month)).toBe(due);
  });
});

describe('taxReport ([reports.tax])', () => {
  it('one row per check-in month of paid direct bookings, with nights, taxable subtotal, each line, total and due date', () => {
    const march = quoteWith(DEFAULT_SETTINGS, '2026-03-01', '2026-03-03');
    const march2 = quoteWith(DEFAULT_SETTINGS, '2026-03-20', '2026-03-25');
    const june = quoteWith(DEFAULT_SETTINGS, '2026-06-10', '2026-06-11');
    const report = taxReport(
      [
        booking('2026-06-10', '2026-06-11', june),
        booking('2026-03-20', '2026-03-25', march2),
        booking('2026-03-01', '2026-03-03', march),
      ],
      [],
      2026,
    );
    expect(report.columns.map((c) => c.label)).toEqual(['State tax 4%', 'County tax 6%']);
    const [state, county] = report.columns.map((c) => c.key) as [string, string];
    expect(report.months.map((m) => m.month)).toEqual(
      ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].map((m) => `2026-${m}`),
    );
    expect(report.months[0]).toEqual({
      month: '2026-01',
      bookings: 0,
      nights: 0,
      taxableSubtotalCents: 0,
      taxCents: { [state]: 0, [county]: 0 },
      totalTaxCents: 0,
      dueDate: '2026-02-20',
      filed: [],
    });
    expect(booked(report)).toEqual([
      {
        month: '2026-03',
        bookings: 2,
        nights: 7,
        taxableSubtotalCents: march.subtotalCents + march2.subtotalCents,
        taxCents: {
          [state]: march.stateTaxCents + march2.stateTaxCents,
          [county]: march.countyTaxCents + march2.countyTaxCents,
        },
        totalTaxCents: march.stateTaxCents + march2.stateTaxCents + march.countyTaxCents + march2.countyTaxCents,
        dueDate: '2026-04-20',
        filed: [],
      },
      {
        month: '2026-06',
        bookings: 1,
        nights: 1,
        taxableSubtotalCents: june.subtotalCents,
        taxCents: { [state]: june.stateTaxCents, [county]: june.countyTaxCents },
        totalTaxCents: june.stateTaxCents + june.countyTaxCents,
        dueDate: '2026-07-20',
        filed: [],
      },
    ]);
    expect(report.totals.bookings).toBe(3);
    expect(report.totals.totalTaxCents).toBe(booked(report)[0]!.totalTaxCents + booked(report)[1]!.totalTaxCents);
    expect(report.authorities).toEqual(['State tax', 'County tax']);
  });

  it('leaves out unpaid and cancelled (refunded) bookings and stays of other years (keyed on check-in)', () => {
    const q = quoteWith(DEFAULT_SETTINGS, '2026-05-01', '2026-05-03');
    const report = taxReport(
      [
        booking('2026-05-01', '2026-05-03', q, { paymentStatus: 'pending' }),
        booking('2026-05-01', '2026-05-03', q, {
          paymentStatus: 'refunded',
          refundedCents: q.totalCents,
          cancelledAt: '2026-04-01T00:00:00Z',
          status: 'cancelled',
        }),
        booking('2026-05-01', '2026-05-03', q, { paymentStatus: 'failed' }),
        booking('2025-12-30', '2026-01-02', quoteWith(DEFAULT_SETTINGS, '2025-12-30', '2026-01-02')),
        booking('2026-05-10', '2026-05-12', q),
      ],
      [],
      2026,
    );
    expect(booked(report).map((m) => [m.month, m.bookings])).toEqual([['2026-05', 1]]);
    expect(report.stays).toHaveLength(1);
    const none = taxReport([booking('2026-05-01', '2026-05-03', q, { paymentStatus: 'pending' })], [], 2026);
    expect(none).toMatchObject({ columns: [], authorities: [], stays: [] });
    expect(none.months.map((m) => m.totalTaxCents)).toEqual(Array(12).fill(0));
  });

  it('reads each booking’s own lines: a per-night line added mid-year is a new column, earlier months show 0', () => {
    const before = quoteWith(DEFAULT_SETTINGS, '2026-02-05', '2026-02-07');
    const after = quoteWith(withTaxes([...DEFAULT_SETTINGS.taxes, lodgingFee]), '2026-08-05', '2026-08-09');
    const report = taxReport(
      [booking('2026-08-05', '2026-08-09', after), booking('2026-02-05', '2026-02-07', before)],
      [],
      2026,
    );
    expect(report.columns.map((c) => c.label)).toEqual(['State tax 4%', 'County tax 6%', 'Lodging fee $5.00/night']);
    const fee = report.columns[2]!.key;
    expect(booked(report).map((m) => m.taxCents[fee])).toEqual([0, 4 * 500]);
    expect(booked(report)[1]!.totalTaxCents).toBe(after.stateTaxCents + after.countyTaxCents + 2000);
  });

  it('a rate changed mid-year is another column; old quotes without lines are the state and county taxes of that time', () => {
    const legacy = priceStay('2026-01-10', '2026-01-12') as PriceBreakdown;
    expect(legacy.taxes).toBeUndefined();
    const raised = quoteWith(
      withTaxes([{ name: 'State tax', kind: 'percent', bps: 500 }, DEFAULT_SETTINGS.taxes[1]!]),
      '2026-09-01',
      '2026-09-03',
    );
    const report = taxReport(
      [booking('2026-01-10', '2026-01-12', legacy), booking('2026-09-01', '2026-09-03', raised)],
      [],
      2026,
    );
    expect(report.columns.map((c) => c.label)).toEqual(['State tax 4%', 'County tax 6%', 'State tax 5%']);
    const [state4, county6, state5] = report.columns.map((c) => c.key) as [string, string, string];
    expect(booked(report)[0]!.taxCents).toEqual({
      [state4]: legacy.stateTaxCents,
      [county6]: legacy.countyTaxCents,
      [state5]: 0,
    });
    expect(booked(report)[1]!.taxCents).toEqual({
      [state4]: 0,
      [county6]: raised.countyTaxCents,
      [state5]: raised.stateTaxCents,
    });
  });

  it('the Fannin County preset gives its four lines, the per-night fee × nights', () => {
    const q = quoteWith(withTaxes([...FANNIN_COUNTY_TAXES]), '2026-10-02', '2026-10-05');
    const report = taxReport([booking('2026-10-02', '2026-10-05', q)], [], 2026);
    expect(report.columns.map((c) => c.label)).toEqual([
      'Georgia sales tax 4%',
      'Fannin County local sales tax 3%',
      'Fannin County hotel-motel tax 6%',
      'Georgia hotel-motel fee $5.00/night',
    ]);
    expect(booked(report)[0]!.taxCents[report.columns[3]!.key]).toBe(1500);
    expect(booked(report)[0]!.totalTaxCents).toBe(q.subtotalWithTaxesCents - q.subtotalCents);
    // Who each return is filed with ([reports.tax-returns]).
    expect(report.columns.map((c) => c.authority)).toEqual([
      'Georgia Department of Revenue',
      'Georgia Department of Revenue',
      'Fannin County',
      'Georgia Department of Revenue',
    ]);
    expect(report.authorities).toEqual(['Georgia Department of Revenue', 'Fannin County']);
  });

  it('lists imported Airbnb, VRBO and Booking.com reservations apart, per month and platform, without amounts', () => {
    const report = taxReport(
      [],
      [
        { platform: 'vrbo', startDate: '2026-07-03', endDate: '2026-07-06' },
        { platform: 'airbnb', startDate: '2026-07-10', endDate: '2026-07-12' },
        { platform: 'airbnb', startDate: '2026-07-20', endDate: '2026-07-21' },
        { platform: 'booking', startDate: '2026-02-01', endDate: '2026-02-03' },
        { platform: 'manual', startDate: '2026-07-01', endDate: '2026-07-02' },
        { platform: 'airbnb', startDate: '2025-12-30', endDate: '2026-01-02' },
      ],
      2026,
    );
    expect(report.platformStays).toEqual([
      { month: '2026-02', platform: 'booking', platformName: 'Booking.com', stays: 1, nights: 2 },
      { month: '2026-07', platform: 'airbnb', platformName: 'Airbnb', stays: 2, nights: 3 },
      { month: '2026-07', platform: 'vrbo', platformName: 'VRBO', stays: 1, nights: 3 },
    ]);
    expect(booked(report)).toEqual([]);
  });

  it('files every month with the authorities of the booked lines and of the tax lines in force that year, with what was marked filed ([reports.tax-returns])', () => {
    const q = quoteWith(DEFAULT_SETTINGS, '2026-04-01', '2026-04-03');
    const report = taxReport([booking('2026-04-01', '2026-04-03', q)], [], 2026, {
      filings: [
        { month: '2026-04', authority: 'State tax', filedOn: '2026-05-12' },
        { month: '2025-04', authority: 'State tax', filedOn: '2025-05-12' },
      ],
      taxLines: [
        { name: 'Lodging', kind: 'percent', bps: 600, authority: 'Fannin County' },
        { name: 'Old', kind: 'percent', bps: 100, authority: 'Gone County', validTo: '2025-12-31' },
        { name: 'Next', kind: 'percent', bps: 100, validFrom: '2027-01-01' },
      ],
    });
    expect(report.authorities).toEqual(['State tax', 'County tax', 'Fannin County']);
    expect(report.months.find((m) => m.month === '2026-04')?.filed).toEqual([
      { authority: 'State tax', filedOn: '2026-05-12' },
    ]);
    expect(report.months.filter((m) => m.filed.length > 0).map((m) => m.month)).toEqual(['2026-04']);
  });
});

describe('the tax CSV and the summary follow the booked lines ([reports.csv], [reports.tax])', () => {
  it('names a column per booked line with its rate, and sums every line into Total Tax', () => {
    const q = quoteWith(withTaxes([...DEFAULT_SETTINGS.taxes, lodgingFee]), '2026-04-01', '2026-04-03');
    const b = booking('2026-04-01', '2026-04-03', q);
    const [header, row, total] = taxReportCsv([b], 2026).trim().split('\r\n');
    expect(header).toBe(
      '"Booking ID","Guest","Check-in","Check-out","Taxable Subtotal ($)","State tax 4% ($)","County tax 6% ($)","Lodging fee $5.00/night ($)","Total Tax ($)","Total Paid ($)"',
    );
    const allTax = q.stateTaxCents + q.countyTaxCents + 1000;
    const d = (cents: number) => `"${(cents / 100).toFixed(2)}"`;
    expect(row).toBe(
      [
        `"${b.id}"`,
        '"Ann Lee"',
        '"2026-04-01"',
        '"2026-04-03"',
        d(q.subtotalCents),
        d(q.stateTaxCents),
        d(q.countyTaxCents),
        d(1000),
        d(allTax),
        d(q.totalCents),
      ].join(','),
    );
    expect(total).toBe(
      [
        '"Total"',
        '"1 stays"',
        '""',
        '""',
        d(q.subtotalCents),
        d(q.stateTaxCents),
        d(q.countyTaxCents),
        d(1000),
        d(allTax),
        d(q.totalCents),
      ].join(','),
    );
    expect(summarize([b], '2026-04-02').totalTaxesCents).toBe(allTax);
  });

  it('names the lines of every paid booking for the Total Taxes card, whatever the year, unpaid ones aside', () => {
    const fannin = quoteWith(withTaxes([...FANNIN_COUNTY_TAXES]), '2027-03-01', '2027-03-02');
    const unpaid = quoteWith(withTaxes([lodgingFee]), '2026-05-01', '2026-05-02');
    const labels = taxColumnsOf([
      booking('2027-03-01', '2027-03-02', fannin),
      booking('2026-05-01', '2026-05-02', unpaid, { paymentStatus: 'pending' }),
      booking('2025-06-01', '2025-06-02', priceStay('2025-06-01', '2025-06-02') ?? null),
    ]).map((c) => c.label);
    expect(labels).toEqual([
      'State tax 4%',
      'County tax 6%',
      'Georgia sales tax 4%',
      'Fannin County local sales tax 3%',
      'Fannin County hotel-motel tax 6%',
      'Georgia hotel-motel fee $5.00/night',
    ]);
  });
});
