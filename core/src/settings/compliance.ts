/**
 * What Fannin County asks of a short-term rental, read from the owner's settings
 * ([compliance.numbers], [compliance.occupancy], [compliance.contact], [a11y.facts]). Browser-safe.
 */
import type { Settings } from './schema.js';

/**
 * The most persons the house takes ([compliance.occupancy]): the county's permitted occupancy
 * when set, else the owner's `maxGuests` (which never exceeds it).
 */
export function maxOccupancy(settings: Pick<Settings, 'maxGuests' | 'permittedOccupancy'>): number {
  return Math.min(settings.maxGuests, settings.permittedOccupancy ?? settings.maxGuests);
}

/** A compliance field the owner has not filled in, and the Overview's sentence for it. */
export interface ComplianceGap {
  field: 'taxCertificateNumber' | 'rentalRegistrationNumber';
  message: string;
}

/**
 * The county's numbers still missing ([compliance.numbers]), in this order: the certificate,
 * then the registration. The Overview shows each as a warning linking to the Compliance settings.
 */
export function complianceGaps(settings: Pick<Settings, 'taxCertificateNumber' | 'rentalRegistrationNumber'>): ComplianceGap[] {
  const gaps: ComplianceGap[] = [];
  if (!settings.taxCertificateNumber) gaps.push({ field: 'taxCertificateNumber', message: 'Fannin County requires a certificate number before advertising' });
  if (!settings.rentalRegistrationNumber) gaps.push({ field: 'rentalRegistrationNumber', message: 'Fannin County requires a registration number before advertising' });
  return gaps;
}
