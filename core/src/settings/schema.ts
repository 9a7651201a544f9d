/**
 * The owner's prices and rules ([settings.fields]): one object, one zod schema, shared by the
 * server (validation of `PUT /api/settings`, the quote) and the Settings tab's form. Browser-safe.
 *
 * Units: money in integer cents, percentages in basis points (1% = 100), dates `YYYY-MM-DD` in
 * the property's zone, times `HH:MM` (24 h) local to the property.
 */
import { z } from 'zod';
import { isIsoDate } from '../shared/dates.js';
import { isPhoneNumber, plainText } from '../shared/text.js';
import { DEFAULT_CANCELLATION_POLICY, cancellationPolicySchema } from './cancellation-policy.js';

import { BOOKING_HORIZON_DAYS, MAX_GUESTS, MAX_STAY_NIGHTS } from './stay-limits.js';

export { BOOKING_HORIZON_DAYS, MAX_GUESTS, MAX_STAY_NIGHTS };

/** Largest money amount a setting may hold, in cents ($100,000: above any real nightly price or fee). */
export const MAX_SETTING_CENTS = 10_000_000;
/** Largest percentage a tax, discount or card fee may be, in basis points (100%). */
export const MAX_SETTING_BPS = 10_000;
/** The furthest a booking window may reach, in days (two years). */
export const MAX_BOOKING_WINDOW_DAYS = 730;
/** The longest stay an owner may allow, in nights (one year). */
export const MAX_NIGHTS_LIMIT = 365;

const cents = z
  .number({ message: 'must be an amount in cents' })
  .int('must be a whole number of cents')
  .min(0, 'must not be negative')
  .max(MAX_SETTING_CENTS, `must be at most ${MAX_SETTING_CENTS} cents`);
const bps = (max = MAX_SETTING_BPS) =>
  z
    .number({ message: 'must be a percentage in basis points' })
    .int('must be a whole number of basis points')
    .min(0, 'must not be negative')
    .max(max, `must be at most ${max} basis points`);
const count = (min: number, max: number, what: string) =>
  z
    .number({ message: `must be a number of ${what}` })
    .int(`must be a whole number of ${what}`)
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
const name = plainText(z.string({ message: 'must be text' }).trim().min(1, 'is required').max(60, 'must be at most 60 characters'));
const isoDate = z.string({ message: 'must be a date written YYYY-MM-DD' }).refine(isIsoDate, 'must be a date written YYYY-MM-DD');
/** A single line of the owner's text, optional ('' = not filled in), at most `max` characters. */
const line = (max: number) => plainText(z.string({ message: 'must be text' }).trim().max(max, `must be at most ${max} characters`));
/** A telephone number a person can dial (core's isPhoneNumber), or '' = not filled in. */
const phone = z
  .string({ message: 'must be a telephone number' })
  .trim()
  .max(40, 'must be at most 40 characters')
  .refine((value) => value === '' || isPhoneNumber(value), 'must be a telephone number (digits, spaces, + - ( ) .)');

/** Longest agreement text, in characters. */
export const MAX_AGREEMENT_CHARS = 50_000;
/** The agreement text as the owner publishes it ([agreement.publish]): multi-line plain text, trimmed. */
export const agreementTextSchema = plainText(
  z.string({ message: 'must be text' }).trim().max(MAX_AGREEMENT_CHARS, `must be at most ${MAX_AGREEMENT_CHARS} characters`),
  true,
);

/**
 * The local contact reachable 24/7 ([compliance.contact]): Fannin County requires one; shown on
 * the guest's stay page and on the house sheet. Both '' = not filled in; a name needs a phone.
 */
export const localContactSchema = z
  .object({ name: line(80), phone })
  .strict()
  .superRefine((c, ctx) => {
    if (c.name !== '' && c.phone === '') ctx.addIssue({ code: 'custom', path: ['phone'], message: 'is required with a contact name' });
    if (c.phone !== '' && c.name === '') ctx.addIssue({ code: 'custom', path: ['name'], message: 'is required with a contact phone' });
  });
export type LocalContact = z.infer<typeof localContactSchema>;

const clock = z.string({ message: 'must be a time written HH:MM' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time written HH:MM (24 h)');

/**
 * When a tax line applies ([pricing.tax-dates]): a stay uses the lines in force on its check-in
 * date (`validFrom` and `validTo` inclusive, either open), and a stay of at least
 * `exemptFromNights` nights pays none of the line (Georgia: no hotel-motel tax after 30
 * consecutive nights). `authority` is who collects it ("Fannin County"), named in the breakdown
 * and in the tax report.
 */
const taxLineTerms = {
  authority: plainText(z.string({ message: 'must be text' }).trim().max(80, 'must be at most 80 characters')).optional(),
  validFrom: isoDate.optional(),
  validTo: isoDate.optional(),
  exemptFromNights: count(2, MAX_NIGHTS_LIMIT, 'nights').optional(),
};

/** A tax line ([pricing.taxes], [pricing.tax-dates]): a percentage of the subtotal, or an amount per night. */
export const taxLineSchema = z
  .discriminatedUnion(
    'kind',
    [
      z.object({ name, kind: z.literal('percent'), bps: bps(), ...taxLineTerms }).strict(),
      z.object({ name, kind: z.literal('perNight'), cents, ...taxLineTerms }).strict(),
    ],
    { message: 'must be a tax line of kind "percent" (with bps) or "perNight" (with cents)' },
  )
  .superRefine((t, ctx) => {
    if (t.validFrom && t.validTo && t.validTo < t.validFrom) ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'must not be before the date it is valid from' });
  });
export type TaxLine = z.infer<typeof taxLineSchema>;

/** A season ([pricing.season]): `end` is its last night, inclusive. */
export const seasonSchema = z
  .object({
    name,
    start: isoDate,
    end: isoDate,
    nightlyRateCents: cents.min(1, 'must be at least 1 cent').optional(),
    minNights: count(1, MAX_NIGHTS_LIMIT, 'nights').optional(),
  })
  .strict();
export type Season = z.infer<typeof seasonSchema>;

/** The season a night (`YYYY-MM-DD`) falls in, if any ([pricing.season]: `end` inclusive). */
export function seasonOf(settings: Pick<Settings, 'seasons'>, date: string) {
  return settings.seasons.find((s) => s.start <= date && date <= s.end);
}

/** A length-of-stay discount ([pricing.discount]): `bps` off the accommodation from `minNights` nights. */
export const lengthOfStayDiscountSchema = z.object({ minNights: count(2, MAX_NIGHTS_LIMIT, 'nights'), bps: bps(9_900) }).strict();
export type LengthOfStayDiscount = z.infer<typeof lengthOfStayDiscountSchema>;

/** The extra-guest fee ([pricing.extra-guests]): cents per guest above `includedGuests`, per night. */
export const extraGuestFeeSchema = z
  .object({ includedGuests: count(1, MAX_GUESTS, 'guests'), centsPerNight: cents })
  .strict();
export type ExtraGuestFee = z.infer<typeof extraGuestFeeSchema>;

/** How the door code a guest is given is made ([stay.door-code]): none at all, one fixed code, or a code per stay. */
export const DOOR_CODE_MODES = ['none', 'fixed', 'perStay'] as const;
export type DoorCodeMode = (typeof DOOR_CODE_MODES)[number];
/** Which smart lock a code per stay is set on ([lock.adapter]): none (the owner sets it by hand), Seam's cloud, or a local Home Assistant. */
export const LOCK_ADAPTERS = ['none', 'seam', 'homeassistant'] as const;
export type LockAdapter = (typeof LOCK_ADAPTERS)[number];

/** A door code a lock keypad takes: 4 to 8 digits. */
const doorCode = z.string({ message: 'must be 4 to 8 digits' }).trim().regex(/^\d{4,8}$/, 'must be 4 to 8 digits');
/** A base URL of a lock's API: http(s), or '' = the adapter's default (Seam's cloud). */
const apiBaseUrl = z
  .string({ message: 'must be a URL' })
  .trim()
  .max(300, 'must be at most 300 characters')
  .refine((value) => value === '' || /^https?:\/\/[^\s/]+[^\s]*$/.test(value), 'must be an http:// or https:// URL');

/**
 * [lock.adapter]: the smart lock's settings, without its credential. The API key (Seam) or
 * long-lived access token (Home Assistant) is write-only and kept encrypted apart from the settings:
 * `PUT /api/settings` takes `lock.apiKey`, `GET` answers `lock.apiKeySet` instead.
 */
export const lockSettingsSchema = z
  .object({
    adapter: z.enum(LOCK_ADAPTERS, { message: `must be one of ${LOCK_ADAPTERS.join(', ')}` }).default('none'),
    baseUrl: apiBaseUrl.default(''),
    /** Seam's `device_id`, or Home Assistant's lock entity (`lock.front_door`). */
    deviceId: line(200).default(''),
  })
  .strict();
export type LockSettings = z.output<typeof lockSettingsSchema>;

/** Longest text of one part of the house guide, in characters. */
export const MAX_GUIDE_PART_CHARS = 8_000;
const guidePart = plainText(z.string({ message: 'must be text' }).trim().max(MAX_GUIDE_PART_CHARS, `must be at most ${MAX_GUIDE_PART_CHARS} characters`), true).default('');
/**
 * [guide.page]: the house guide the owner writes, shown on the guest's page; each part '' = not
 * written (left out). The Wi-Fi and the door code are not written here: they come from their own
 * settings and are shown only when released ([stay.secrets]).
 */
export const houseGuideSchema = z
  .object({
    arrival: guidePart,
    houseRules: guidePart,
    appliances: guidePart,
    trash: guidePart,
    hotTub: guidePart,
    localTips: guidePart,
  })
  .strict();
export type HouseGuide = z.output<typeof houseGuideSchema>;
/** The guide's parts in the order the guest page shows them, with their headings. */
export const HOUSE_GUIDE_PARTS: readonly { key: keyof HouseGuide; title: string }[] = [
  { key: 'arrival', title: 'Arrival and parking' },
  { key: 'houseRules', title: 'House rules' },
  { key: 'appliances', title: 'Appliances' },
  { key: 'trash', title: 'Trash and recycling' },
  { key: 'hotTub', title: 'Hot tub' },
  { key: 'localTips', title: 'Local tips' },
];

/** The fields of the settings, each with its default ([settings.fields]). */
const fields = {
  baseNightlyRateCents: cents.min(1, 'must be at least 1 cent').default(30_000),
  cleaningFeeCents: cents.default(40_000),
  serviceFeeCents: cents.default(3_000),
  cardFeeBps: bps(1_000).default(300),
  taxes: z
    .array(taxLineSchema, { message: 'must be a list of tax lines' })
    .max(10, 'must have at most 10 lines')
    .default(() => [
      { name: 'State tax', kind: 'percent' as const, bps: 400 },
      { name: 'County tax', kind: 'percent' as const, bps: 600 },
    ]),
  minNights: count(1, MAX_NIGHTS_LIMIT, 'nights').default(1),
  maxNights: count(1, MAX_NIGHTS_LIMIT, 'nights').default(MAX_STAY_NIGHTS),
  advanceNoticeDays: count(0, 365, 'days').default(0),
  bookingWindowDays: count(1, MAX_BOOKING_WINDOW_DAYS, 'days').default(BOOKING_HORIZON_DAYS),
  maxGuests: count(1, MAX_GUESTS, 'guests').default(MAX_GUESTS),
  checkInTime: clock.default('16:00'),
  checkOutTime: clock.default('10:00'),
  weekendNightlyRateCents: cents.min(1, 'must be at least 1 cent').nullable().default(null),
  seasons: z.array(seasonSchema, { message: 'must be a list of seasons' }).max(50, 'must have at most 50 seasons').default(() => []),
  lengthOfStayDiscounts: z
    .array(lengthOfStayDiscountSchema, { message: 'must be a list of discounts' })
    .max(10, 'must have at most 10 discounts')
    .default(() => []),
  extraGuestFee: extraGuestFeeSchema.nullable().default(null),
  /** [cancel.policy]: the refund by days before check-in; frozen on each booking when it is paid. */
  cancellationPolicy: cancellationPolicySchema.default(() => DEFAULT_CANCELLATION_POLICY),
  /** [payments.schedule]: the deposit charged at booking, basis points of the total; null or 0 = pay in full. */
  depositBps: bps(9_900).nullable().default(null),
  /** [payments.schedule]: how many days before check-in the balance is charged. */
  balanceDueDays: count(1, 365, 'days').default(30),
  /** [owner.notices]: where the owner's notices are e-mailed; null = shown on the Overview and logged only. */
  ownerEmail: z
    .string({ message: 'must be an e-mail address' })
    .trim()
    .max(254, 'is too long')
    .pipe(z.email('must be an e-mail address'))
    .nullable()
    .default(null),
  /**
   * [deposit.hold]: the refundable damage deposit held on the guest's card (an authorization, not a
   * charge) before check-in, in cents; null = no damage deposit. At least Stripe's $0.50 minimum.
   */
  damageDepositCents: cents.min(50, 'must be at least 50 cents (Stripe’s smallest amount)').nullable().default(null),
  /** [deposit.release]: days after check-out the hold is released unless the owner claims part of it. */
  damageDepositReleaseDays: count(0, 14, 'days').default(3),
  /**
   * [agreement.publish]: the current published rental agreement's text, '' when none. Kept in
   * its own versioned table, not with the other settings: `PUT /api/settings` with a new
   * non-blank text publishes it as the next version; the same text or '' changes nothing.
   */
  rentalAgreement: agreementTextSchema.default(''),
  /**
   * [compliance.numbers]: Fannin County's accommodation excise tax certificate number, '' until
   * the owner has one. Shown in the site footer, the rental agreement and the house sheet; the
   * Overview warns while it is ''.
   */
  taxCertificateNumber: line(60).default(''),
  /** [compliance.numbers]: the county's short-term rental registration number, '' until issued. */
  rentalRegistrationNumber: line(60).default(''),
  /**
   * [compliance.occupancy]: the maximum occupancy the county permits (persons); null = not set.
   * `maxGuests` may never exceed it (`crossFieldIssues`).
   */
  permittedOccupancy: count(1, MAX_GUESTS, 'persons').nullable().default(null),
  /** [compliance.contact]: the local contact reachable 24/7. */
  localContact: localContactSchema.default(() => ({ name: '', phone: '' })),
  /** [compliance.house-sheet]: the address emergency services go to (911), '' until filled in. */
  emergencyAddress: plainText(z.string({ message: 'must be text' }).trim().max(300, 'must be at most 300 characters'), true).default(''),
  /**
   * [a11y.facts]: the owner's description of the house's accessible features (steps to the
   * entrance, door widths, bathroom and bed details, floors); '' = not assessed, and the listing
   * says so plainly.
   */
  accessibilityFacts: plainText(z.string({ message: 'must be text' }).trim().max(4_000, 'must be at most 4000 characters'), true).default(''),
  /**
   * [stay.secrets]: how many hours before check-in the address, door code and Wi-Fi are released
   * to a guest whose stay meets the other conditions (1 hour to 14 days).
   */
  secretsLeadHours: count(1, 336, 'hours').default(72),
  /** [stay.secrets]: the Wi-Fi network's name, '' = none given. */
  wifiName: line(100).default(''),
  /** [stay.secrets]: the Wi-Fi password, '' = none (an open network or none given). A secret: released on conditions. */
  wifiPassword: line(100).default(''),
  /** [stay.door-code]: none, one fixed code (`fixedDoorCode`), or a code per stay (set on the lock by `lock`, or typed by the owner). */
  doorCodeMode: z.enum(DOOR_CODE_MODES, { message: `must be one of ${DOOR_CODE_MODES.join(', ')}` }).default('none'),
  /** [stay.door-code]: the one code every stay gets while `doorCodeMode` is `fixed`; '' = none yet. */
  fixedDoorCode: z.union([z.literal(''), doorCode]).default(''),
  /** [lock.adapter]: the smart lock per-stay codes are set on. */
  lock: lockSettingsSchema.default(() => ({ adapter: 'none' as const, baseUrl: '', deviceId: '' })),
  /** [guide.page]: the house guide on the guest's page. */
  houseGuide: houseGuideSchema.default(() => ({ arrival: '', houseRules: '', appliances: '', trash: '', hotTub: '', localTips: '' })),
};


type Draft = { [K in keyof typeof fields]: z.output<(typeof fields)[K]> };

/**
 * Checks between fields ([settings.validation]): a season starts on or before its end and seasons
 * do not overlap (a night has one season), discount thresholds are unique, minNights ≤
 * maxNights (a season's minimum too), the extra-guest fee's included guests ≤ maxGuests,
 * maxGuests ≤ permittedOccupancy when set ([compliance.occupancy]).
 */
function crossFieldIssues(s: Draft, ctx: z.RefinementCtx): void {
  if (s.minNights > s.maxNights) ctx.addIssue({ code: 'custom', path: ['minNights'], message: `must not be more than maxNights (${s.maxNights})` });
  s.seasons.forEach((season, i) => {
    if (season.start > season.end) ctx.addIssue({ code: 'custom', path: ['seasons', i, 'end'], message: 'must not be before the start' });
    if (season.minNights !== undefined && season.minNights > s.maxNights)
      ctx.addIssue({ code: 'custom', path: ['seasons', i, 'minNights'], message: `must not be more than maxNights (${s.maxNights})` });
    s.seasons.slice(0, i).forEach((other) => {
      if (season.start <= other.end && other.start <= season.end)
        ctx.addIssue({ code: 'custom', path: ['seasons', i, 'start'], message: `must not overlap the season "${other.name}"` });
    });
  });
  const thresholds = new Set<number>();
  s.lengthOfStayDiscounts.forEach((d, i) => {
    if (thresholds.has(d.minNights)) ctx.addIssue({ code: 'custom', path: ['lengthOfStayDiscounts', i, 'minNights'], message: 'must differ from the other discounts' });
    thresholds.add(d.minNights);
  });
  // [compliance.occupancy]: the guests a booking may bring never exceed what the county permits.
  if (s.permittedOccupancy !== null && s.maxGuests > s.permittedOccupancy)
    ctx.addIssue({ code: 'custom', path: ['maxGuests'], message: `must not be more than the permitted occupancy (${s.permittedOccupancy})` });
  // [stay.door-code]: a fixed code mode needs its code.
  if (s.doorCodeMode === 'fixed' && s.fixedDoorCode === '') ctx.addIssue({ code: 'custom', path: ['fixedDoorCode'], message: 'is required while doorCodeMode is fixed' });
  if (s.lock.adapter !== 'none' && s.lock.deviceId === '') ctx.addIssue({ code: 'custom', path: ['lock', 'deviceId'], message: 'is required for a smart lock' });
  if (s.lock.adapter === 'homeassistant' && s.lock.baseUrl === '')
    ctx.addIssue({ code: 'custom', path: ['lock', 'baseUrl'], message: "is required for Home Assistant (its address, e.g. http://homeassistant.local:8123)" });
  if (s.extraGuestFee && s.extraGuestFee.includedGuests > s.maxGuests)
    ctx.addIssue({ code: 'custom', path: ['extraGuestFee', 'includedGuests'], message: `must not be more than maxGuests (${s.maxGuests})` });
}

/** The whole settings object: every field, missing ones filled with their defaults; unknown fields refused. */
export const settingsSchema = z.object(fields).strict().superRefine(crossFieldIssues);
export type Settings = z.output<typeof settingsSchema>;
/** What the Settings form edits (input side of the schema). */
export type SettingsInput = z.input<typeof settingsSchema>;

/**
 * Body of `PUT /api/settings`: any subset of the fields (no defaults filled in: an absent field
 * keeps its stored value). Cross-field checks run on the merged result (`mergeSettings`).
 */
export const settingsUpdateSchema = z
  .object(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.removeDefault().optional()])) as {
    [K in keyof typeof fields]: z.ZodOptional<ReturnType<(typeof fields)[K]['removeDefault']>>;
  })
  .strict();
export type SettingsUpdate = z.output<typeof settingsUpdateSchema>;

/** The defaults: with them every quote is exactly the one of [pricing.total] before settings existed. */
export const DEFAULT_SETTINGS: Settings = settingsSchema.parse({});

/**
 * `current` with `update` applied, checked as a whole (cross-field rules).
 * @returns the zod result: `success` with the new settings, or the issues (path names the field)
 */
export function mergeSettings(current: Settings, update: SettingsUpdate) {
  const defined = Object.fromEntries(Object.entries(update).filter(([, v]) => v !== undefined));
  return settingsSchema.safeParse({ ...current, ...defined });
}
