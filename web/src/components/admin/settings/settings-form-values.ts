/**
 * The Settings form's values ([settings.fields]) as the owner types them: dollars and percents
 * as text. `settingsFormSchema` turns them into cents and basis points and then validates with
 * the core `settingsSchema` itself, so the form and `PUT /api/settings` accept exactly the same.
 * Field names are the settings' own, so an issue of the core schema lands on its input.
 */
import { z } from 'zod';
import { settingsSchema, type Settings, type SettingsInput, type TaxLine } from '@ridgeline/core';

export interface TaxRowValues {
  name: string;
  kind: 'percent' | 'perNight';
  /** percent for `percent`, dollars per night for `perNight` */
  amount: string;
  /** [pricing.tax-dates]: who collects it, '' for none */
  authority: string;
  /** YYYY-MM-DD, '' for always */
  validFrom: string;
  /** YYYY-MM-DD inclusive, '' for open */
  validTo: string;
  /** nights, '' for no exemption */
  exemptFromNights: string;
}
export interface SeasonRowValues {
  name: string;
  start: string;
  end: string;
  /** dollars, '' for none */
  nightlyRateCents: string;
  /** nights, '' for none */
  minNights: string;
}
export interface DiscountRowValues {
  minNights: string;
  /** percent */
  bps: string;
}

/** A cancellation tier ([cancel.policy]): at least `daysBefore` days before check-in refunds `refundBps` percent. */
export interface CancellationTierRowValues {
  daysBefore: string;
  /** percent */
  refundBps: string;
}

export interface SettingsFormValues {
  baseNightlyRateCents: string;
  weekendNightlyRateCents: string;
  cleaningFeeCents: string;
  serviceFeeCents: string;
  cardFeeBps: string;
  taxes: TaxRowValues[];
  minNights: string;
  maxNights: string;
  advanceNoticeDays: string;
  bookingWindowDays: string;
  maxGuests: string;
  checkInTime: string;
  checkOutTime: string;
  seasons: SeasonRowValues[];
  lengthOfStayDiscounts: DiscountRowValues[];
  extraGuestIncluded: string;
  extraGuestDollars: string;
  /** The settings' own path, so the core schema's issues land on the rows. */
  cancellationPolicy: { tiers: CancellationTierRowValues[] };
  /** [payments.schedule]: percent charged at booking, '' or 0 for pay in full */
  depositBps: string;
  /** [payments.schedule]: days before check-in the balance is charged */
  balanceDueDays: string;
  /** [owner.notices]: '' for none */
  ownerEmail: string;
  /** [deposit.hold]: dollars, '' for no damage deposit */
  damageDepositCents: string;
  /** [deposit.release]: days after check-out */
  damageDepositReleaseDays: string;
  /** [compliance.numbers]: '' until issued */
  taxCertificateNumber: string;
  rentalRegistrationNumber: string;
  /** [compliance.occupancy]: persons, '' for not set */
  permittedOccupancy: string;
  /** [compliance.contact]: the settings' own path */
  localContact: { name: string; phone: string };
  emergencyAddress: string;
  /** [a11y.facts]: '' = not assessed */
  accessibilityFacts: string;
}

const DOLLARS = /^\d{1,6}(\.\d{1,2})?$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,4}$/;

/** "300" or "300.5" dollars → 30050 cents; NaN for anything else (the core schema then refuses it). */
export function dollarsToCents(text: string): number {
  const t = text.trim().replace(/^\$/, '').replace(/,/g, '');
  return DOLLARS.test(t) ? Math.round(Number(t) * 100) : Number.NaN;
}
/** "7.5" percent → 750 basis points; NaN for anything else. */
export function percentToBps(text: string): number {
  const t = text.trim().replace(/%$/, '');
  return PERCENT.test(t) ? Math.round(Number(t) * 100) : Number.NaN;
}
const whole = (text: string) => (WHOLE.test(text.trim()) ? Number(text.trim()) : Number.NaN);
const blank = (text: string) => text.trim() === '';

const centsText = (n: number) => String(n / 100);
const bpsText = (n: number) => String(n / 100);

/** A tax line as the form shows it ([pricing.taxes], [pricing.tax-dates]). */
export function taxLineToRow(t: TaxLine): TaxRowValues {
  return {
    name: t.name,
    kind: t.kind,
    amount: t.kind === 'percent' ? bpsText(t.bps) : centsText(t.cents),
    authority: t.authority ?? '',
    validFrom: t.validFrom ?? '',
    validTo: t.validTo ?? '',
    exemptFromNights: t.exemptFromNights === undefined ? '' : String(t.exemptFromNights),
  };
}

/** The tax line of a row (not yet validated: bad text becomes NaN); blank optional fields are left out. */
function rowToTaxLine(t: TaxRowValues): NonNullable<SettingsInput['taxes']>[number] {
  const terms = {
    ...(blank(t.authority ?? '') ? {} : { authority: t.authority.trim() }),
    ...(blank(t.validFrom ?? '') ? {} : { validFrom: t.validFrom.trim() }),
    ...(blank(t.validTo ?? '') ? {} : { validTo: t.validTo.trim() }),
    ...(blank(t.exemptFromNights ?? '') ? {} : { exemptFromNights: whole(t.exemptFromNights) }),
  };
  return t.kind === 'percent' ? { name: t.name, kind: 'percent' as const, bps: percentToBps(t.amount), ...terms } : { name: t.name, kind: 'perNight' as const, cents: dollarsToCents(t.amount), ...terms };
}

/** The form's values for stored settings. */
export function settingsToFormValues(s: Settings): SettingsFormValues {
  return {
    baseNightlyRateCents: centsText(s.baseNightlyRateCents),
    weekendNightlyRateCents: s.weekendNightlyRateCents === null ? '' : centsText(s.weekendNightlyRateCents),
    cleaningFeeCents: centsText(s.cleaningFeeCents),
    serviceFeeCents: centsText(s.serviceFeeCents),
    cardFeeBps: bpsText(s.cardFeeBps),
    taxes: s.taxes.map(taxLineToRow),
    minNights: String(s.minNights),
    maxNights: String(s.maxNights),
    advanceNoticeDays: String(s.advanceNoticeDays),
    bookingWindowDays: String(s.bookingWindowDays),
    maxGuests: String(s.maxGuests),
    checkInTime: s.checkInTime,
    checkOutTime: s.checkOutTime,
    seasons: s.seasons.map((x) => ({
      name: x.name,
      start: x.start,
      end: x.end,
      nightlyRateCents: x.nightlyRateCents === undefined ? '' : centsText(x.nightlyRateCents),
      minNights: x.minNights === undefined ? '' : String(x.minNights),
    })),
    lengthOfStayDiscounts: s.lengthOfStayDiscounts.map((d) => ({ minNights: String(d.minNights), bps: bpsText(d.bps) })),
    extraGuestIncluded: s.extraGuestFee ? String(s.extraGuestFee.includedGuests) : '',
    extraGuestDollars: s.extraGuestFee ? centsText(s.extraGuestFee.centsPerNight) : '',
    cancellationPolicy: { tiers: s.cancellationPolicy.tiers.map((t) => ({ daysBefore: String(t.daysBefore), refundBps: bpsText(t.refundBps) })) },
    depositBps: s.depositBps ? bpsText(s.depositBps) : '',
    balanceDueDays: String(s.balanceDueDays),
    ownerEmail: s.ownerEmail ?? '',
    damageDepositCents: s.damageDepositCents === null ? '' : centsText(s.damageDepositCents),
    damageDepositReleaseDays: String(s.damageDepositReleaseDays),
    taxCertificateNumber: s.taxCertificateNumber,
    rentalRegistrationNumber: s.rentalRegistrationNumber,
    permittedOccupancy: s.permittedOccupancy === null ? '' : String(s.permittedOccupancy),
    localContact: { ...s.localContact },
    emergencyAddress: s.emergencyAddress,
    accessibilityFacts: s.accessibilityFacts,
  };
}

/** The settings object for the form's values (not yet validated: bad text becomes NaN). */
export function formValuesToSettings(v: SettingsFormValues): SettingsInput {
  return {
    baseNightlyRateCents: dollarsToCents(v.baseNightlyRateCents),
    weekendNightlyRateCents: blank(v.weekendNightlyRateCents) ? null : dollarsToCents(v.weekendNightlyRateCents),
    cleaningFeeCents: dollarsToCents(v.cleaningFeeCents),
    serviceFeeCents: dollarsToCents(v.serviceFeeCents),
    cardFeeBps: percentToBps(v.cardFeeBps),
    taxes: v.taxes.map(rowToTaxLine),
    minNights: whole(v.minNights),
    maxNights: whole(v.maxNights),
    advanceNoticeDays: whole(v.advanceNoticeDays),
    bookingWindowDays: whole(v.bookingWindowDays),
    maxGuests: whole(v.maxGuests),
    checkInTime: v.checkInTime,
    checkOutTime: v.checkOutTime,
    seasons: v.seasons.map((x) => ({
      name: x.name,
      start: x.start,
      end: x.end,
      ...(blank(x.nightlyRateCents) ? {} : { nightlyRateCents: dollarsToCents(x.nightlyRateCents) }),
      ...(blank(x.minNights) ? {} : { minNights: whole(x.minNights) }),
    })),
    lengthOfStayDiscounts: v.lengthOfStayDiscounts.map((d) => ({ minNights: whole(d.minNights), bps: percentToBps(d.bps) })),
    extraGuestFee:
      blank(v.extraGuestIncluded) && blank(v.extraGuestDollars)
        ? null
        : { includedGuests: whole(v.extraGuestIncluded), centsPerNight: dollarsToCents(v.extraGuestDollars) },
    cancellationPolicy: { tiers: v.cancellationPolicy.tiers.map((t) => ({ daysBefore: whole(t.daysBefore), refundBps: percentToBps(t.refundBps) })) },
    depositBps: blank(v.depositBps ?? '') ? null : percentToBps(v.depositBps),
    balanceDueDays: whole(v.balanceDueDays ?? '30'),
    ownerEmail: blank(v.ownerEmail) ? null : v.ownerEmail.trim(),
    damageDepositCents: blank(v.damageDepositCents) ? null : dollarsToCents(v.damageDepositCents),
    damageDepositReleaseDays: whole(v.damageDepositReleaseDays),
    taxCertificateNumber: v.taxCertificateNumber ?? '',
    rentalRegistrationNumber: v.rentalRegistrationNumber ?? '',
    permittedOccupancy: blank(v.permittedOccupancy ?? '') ? null : whole(v.permittedOccupancy),
    localContact: v.localContact ?? { name: '', phone: '' },
    emergencyAddress: v.emergencyAddress ?? '',
    accessibilityFacts: v.accessibilityFacts ?? '',
  };
}

/**
 * The form's resolver schema: the typed values converted, then the core schema. Issues keep the
 * settings' paths (`seasons.0.end`, `taxes.1.bps`, `extraGuestFee.includedGuests`).
 */
export const settingsFormSchema = z.custom<SettingsFormValues>().transform(formValuesToSettings).pipe(settingsSchema);
