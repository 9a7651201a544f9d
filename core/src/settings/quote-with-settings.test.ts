import { describe, expect, it } from 'vitest';
import { percentOf, priceStay, quoteDisplayLines, quoteStayWith, taxLineStatus, taxLinesFor } from '../pricing/pricing.js';
import { DEFAULT_SETTINGS, mergeSettings, type SettingsUpdate } from './schema.js';
import { FANNIN_COUNTY_TAXES } from './fannin-county.js';
import { minNightsFor, shortDate, stayRuleProblem } from './stay-rules.js';

const withSettings = (update: SettingsUpdate) => {
  const r = mergeSettings(DEFAULT_SETTINGS, update);
  if (!r.success) throw new Error(r.error.message);
  return r.data;
};
const SUMMER = { name: 'Summer', start: '2027-06-01', end: '2027-08-31', nightlyRateCents: 45_000, minNights: 3 };

describe('quoteStayWith: prices with the owner settings ([pricing.total])', () => {
  it('with default settings gives exactly the lines of priceStay, plus the named lines', () => {
    for (const [checkin, checkout] of [['2026-12-10', '2026-12-12'], ['2027-05-28', '2027-06-04'], ['2026-01-01', '2026-03-02']] as const) {
      const own = (d: string) => (d.endsWith('-01') ? 12_345 : undefined);
      const q = quoteStayWith(DEFAULT_SETTINGS, { checkin, checkout, guests: 12 }, own)!;
      expect(q).toMatchObject(priceStay(checkin, checkout, own)!);
      expect(q.fees).toEqual([{ name: 'Cleaning fee', cents: 40_000 }, { name: 'Service fee', cents: 3_000 }]);
      expect(q.discounts).toEqual([]);
      expect(q.taxes).toEqual([{ name: 'State tax', cents: q.stateTaxCents, bps: 400 }, { name: 'County tax', cents: q.countyTaxCents, bps: 600 }]);
      expect(q.cardFeeBps).toBe(300);
    }
  });

  it('takes a night from its own price, else its season, else the weekend rate on Friday/Saturday, else the base rate', () => {
    const s = withSettings({ baseNightlyRateCents: 20_000, weekendNightlyRateCents: 35_000, seasons: [SUMMER] });
    // Thu May 27 … Sat Jun 5: base, Fri weekend, Sat weekend, Sun…Mon base, Jun 1+ season even on Fri/Sat, Jun 2 own.
    const q = quoteStayWith(s, { checkin: '2027-05-27', checkout: '2027-06-06', guests: 2 }, (d) => (d === '2027-06-02' ? 50_000 : undefined))!;
    expect(q.nightly.map((n) => [n.date.slice(5), n.priceCents, n.source])).toEqual([
      ['05-27', 20_000, 'base'],
      ['05-28', 35_000, 'weekend'],
      ['05-29', 35_000, 'weekend'],
      ['05-30', 20_000, 'base'],
      ['05-31', 20_000, 'base'],
      ['06-01', 45_000, 'season'],
      ['06-02', 50_000, 'own'],
      ['06-03', 45_000, 'season'],
      ['06-04', 45_000, 'season'],
      ['06-05', 45_000, 'season'],
    ]);
    expect(q.nightly[5]?.season).toBe('Summer');
    // A season without its own rate keeps the weekend and base rates (it may only set a minimum).
    const minOnly = withSettings({ weekendNightlyRateCents: 35_000, seasons: [{ name: 'Fall', start: '2027-10-01', end: '2027-10-31', minNights: 2 }] });
    expect(quoteStayWith(minOnly, { checkin: '2027-10-01', checkout: '2027-10-03', guests: 1 })!.nightly.map((n) => n.priceCents)).toEqual([35_000, 35_000]);
  });

  it('combines season, weekend, own price, the best discount, extra guests, percent and per-night taxes and the card fee', () => {
    const s = withSettings({
      weekendNightlyRateCents: 35_000,
      seasons: [SUMMER],
      lengthOfStayDiscounts: [{ minNights: 28, bps: 2_500 }, { minNights: 7, bps: 1_000 }, { minNights: 5, bps: 500 }],
      extraGuestFee: { includedGuests: 6, centsPerNight: 2_500 },
      taxes: [...DEFAULT_SETTINGS.taxes, { name: 'Per-night fee', kind: 'perNight', cents: 500 }],
    });
    // Fri May 28 → Fri Jun 4, 7 nights: 35000 + 35000 + 30000 + 30000 + 45000 + own 50000 + 45000 = 270000
    const q = quoteStayWith(s, { checkin: '2027-05-28', checkout: '2027-06-04', guests: 8 }, (d) => (d === '2027-06-02' ? 50_000 : undefined))!;
    expect(q.accommodationCents).toBe(270_000);
    expect(q.discounts).toEqual([{ name: '10% off 7+ nights', cents: 27_000, bps: 1_000 }]); // 7+ beats 5+, 28+ does not apply
    expect(q.fees).toEqual([
      { name: 'Cleaning fee', cents: 40_000 },
      { name: 'Service fee', cents: 3_000 },
      { name: 'Extra guests (2 × 7 nights)', cents: 35_000 },
    ]);
    expect(q.subtotalCents).toBe(270_000 - 27_000 + 40_000 + 3_000 + 35_000); // 321000
    expect(q.taxes).toEqual([
      { name: 'State tax', cents: 12_840, bps: 400 },
      { name: 'County tax', cents: 19_260, bps: 600 },
      { name: 'Per-night fee', cents: 3_500, centsPerNight: 500 },
    ]);
    expect([q.stateTaxCents, q.countyTaxCents]).toEqual([12_840, 19_260]);
    expect(q.subtotalWithTaxesCents).toBe(356_600);
    expect(q.cardFeeCents).toBe(10_698);
    expect(q.totalCents).toBe(367_298);
    expect(q.guests).toBe(8);
    expect(q.terms).toMatchObject({ lengthOfStayDiscounts: s.lengthOfStayDiscounts, seasons: [SUMMER], cardFeeBps: 300 });
  });

  it('charges no extra-guest fee up to the included guests and keeps seasons outside the stay out of its terms', () => {
    const s = withSettings({ extraGuestFee: { includedGuests: 6, centsPerNight: 2_500 }, seasons: [SUMMER] });
    const q = quoteStayWith(s, { checkin: '2027-01-04', checkout: '2027-01-06', guests: 6 })!;
    expect(q.fees?.map((f) => f.name)).toEqual(['Cleaning fee', 'Service fee']);
    expect(q.terms?.seasons).toEqual([]);
  });

  it('rounds the discount and each percentage line to the nearest cent, halves away from zero', () => {
    const s = withSettings({
      lengthOfStayDiscounts: [{ minNights: 3, bps: 333 }],
      taxes: [{ name: 'Sales', kind: 'percent', bps: 250 }, { name: 'Lodging', kind: 'percent', bps: 5 }],
      cardFeeBps: 290,
      cleaningFeeCents: 0,
      serviceFeeCents: 0,
    });
    const q = quoteStayWith(s, { checkin: '2027-01-04', checkout: '2027-01-07', guests: 1 }, () => 12_345)!;
    expect(q.discounts?.[0]?.cents).toBe(1_233); // 37035 × 3.33% = 1233.27
    expect(q.subtotalCents).toBe(35_802);
    expect(q.taxes).toEqual([{ name: 'Sales', cents: 895, bps: 250 }, { name: 'Lodging', cents: 18, bps: 5 }]); // 895.05, 17.901
    expect(q.subtotalWithTaxesCents).toBe(36_715);
    expect(q.cardFeeCents).toBe(1_065); // 1064.735
    expect(q.totalCents).toBe(37_780);
    const half = quoteStayWith(withSettings({ taxes: [{ name: 'Half', kind: 'percent', bps: 50 }], cleaningFeeCents: 0, serviceFeeCents: 0, cardFeeBps: 0 }), { checkin: '2027-01-04', checkout: '2027-01-05', guests: 1 }, () => 100)!;
    expect(half.taxes?.[0]?.cents).toBe(1); // 0.5 → 1
    expect(half.cardFeeCents).toBe(0);
  });

  it('applies the Fannin County preset: three percentage lines and $5 per night; stateTax/countyTax are the first two lines', () => {
    const q = quoteStayWith(withSettings({ taxes: [...FANNIN_COUNTY_TAXES] }), { checkin: '2026-12-10', checkout: '2026-12-12', guests: 2 })!;
    expect(q.taxes?.map((t) => t.cents)).toEqual([4_120, 3_090, 6_180, 1_000]);
    expect([q.stateTaxCents, q.countyTaxCents]).toEqual([4_120, 3_090]);
    expect(q.subtotalWithTaxesCents).toBe(103_000 + 4_120 + 3_090 + 6_180 + 1_000);
    const none = quoteStayWith(withSettings({ taxes: [] }), { checkin: '2026-12-10', checkout: '2026-12-12', guests: 2 })!;
    expect([none.stateTaxCents, none.countyTaxCents, none.subtotalWithTaxesCents]).toEqual([0, 0, 103_000]);
  });
});

describe('dated tax lines ([pricing.tax-dates])', () => {
  const RISE = [
    { name: 'Lodging tax', kind: 'percent' as const, bps: 500, validTo: '2027-06-30' },
    { name: 'Lodging tax', kind: 'percent' as const, bps: 700, validFrom: '2027-07-01', authority: 'Fannin County' },
    { name: 'Event fee', kind: 'perNight' as const, cents: 200, validFrom: '2027-07-04', validTo: '2027-07-04' },
  ];
  const stay = (checkin: string, checkout: string) => quoteStayWith(withSettings({ taxes: RISE, cardFeeBps: 0 }), { checkin, checkout, guests: 2 })!;

  it('uses the lines in force on the check-in date, both ends inclusive, for every night of the stay', () => {
    // Checking in on the old rate's last day keeps it for nights after the change.
    expect(stay('2027-06-30', '2027-07-03').taxes?.map((t) => [t.name, t.bps])).toEqual([['Lodging tax', 500]]);
    expect(stay('2027-07-01', '2027-07-02').taxes?.map((t) => [t.name, t.bps, t.authority])).toEqual([['Lodging tax', 700, 'Fannin County']]);
    expect(stay('2027-07-04', '2027-07-06').taxes?.map((t) => [t.name, t.cents])).toEqual([
      ['Lodging tax', Math.round(stay('2027-07-04', '2027-07-06').subtotalCents * 0.07)],
      ['Event fee', 400],
    ]);
    expect(stay('2027-07-05', '2027-07-06').taxes?.map((t) => t.name)).toEqual(['Lodging tax']);
  });

  it('names the authority under its line; a line without one is a government tax', () => {
    const lines = quoteDisplayLines(stay('2027-07-01', '2027-07-02'));
    expect(lines.find((l) => l.label.startsWith('Lodging tax'))).toMatchObject({ label: 'Lodging tax (7%)', description: 'Government tax, paid to Fannin County' });
    expect(quoteDisplayLines(stay('2027-06-01', '2027-06-02')).find((l) => l.label.startsWith('Lodging tax'))?.description).toBe('Government tax');
  });

  it('the Fannin County preset charges no hotel-motel tax or $5 fee on a stay of 31 nights, and both on 30', () => {
    const s = withSettings({ taxes: [...FANNIN_COUNTY_TAXES], maxNights: 60 });
    const thirty = quoteStayWith(s, { checkin: '2027-01-04', checkout: '2027-02-03', guests: 2 })!;
    const thirtyOne = quoteStayWith(s, { checkin: '2027-01-04', checkout: '2027-02-04', guests: 2 })!;
    expect(thirty.nights).toBe(30);
    expect(thirty.taxes?.map((t) => t.name)).toEqual(['Georgia sales tax', 'Fannin County local sales tax', 'Fannin County hotel-motel tax', 'Georgia hotel-motel fee']);
    expect(thirtyOne.nights).toBe(31);
    expect(thirtyOne.taxes?.map((t) => [t.name, t.authority])).toEqual([
      ['Georgia sales tax', 'Georgia Department of Revenue'],
      ['Fannin County local sales tax', 'Georgia Department of Revenue'],
    ]);
    expect(thirtyOne.subtotalWithTaxesCents).toBe(thirtyOne.subtotalCents + percentOf(thirtyOne.subtotalCents, 400) + percentOf(thirtyOne.subtotalCents, 300));
  });

  it('tells past, current and future lines apart by a date', () => {
    expect(RISE.map((t) => taxLineStatus(t, '2027-07-02'))).toEqual(['past', 'current', 'future']);
    expect(RISE.map((t) => taxLineStatus(t, '2027-06-30'))).toEqual(['current', 'future', 'future']);
    expect(taxLinesFor(RISE, '2027-07-04', 1).map((t) => (t.kind === 'percent' ? t.bps : t.cents))).toEqual([700, 200]);
  });
});

describe('stayRuleProblem ([booking.rules])', () => {
  const TODAY = '2027-05-01';
  const check = (update: SettingsUpdate, checkin: string, checkout: string, guests = 2) => stayRuleProblem(withSettings(update), { checkin, checkout, guests }, TODAY);

  it('keeps every stay of the default rules from today to 548 days ahead, 1 to 60 nights, up to 12 guests', () => {
    expect(check({}, TODAY, '2027-05-02', 12)).toBeUndefined();
    expect(check({}, '2028-10-30', '2028-12-29')).toBeUndefined(); // 548 days ahead, 60 nights
    expect(check({}, '2028-10-31', '2028-11-01')).toMatchObject({ rule: 'bookingWindow', value: 548, field: 'checkin', message: 'Check-in can be at most 548 days ahead' });
    expect(check({}, '2028-10-30', '2028-12-30')).toMatchObject({ rule: 'maxNights', value: 60, field: 'checkout', message: 'Maximum stay is 60 nights' });
  });

  it("gives a season's minimum over the general one, by the check-in night", () => {
    const s = { minNights: 2, seasons: [SUMMER] };
    expect(check(s, '2027-06-12', '2027-06-14')).toEqual({ rule: 'minNights', value: 3, field: 'checkout', message: 'Minimum stay is 3 nights for check-in on Jun 12' });
    expect(check(s, '2027-06-12', '2027-06-15')).toBeUndefined();
    expect(check(s, '2027-05-31', '2027-06-02')).toBeUndefined(); // checks in before the season: the general 2
    expect(check(s, '2027-05-20', '2027-05-21')).toMatchObject({ rule: 'minNights', value: 2, message: 'Minimum stay is 2 nights for check-in on May 20' });
    expect(check({ minNights: 5, seasons: [{ ...SUMMER, minNights: 1 }] }, '2027-07-01', '2027-07-02')).toBeUndefined(); // a shorter season minimum wins too
    expect(minNightsFor(withSettings(s), '2027-08-31')).toBe(3);
    expect(minNightsFor(withSettings(s), '2027-09-01')).toBe(2);
  });

  it('refuses check-ins inside the advance notice, beyond the window, longer stays and more guests', () => {
    expect(check({ advanceNoticeDays: 2 }, '2027-05-02', '2027-05-04')).toEqual({ rule: 'advanceNotice', value: 2, field: 'checkin', message: "Check-in needs at least 2 days' notice" });
    expect(check({ advanceNoticeDays: 2 }, '2027-05-03', '2027-05-04')).toBeUndefined();
    expect(check({ bookingWindowDays: 30 }, '2027-06-01', '2027-06-02')).toMatchObject({ rule: 'bookingWindow', value: 30 });
    expect(check({ bookingWindowDays: 30 }, '2027-05-31', '2027-06-02')).toBeUndefined();
    expect(check({ maxNights: 7 }, '2027-05-10', '2027-05-18')).toMatchObject({ rule: 'maxNights', value: 7, message: 'Maximum stay is 7 nights' });
    expect(check({ maxNights: 7 }, '2027-05-10', '2027-05-17')).toBeUndefined();
    expect(check({ maxGuests: 8 }, '2027-05-10', '2027-05-12', 9)).toEqual({ rule: 'maxGuests', value: 8, field: 'guests', message: 'At most 8 guests can stay' });
    expect(check({ maxGuests: 8 }, '2027-05-10', '2027-05-12', 8)).toBeUndefined();
  });

  it('writes dates as "Jun 12"', () => {
    expect(shortDate('2027-06-12')).toBe('Jun 12');
    expect(shortDate('2027-12-01')).toBe('Dec 1');
  });
});

describe('quoteDisplayLines ([pricing.display])', () => {
  it("shows a quote's own lines and rates: discount, extra guests, each tax, the card fee", () => {
    const s = withSettings({ lengthOfStayDiscounts: [{ minNights: 2, bps: 1_000 }], extraGuestFee: { includedGuests: 1, centsPerNight: 1_000 }, taxes: [...FANNIN_COUNTY_TAXES], cardFeeBps: 0 });
    const q = quoteStayWith(s, { checkin: '2026-12-10', checkout: '2026-12-12', guests: 2 })!;
    expect(quoteDisplayLines(q).map((l) => [l.label, l.cents])).toEqual([
      ['10% off 2+ nights', -6_000],
      ['Cleaning fee', 40_000],
      ['Service fee', 3_000],
      ['Extra guests (1 × 2 nights)', 2_000],
      ['Subtotal', 99_000],
      ['Georgia sales tax (4%)', 3_960],
      ['Fannin County local sales tax (3%)', 2_970],
      ['Fannin County hotel-motel tax (6%)', 5_940],
      ['Georgia hotel-motel fee ($5.00 × 2 nights)', 1_000],
    ]);
  });

  it('says what each line is for ([pricing.total-first])', () => {
    const s = withSettings({ lengthOfStayDiscounts: [{ minNights: 2, bps: 1_000 }], extraGuestFee: { includedGuests: 1, centsPerNight: 1_000 } });
    const q = quoteStayWith(s, { checkin: '2026-12-10', checkout: '2026-12-12', guests: 2 })!;
    expect(quoteDisplayLines(q).map((l) => [l.label, l.description])).toEqual([
      ['10% off 2+ nights', 'Taken off the nights for a longer stay'],
      ['Cleaning fee', 'Cleaning the house after your stay'],
      ['Service fee', 'Booking platform and support costs'],
      ['Extra guests (1 × 2 nights)', 'Per guest above those included, per night'],
      ['Subtotal', undefined],
      ['State tax (4%)', 'Government tax'],
      ['County tax (6%)', 'Government tax'],
      ['Card processing fee (3%)', 'Charged by the card processor'],
    ]);
  });

  it('shows a quote stored before the settings existed with the fixed lines of that time', () => {
    expect(quoteDisplayLines(priceStay('2026-12-10', '2026-12-12')!).map((l) => l.label)).toEqual([
      'Cleaning fee',
      'Service fee',
      'Subtotal',
      'State tax (4%)',
      'County tax (6%)',
      'Card processing fee (3%)',
    ]);
  });
});
