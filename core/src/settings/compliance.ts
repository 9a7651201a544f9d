/**
 * What Fannin County asks of a short-term rental, read from the owner's settings
 * ([compliance.numbers], [compliance.occupancy], [compliance.contact], [a11y.facts]). Browser-safe.
 */
import type { Settings } from './schema.js';

/**
 * What the public pages show of the settings (`GET /api/listing`, embedded in the server-rendered
 * home page): the county's numbers for the footer ([compliance.numbers]) and the owner's
 * accessibility facts for the listing's "Accessibility" section ([a11y.facts]). '' = not filled in.
 */
export interface PublicListing {
  taxCertificateNumber: string;
  rentalRegistrationNumber: string;
  accessibilityFacts: string;
}

/** The public part of `settings` ([compliance.numbers], [a11y.facts]). */
export function publicListing(settings: Pick<Settings, keyof PublicListing>): PublicListing {
  return {
    taxCertificateNumber: settings.taxCertificateNumber,
    rentalRegistrationNumber: settings.rentalRegistrationNumber,
    accessibilityFacts: settings.accessibilityFacts,
  };
}

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
