import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, guestStayResponseSchema, publicListingResponseSchema } from '@ridgeline/core';
import { paidGuestBooking } from '../test-support/guest-bookings.js';
import { type createTestApp, type signedInAgent, createSignedInTestApp } from '../test-support/test-app.js';
import { COMPLIANCE_SETTINGS as COMPLIANCE } from '../test-support/compliance.js';

/**
 * Fannin County's certificates, occupancy and contact through the real API
 * ([compliance.numbers], [compliance.occupancy], [compliance.contact], [a11y.facts]): the app on
 * a temp SQLite file.
 */

// 2026-11-21 15:00 UTC is 10:00 in Blue Ridge.
const NOW = new Date('2026-11-21T15:00:00Z');

let t: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
beforeEach(async () => {
  ({ admin, ...t } = await createSignedInTestApp({}, {}, () => NOW));
});
afterEach(() => t.cleanup());

const storedSettings = () => t.db.prepare("SELECT value FROM settings WHERE key = 'owner_settings'").get() as { value: string } | undefined;
const quote = (guests: number) => request(t.app).get('/api/quote').query({ checkin: '2026-12-10', checkout: '2026-12-13', guests });

describe('the Compliance settings ([compliance.numbers], [compliance.occupancy], [compliance.contact])', () => {
  it('are empty by default, saved by PUT and answered by GET', async () => {
    expect((await admin.get('/api/settings').expect(200)).body).toMatchObject({
      taxCertificateNumber: '',
      rentalRegistrationNumber: '',
      permittedOccupancy: null,
      localContact: { name: '', phone: '' },
      emergencyAddress: '',
      accessibilityFacts: '',
    });
    const saved = await admin.put('/api/settings').send({ ...COMPLIANCE, taxCertificateNumber: '  AET-2026-0147 ' }).expect(200);
    expect(saved.body).toEqual({ ...DEFAULT_SETTINGS, ...COMPLIANCE });
    expect((await admin.get('/api/settings').expect(200)).body).toMatchObject(COMPLIANCE);
  });

  it.each([
    [{ permittedOccupancy: 0 }, 'permittedOccupancy'],
    [{ permittedOccupancy: 4.5 }, 'permittedOccupancy'],
    [{ permittedOccupancy: '10' }, 'permittedOccupancy'],
    [{ taxCertificateNumber: 'a\nb' }, 'taxCertificateNumber'],
    [{ rentalRegistrationNumber: 'x'.repeat(61) }, 'rentalRegistrationNumber'],
    [{ localContact: { name: 'Dana', phone: 'call me' } }, 'localContact.phone'],
    [{ localContact: { name: 'Dana', phone: '' } }, 'localContact.phone'],
    [{ localContact: { name: '', phone: '706 555 0199' } }, 'localContact.name'],
    [{ localContact: { name: 'Dana' } }, 'localContact.phone'],
    [{ emergencyAddress: 'x'.repeat(301) }, 'emergencyAddress'],
    [{ accessibilityFacts: 'a\u0000b' }, 'accessibilityFacts'],
  ])('refuses %j with 400 naming %s, saving nothing', async (body, field) => {
    await admin.put('/api/settings').send({ cleaningFeeCents: 100 }).expect(200);
    const before = storedSettings();
    const res = await admin.put('/api/settings').send(body).expect(400);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toMatch(new RegExp(`^${field.replace(/\./g, '\\.')}: `));
    expect(storedSettings()).toEqual(before);
  });

  it('never lets maxGuests exceed permittedOccupancy, whichever field changes (400 naming maxGuests)', async () => {
    // The default maxGuests is 12: a permitted occupancy of 10 alone is refused.
    const lower = await admin.put('/api/settings').send({ permittedOccupancy: 10 }).expect(400);
    expect(lower.body).toEqual({ error: 'maxGuests: must not be more than the permitted occupancy (10)', field: 'maxGuests' });
    expect(storedSettings()).toBeUndefined();
    await admin.put('/api/settings').send({ permittedOccupancy: 10, maxGuests: 10 }).expect(200);
    expect((await admin.put('/api/settings').send({ maxGuests: 11 }).expect(400)).body.field).toBe('maxGuests');
    expect((await admin.put('/api/settings').send({ permittedOccupancy: 8 }).expect(400)).body.field).toBe('maxGuests');
    expect((await admin.get('/api/settings')).body).toMatchObject({ permittedOccupancy: 10, maxGuests: 10 });
    // Back to no permitted occupancy: maxGuests is bound by the house's 12 only.
    await admin.put('/api/settings').send({ permittedOccupancy: null, maxGuests: 12 }).expect(200);
  });

  it('refuses the quote for more guests than permitted with 400 and rule maxGuests', async () => {
    await quote(12).expect(200);
    await admin.put('/api/settings').send({ permittedOccupancy: 10, maxGuests: 10 }).expect(200);
    expect((await quote(12).expect(400)).body).toEqual({ error: 'At most 10 guests can stay', rule: 'maxGuests', field: 'guests' });
    await quote(10).expect(200);
  });
});

describe('the rental agreement carries the county numbers ([compliance.numbers])', () => {
  it("ends with the numbers; the Settings keep the owner's words; new numbers publish the next version", async () => {
    await admin.put('/api/settings').send({ rentalAgreement: 'No parties.' }).expect(200);
    expect((await request(t.app).get('/api/rental-agreement').expect(200)).body).toMatchObject({ version: 1, text: 'No parties.' });

    const saved = await admin.put('/api/settings').send({ taxCertificateNumber: 'AET-1', rentalRegistrationNumber: 'STR-2' }).expect(200);
    expect(saved.body.rentalAgreement).toBe('No parties.');
    expect((await request(t.app).get('/api/rental-agreement').expect(200)).body).toMatchObject({
      version: 2,
      text: 'No parties.\n\nFannin County accommodation excise tax certificate: AET-1\nFannin County short-term rental registration: STR-2',
    });
    // The form saves the owner's words back as they were: no new version, no doubled numbers.
    await admin.put('/api/settings').send({ rentalAgreement: 'No parties.', minNights: 2 }).expect(200);
    await admin.put('/api/settings').send({ rentalAgreement: '' }).expect(200);
    expect((await request(t.app).get('/api/rental-agreement').expect(200)).body.version).toBe(2);
    // New words keep the numbers; version 1 stays as it was published.
    await admin.put('/api/settings').send({ rentalAgreement: 'No parties. No pets.' }).expect(200);
    expect((await request(t.app).get('/api/rental-agreement').expect(200)).body).toMatchObject({
      version: 3,
      text: expect.stringMatching(/^No parties\. No pets\.\n\n.*certificate: AET-1\n.*registration: STR-2$/),
    });
    expect((await request(t.app).get('/api/rental-agreement/1').expect(200)).body.text).toBe('No parties.');
    expect((await admin.get('/api/settings')).body.rentalAgreement).toBe('No parties. No pets.');
  });

  it('publishes nothing for numbers alone while no agreement exists', async () => {
    await admin.put('/api/settings').send({ taxCertificateNumber: 'AET-1' }).expect(200);
    expect((await request(t.app).get('/api/rental-agreement').expect(200)).body.version).toBeNull();
  });
});

describe('GET /api/listing ([compliance.numbers], [a11y.facts])', () => {
  it('answers the numbers and the accessibility facts to anyone, and nothing private', async () => {
    expect(publicListingResponseSchema.parse((await request(t.app).get('/api/listing').expect(200)).body)).toMatchObject({
      taxCertificateNumber: '',
      rentalRegistrationNumber: '',
      accessibilityFacts: '',
    });
    await admin.put('/api/settings').send({ ...COMPLIANCE, accessibilityFacts: 'Two steps to the front door.' }).expect(200);
    const res = await request(t.app).get('/api/listing').expect(200);
    expect(res.body).toMatchObject({ taxCertificateNumber: 'AET-2026-0147', rentalRegistrationNumber: 'STR-0932', accessibilityFacts: 'Two steps to the front door.', sleeps: 10 });
    expect(res.text).not.toContain('555-0199');
  });
});

describe("the guest's stay page ([compliance.occupancy], [compliance.contact])", () => {
  it('shows the maximum occupancy and the 24/7 local contact once filled in', async () => {
    const booking = paidGuestBooking(t.db);
    const before = guestStayResponseSchema.parse((await request(t.app).get(`/api/stay/${booking.guestToken}`).expect(200)).body);
    expect(before.booking.house).toEqual({ maxOccupancy: 12, localContact: null });
    await admin.put('/api/settings').send(COMPLIANCE).expect(200);
    const after = guestStayResponseSchema.parse((await request(t.app).get(`/api/stay/${booking.guestToken}`).expect(200)).body);
    expect(after.booking.house).toEqual({ maxOccupancy: 10, localContact: { name: 'Dana Reyes', phone: '(706) 555-0199' } });
  });
});
