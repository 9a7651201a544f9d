import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_LISTING, publicListingResponseSchema } from '@ridgeline/core';
import { type createTestApp, type signedInAgent, createSignedInTestApp } from '../test-support/test-app.js';
import { COMPLIANCE_SETTINGS } from '../test-support/compliance.js';

/**
 * The listing through the real API ([listing.api], [listing.public]): `GET /api/listing` to
 * anyone, `PUT /api/listing` for the owner, on a temp SQLite file.
 */
let t: ReturnType<typeof createTestApp>;
let admin: Awaited<ReturnType<typeof signedInAgent>>;
beforeEach(async () => {
  ({ admin, ...t } = await createSignedInTestApp());
});
afterEach(() => t.cleanup());

const stored = () => t.db.prepare("SELECT value FROM settings WHERE key = 'listing'").get() as { value: string } | undefined;
const publicListing = async () => publicListingResponseSchema.parse((await request(t.app).get('/api/listing').expect(200)).body);

const bunkRoom = { name: 'Bunk room', beds: [{ type: 'bunk', count: 2 }] } as const;

describe('GET /api/listing ([listing.public])', () => {
  it("answers today's texts before the first save, with how many it sleeps and the check-in and check-out times", async () => {
    const res = await request(t.app).get('/api/listing').expect(200);
    expect(res.body).toEqual({
      ...DEFAULT_LISTING,
      taxCertificateNumber: '',
      rentalRegistrationNumber: '',
      accessibilityFacts: '',
      sleeps: 12,
      checkInTime: '16:00',
      checkOutTime: '10:00',
    });
    expect(res.body).toMatchObject({ name: 'Ridgeline', bathrooms: { full: 3, half: 0 }, squareFeet: 3000 });
    expect(res.body.bedrooms).toHaveLength(5);
    expect(res.body.amenities.map((a: { key: string }) => a.key)).toEqual(['wifi', 'firepit', 'gameRoom', 'poolTable', 'hotTub', 'mountainView']);
  });

  it('never answers what only the owner and booked guests see (street address, local contact)', async () => {
    await admin.put('/api/settings').send(COMPLIANCE_SETTINGS).expect(200);
    const res = await request(t.app).get('/api/listing').expect(200);
    expect(res.text).not.toContain('Ridgeline Trail');
    expect(res.text).not.toContain('Dana Reyes');
    expect(Object.keys(res.body)).not.toContain('emergencyAddress');
    expect(res.body.sleeps).toBe(10);
  });
});

describe('PUT /api/listing ([listing.api])', () => {
  it('takes a partial listing, answers the whole, keeps the rest, and is audit-logged', async () => {
    const hotTub = { key: 'hotTub', note: 'Seats six, open all year.' };
    const amenities = DEFAULT_LISTING.amenities.map((a) => (a.key === 'hotTub' ? hotTub : a));
    const res = await admin
      .put('/api/listing')
      .send({ name: '  Ridgeline Lodge ', amenities, bedrooms: [...DEFAULT_LISTING.bedrooms, bunkRoom] })
      .expect(200);
    const saved = publicListingResponseSchema.parse(res.body);
    expect(saved.name).toBe('Ridgeline Lodge');
    expect(saved.headline).toBe(DEFAULT_LISTING.headline);
    expect(saved.amenities.find((a) => a.key === 'hotTub')).toEqual(hotTub);
    expect(saved.bedrooms.at(-1)).toEqual(bunkRoom);
    expect(await publicListing()).toEqual(saved);
    expect(JSON.parse(stored()?.value ?? '{}')).toMatchObject({ name: 'Ridgeline Lodge' });
    const audit = t.db.prepare("SELECT area FROM audit_log WHERE action = 'listing saved'").all();
    expect(audit).toEqual([{ area: 'admin' }]);
  });

  it('saves the accessibility facts with the settings, where the guest pages read them', async () => {
    await admin.put('/api/listing').send({ accessibilityFacts: 'One step at the front door; doors 32 in wide.' }).expect(200);
    expect((await admin.get('/api/settings').expect(200)).body.accessibilityFacts).toBe('One step at the front door; doors 32 in wide.');
    expect((await publicListing()).accessibilityFacts).toBe('One step at the front door; doors 32 in wide.');
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(81) }, 'name'],
    [{ headline: 'two\nlines' }, 'headline'],
    [{ bedrooms: [{ name: 'Bunk room', beds: [{ type: 'hammock', count: 1 }] }] }, 'bedrooms.0.beds.0.type'],
    [{ bedrooms: [{ name: 'Bunk room', beds: [{ type: 'bunk', count: 0 }] }] }, 'bedrooms.0.beds.0.count'],
    [{ bedrooms: [{ name: 'Empty room', beds: [] }] }, 'bedrooms.0.beds'],
    [{ bathrooms: { full: 2.5, half: 0 } }, 'bathrooms.full'],
    [{ amenities: [{ key: 'helipad' }] }, 'amenities.0.key'],
    [{ amenities: [{ key: 'wifi' }, { key: 'wifi' }] }, 'amenities.1.key'],
    [{ languages: ['English'] }, 'languages.0'],
    [{ languages: [] }, 'languages'],
    [{ contactEmail: 'not-an-address' }, 'contactEmail'],
    [{ listingUrl: 'javascript:alert(1)' }, 'listingUrl'],
    [{ socialLinks: { facebook: 'ftp://x', instagram: '', twitter: '' } }, 'socialLinks.facebook'],
    [{ houseRules: { smoking: 'no', pets: false, events: false, quietHours: null } }, 'houseRules.smoking'],
    [{ houseRules: { smoking: false, pets: false, events: false, quietHours: { start: '25:00', end: '08:00' } } }, 'houseRules.quietHours.start'],
    [{ latitude: 91 }, 'latitude'],
    [{ accessibilityFacts: 'a\u0000b' }, 'accessibilityFacts'],
    [{ exactAddress: '120 Ridgeline Trail' }, 'body'],
  ])('refuses %j with 400 naming %s, saving nothing', async (body, field) => {
    await admin.put('/api/listing').send({ headline: 'Saved before' }).expect(200);
    const before = stored();
    const res = await admin.put('/api/listing').send(body).expect(400);
    expect(res.body.field).toBe(field);
    expect(typeof res.body.error).toBe('string');
    expect(stored()).toEqual(before);
  });

  it('is for the owner only', async () => {
    await request(t.app).put('/api/listing').send({ name: 'Taken over' }).expect(401);
    expect(stored()).toBeUndefined();
  });
});
