import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

/**
 * [booking.nearest-stay]: a quote the calendar or the owner's rules refuse names the nearest stay
 * of the same length that can be booked, so a dated landing link ([booking.landing-link]) can
 * offer it.
 */
const NOW = new Date('2026-12-01T15:00:00Z');

let t: ReturnType<typeof createTestApp>;
beforeAll(async () => {
  t = createTestApp({}, {}, () => NOW);
  await setTestPasswords(t.db);
  const admin = await signedInAgent(t.app);
  // Closed: Jan 13–15, 2027. Advance notice 3 days. Minimum 4 nights for check-ins in February.
  for (const date of ['2027-01-13', '2027-01-14', '2027-01-15']) {
    await admin.put(`/api/availability/${date}`).send({ price: 300, isAvailable: false, isBlocked: true }).expect(200);
  }
  await admin
    .put('/api/settings')
    .send({ advanceNoticeDays: 3, seasons: [{ name: 'Winter weeks', start: '2027-02-01', end: '2027-02-28', minNights: 4 }] })
    .expect(200);
});
afterAll(() => t.cleanup());

const quote = (checkin: string, checkout: string, guests = 4) => request(t.app).get('/api/quote').query({ checkin, checkout, guests });

describe('GET /api/quote names the nearest bookable stay [booking.nearest-stay]', () => {
  it('for taken nights: the nearest stay of the same length around them, the earlier of two equally near', async () => {
    // Jan 13–15 closed: a 2-night stay from Jan 14 fits from Jan 11 (3 days earlier) or Jan 16 (2 later).
    const res = await quote('2027-01-14', '2027-01-16').expect(409);
    expect(res.body).toEqual({
      error: 'Some nights of this stay are not available',
      reason: 'closed',
      closedDates: ['2027-01-14', '2027-01-15'],
      nearest: { checkin: '2027-01-16', checkout: '2027-01-18' },
    });
    // From Jan 13 (3 nights, Jan 13–15 closed): Jan 10–13 and Jan 16–19 are both 3 days away; the earlier wins.
    expect((await quote('2027-01-13', '2027-01-16').expect(409)).body.nearest).toEqual({ checkin: '2027-01-10', checkout: '2027-01-13' });
  });

  it("for the owner's rules: a season's minimum, the advance notice, a check-in that has passed", async () => {
    // 3 nights from Feb 2 break February's 4-night minimum (it goes by the check-in): the nearest
    // 3-night stay checks in on Jan 31, the last January day 2 days before.
    const season = await quote('2027-02-02', '2027-02-05').expect(400);
    expect(season.body).toMatchObject({ rule: 'minNights', field: 'checkout', nearest: { checkin: '2027-01-31', checkout: '2027-02-03' } });
    // Today is Dec 1 with 3 days' notice: the first check-in is Dec 4.
    expect((await quote('2026-12-02', '2026-12-04').expect(400)).body).toMatchObject({ rule: 'advanceNotice', nearest: { checkin: '2026-12-04', checkout: '2026-12-06' } });
    expect((await quote('2026-11-28', '2026-11-30').expect(400)).body).toMatchObject({ field: 'checkin', nearest: { checkin: '2026-12-04', checkout: '2026-12-06' } });
  });

  it('names none when no stay of that length could hold the guests, and none on a bookable stay', async () => {
    expect((await quote('2027-01-20', '2027-01-22', 13).expect(400)).body).not.toHaveProperty('nearest');
    expect((await quote('2027-01-20', '2027-01-22', 12).expect(200)).body).not.toHaveProperty('nearest');
    expect((await quote('2027-01-20', '2027-01-22').expect(200)).body).not.toHaveProperty('nearest');
    expect((await quote('2027-01-20', '2027-01-20').expect(400)).body).toEqual({ error: 'checkout: must be after check-in', field: 'checkout' });
  });
});
