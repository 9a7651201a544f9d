import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, FANNIN_COUNTY_TAXES } from '@ridgeline/core';
import { dollarsToCents, percentToBps, settingsFormSchema, settingsToFormValues } from './settings-form-values';

describe('Settings form values ([settings.fields])', () => {
  it('turns dollars and percents into cents and basis points', () => {
    expect([dollarsToCents('300'), dollarsToCents('$1,250.5'), dollarsToCents('0.05'), dollarsToCents('12.345'), dollarsToCents('-3')]).toEqual([30_000, 125_050, 5, Number.NaN, Number.NaN]);
    expect([percentToBps('3'), percentToBps('7.25%'), percentToBps('abc')]).toEqual([300, 725, Number.NaN]);
  });

  it('round-trips the stored settings through the form unchanged', () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      weekendNightlyRateCents: 35_050,
      taxes: [...FANNIN_COUNTY_TAXES],
      seasons: [{ name: 'Summer', start: '2027-06-01', end: '2027-08-31', nightlyRateCents: 45_000, minNights: 3 }, { name: 'Fall', start: '2027-10-01', end: '2027-10-31' }],
      lengthOfStayDiscounts: [{ minNights: 7, bps: 1_000 }],
      extraGuestFee: { includedGuests: 6, centsPerNight: 2_500 },
      cancellationPolicy: { tiers: [{ daysBefore: 30, refundBps: 10_000 }, { daysBefore: 3, refundBps: 2_550 }] },
      ownerEmail: 'owner@example.com',
    };
    expect(settingsFormSchema.parse(settingsToFormValues(settings))).toEqual(settings);
    expect(settingsFormSchema.parse(settingsToFormValues(DEFAULT_SETTINGS))).toEqual(DEFAULT_SETTINGS);
  });

  it('reads and writes a tax line\'s authority, dates and exemption; blank ones are left out ([pricing.tax-dates])', () => {
    const values = settingsToFormValues({ ...DEFAULT_SETTINGS, taxes: [{ name: 'Lodging', kind: 'percent', bps: 700, authority: 'Fannin County', validFrom: '2027-07-01', exemptFromNights: 31 }] });
    expect(values.taxes).toEqual([{ name: 'Lodging', kind: 'percent', amount: '7', authority: 'Fannin County', validFrom: '2027-07-01', validTo: '', exemptFromNights: '31' }]);
    expect(settingsFormSchema.parse({ ...values, taxes: [{ ...values.taxes[0]!, validTo: '2027-12-31', authority: ' ' }] }).taxes).toEqual([
      { name: 'Lodging', kind: 'percent', bps: 700, validFrom: '2027-07-01', validTo: '2027-12-31', exemptFromNights: 31 },
    ]);
    const nights = settingsFormSchema.safeParse({ ...values, taxes: [{ ...values.taxes[0]!, exemptFromNights: 'month' }] });
    expect(nights.error?.issues.map((i) => i.path.join('.'))).toEqual(['taxes.0.exemptFromNights']);
    const dates = settingsFormSchema.safeParse({ ...values, taxes: [{ ...values.taxes[0]!, validTo: '2027-06-30' }] });
    expect(dates.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['taxes.0.validTo', 'must not be before the date it is valid from']]);
  });

  it('reads and writes the payment schedule ([payments.schedule]): a blank deposit is pay in full', () => {
    const values = settingsToFormValues({ ...DEFAULT_SETTINGS, depositBps: 3_000, balanceDueDays: 45 });
    expect([values.depositBps, values.balanceDueDays]).toEqual(['30', '45']);
    expect(settingsFormSchema.parse(values)).toMatchObject({ depositBps: 3_000, balanceDueDays: 45 });
    expect(settingsFormSchema.parse({ ...values, depositBps: '' }).depositBps).toBeNull();
    expect(settingsFormSchema.safeParse({ ...values, balanceDueDays: '0' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['balanceDueDays']);
  });

  it('takes an empty owner e-mail as none, and refuses one that is not an address ([owner.notices])', () => {
    const values = settingsToFormValues(DEFAULT_SETTINGS);
    expect(values.ownerEmail).toBe('');
    expect(settingsFormSchema.parse({ ...values, ownerEmail: '  ' }).ownerEmail).toBeNull();
    expect(settingsFormSchema.parse({ ...values, ownerEmail: ' owner@example.com ' }).ownerEmail).toBe('owner@example.com');
    const bad = settingsFormSchema.safeParse({ ...values, ownerEmail: 'owner at example' });
    expect(bad.success ? [] : bad.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['ownerEmail', 'must be an e-mail address']]);
  });

  it("refuses bad text with the core schema's issue and path", () => {
    const values = settingsToFormValues(DEFAULT_SETTINGS);
    const bad = settingsFormSchema.safeParse({ ...values, cleaningFeeCents: 'forty', taxes: [{ name: 'State tax', kind: 'percent', amount: 'x' }], extraGuestIncluded: '20', extraGuestDollars: '10' });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['cleaningFeeCents', 'taxes.0.bps', 'extraGuestFee.includedGuests']);
    const tiers = settingsFormSchema.safeParse({ ...values, cancellationPolicy: { tiers: [{ daysBefore: 'soon', refundBps: '50' }, { daysBefore: '7', refundBps: '150' }] } });
    expect(tiers.error?.issues.map((i) => i.path.join('.'))).toEqual(['cancellationPolicy.tiers.0.daysBefore', 'cancellationPolicy.tiers.1.refundBps']);
  });
});
