/**
 * Filled-in Compliance settings ([compliance.numbers], [compliance.occupancy],
 * [compliance.contact]) for the server and browser tests: county numbers, a permitted occupancy
 * of 10 with Maximum guests lowered to match, a local contact and an emergency address.
 */
export const COMPLIANCE_SETTINGS = {
  taxCertificateNumber: 'AET-2026-0147',
  rentalRegistrationNumber: 'STR-0932',
  permittedOccupancy: 10,
  maxGuests: 10,
  localContact: { name: 'Dana Reyes', phone: '(706) 555-0199' },
  emergencyAddress: '120 Ridgeline Trail\nBlue Ridge, GA 30513',
};
