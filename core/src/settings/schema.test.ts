import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, mergeSettings, settingsSchema, settingsUpdateSchema } from './schema.js';
import { FANNIN_COUNTY_TAXES } from './fannin-county.js';

const firstIssue = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues[0] ? `${r.error.issues[0].path.join('.')}: ${r.error.issues[0].message}` : undefined;

describe('settings schema ([settings.fields])', () => {
  it("has the defaults of [settings.fields], today's constants", () => {
    expect(DEFAULT_SETTINGS).toEqual({
      baseNightlyRateCents: 30000,
      cleaningFeeCents: 40000,
      serviceFeeCents: 3000,
      cardFeeBps: 300,
      taxes: [
        { name: 'State tax', kind: 'percent', bps: 400 },
        { name: 'County tax', kind: 'percent', bps: 600 },
      ],
      minNights: 1,
      maxNights: 60,
      advanceNoticeDays: 0,
      bookingWindowDays: 548,
      maxGuests: 12,
      checkInTime: '16:00',
      checkOutTime: '10:00',
      weekendNightlyRateCents: null,
      seasons: [],
      lengthOfStayDiscounts: [],
      extraGuestFee: null,
      cancellationPolicy: {
        tiers: [
          { daysBefore: 14, refundBps: 10000 },
          { daysBefore: 7, refundBps: 5000 },
        ],
      },
      ownerEmail: null,
      depositBps: null,
      balanceDueDays: 30,
      damageDepositCents: null,
      damageDepositReleaseDays: 3,
      rentalAgreement: '',
      taxCertificateNumber: '',
      rentalRegistrationNumber: '',
      permittedOccupancy: null,
      localContact: { name: '', phone: '' },
      emergencyAddress: '',
      accessibilityFacts: '',
      secretsLeadHours: 72,
      wifiName: '',
      wifiPassword: '',
      doorCodeMode: 'none',
      fixedDoorCode: '',
      lock: { adapter: 'none', baseUrl: '', deviceId: '' },
      houseGuide: { arrival: '', houseRules: '', appliances: '', trash: '', hotTub: '', localTips: '' },
    });
  });

  it('accepts the Fannin County preset and a full summer set-up', () => {
    const r = mergeSettings(DEFAULT_SETTINGS, {
      taxes: [...FANNIN_COUNTY_TAXES],
      seasons: [{ name: 'Summer', start: '2027-06-01', end: '2027-08-31', nightlyRateCents: 45000, minNights: 3 }],
      lengthOfStayDiscounts: [{ minNights: 7, bps: 1000 }, { minNights: 28, bps: 2500 }],
      extraGuestFee: { includedGuests: 6, centsPerNight: 2500 },
    });
    expect(r.success).toBe(true);
    expect(r.data?.taxes).toHaveLength(4);
  });

  it.each([
    [{ baseNightlyRateCents: 0 }, 'baseNightlyRateCents: must be at least 1 cent'],
    [{ baseNightlyRateCents: 120.5 }, 'baseNightlyRateCents: must be a whole number of cents'],
    [{ cleaningFeeCents: -1 }, 'cleaningFeeCents: must not be negative'],
    [{ cardFeeBps: 1001 }, 'cardFeeBps: must be at most 1000 basis points'],
    [{ taxes: [{ name: 'X', kind: 'percent', cents: 5 }] }, 'taxes.0.bps: must be a percentage in basis points'],
    [{ taxes: [{ name: '', kind: 'perNight', cents: 5 }] }, 'taxes.0.name: is required'],
    [{ taxes: [{ name: 'X', kind: 'flat', cents: 5 }] }, 'taxes.0.kind: must be a tax line of kind "percent" (with bps) or "perNight" (with cents)'],
    [{ taxes: [{ name: 'X', kind: 'percent', bps: 5, validFrom: '2027-07-01', validTo: '2027-06-30' }] }, 'taxes.0.validTo: must not be before the date it is valid from'],
    [{ taxes: [{ name: 'X', kind: 'percent', bps: 5, validFrom: '2027-13-01' }] }, 'taxes.0.validFrom: must be a date written YYYY-MM-DD'],
    [{ taxes: [{ name: 'X', kind: 'perNight', cents: 5, exemptFromNights: 1 }] }, 'taxes.0.exemptFromNights: must be at least 2'],
    [{ taxes: [{ name: 'X', kind: 'perNight', cents: 5, authority: 'A'.repeat(81) }] }, 'taxes.0.authority: must be at most 80 characters'],
    [{ minNights: 0 }, 'minNights: must be at least 1'],
    [{ damageDepositCents: 49 }, 'damageDepositCents: must be at least 50 cents (Stripe’s smallest amount)'],
    [{ damageDepositCents: 500.5 }, 'damageDepositCents: must be a whole number of cents'],
    [{ damageDepositReleaseDays: 15 }, 'damageDepositReleaseDays: must be at most 14'],
    [{ minNights: 61 }, 'minNights: must not be more than maxNights (60)'],
    [{ maxGuests: 13 }, 'maxGuests: must be at most 12'],
    [{ checkInTime: '4pm' }, 'checkInTime: must be a time written HH:MM (24 h)'],
    [{ seasons: [{ name: 'S', start: '2027-06-02', end: '2027-06-01' }] }, 'seasons.0.end: must not be before the start'],
    [{ seasons: [{ name: 'S', start: '2027-02-30', end: '2027-06-01' }] }, 'seasons.0.start: must be a date written YYYY-MM-DD'],
    [
      { seasons: [{ name: 'A', start: '2027-06-01', end: '2027-06-30' }, { name: 'B', start: '2027-06-30', end: '2027-07-10' }] },
      'seasons.1.start: must not overlap the season "A"',
    ],
    [{ lengthOfStayDiscounts: [{ minNights: 7, bps: 1000 }, { minNights: 7, bps: 500 }] }, 'lengthOfStayDiscounts.1.minNights: must differ from the other discounts'],
    [{ maxGuests: 4, extraGuestFee: { includedGuests: 6, centsPerNight: 100 } }, 'extraGuestFee.includedGuests: must not be more than maxGuests (4)'],
    [{ surprise: 1 }, ': Unrecognized key: "surprise"'],
  ])('refuses %j naming the field', (update, message) => {
    const parsed = settingsUpdateSchema.safeParse(update);
    const result = parsed.success ? mergeSettings(DEFAULT_SETTINGS, parsed.data) : parsed;
    expect(result.success).toBe(false);
    expect(firstIssue(result)).toBe(message);
  });

  it('an update without a field keeps the stored value; defaults fill fields missing from stored JSON', () => {
    const stored = mergeSettings(DEFAULT_SETTINGS, { minNights: 2 }).data!;
    const update = settingsUpdateSchema.parse({ cleaningFeeCents: 100 });
    expect(mergeSettings(stored, update).data).toMatchObject({ minNights: 2, cleaningFeeCents: 100, serviceFeeCents: 3000 });
    expect(settingsSchema.parse({ minNights: 2 }).maxNights).toBe(60);
  });

  describe('stay secrets, door code and lock fields ([stay.secrets], [stay.door-code], [lock.adapter])', () => {
    const issues = (value: unknown) => (settingsSchema.safeParse(value).error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);
    it('asks for the fixed code while the mode is fixed, and for 4 to 8 digits', () => {
      expect(issues({ doorCodeMode: 'fixed' })).toEqual(['fixedDoorCode: is required while doorCodeMode is fixed']);
      expect(issues({ doorCodeMode: 'fixed', fixedDoorCode: '12a4' })[0]).toMatch(/^fixedDoorCode: /);
      expect(issues({ doorCodeMode: 'fixed', fixedDoorCode: '482913' })).toEqual([]);
      expect(issues({ doorCodeMode: 'sometimes' })[0]).toBe('doorCodeMode: must be one of none, fixed, perStay');
    });
    it('asks a smart lock for its device, and Home Assistant for its address', () => {
      expect(issues({ lock: { adapter: 'seam' } })).toEqual(['lock.deviceId: is required for a smart lock']);
      expect(issues({ lock: { adapter: 'homeassistant', deviceId: 'lock.front_door' } })[0]).toMatch(/^lock\.baseUrl: is required for Home Assistant/);
      expect(issues({ lock: { adapter: 'homeassistant', deviceId: 'lock.front_door', baseUrl: 'ftp://x' } })[0]).toBe('lock.baseUrl: must be an http:// or https:// URL');
      expect(issues({ lock: { adapter: 'homeassistant', deviceId: 'lock.front_door', baseUrl: 'http://homeassistant.local:8123' } })).toEqual([]);
      expect(issues({ lock: { adapter: 'seam', deviceId: 'd1', apiKey: 'k' } })[0]).toMatch(/^lock: /);
    });
    it('keeps the lead hours between 1 hour and 14 days', () => {
      expect(issues({ secretsLeadHours: 0 })[0]).toBe('secretsLeadHours: must be at least 1');
      expect(issues({ secretsLeadHours: 337 })[0]).toBe('secretsLeadHours: must be at most 336');
    });
  });
});
