import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

let t: ReturnType<typeof createTestApp>;
let reconciles: number;

beforeEach(async () => {
  reconciles = 0;
  t = createTestApp({}, {}, undefined, {
    cleaning: {
      reconcile: async () => {
        reconciles += 1;
        return { created: 0, moved: 0, removed: 0 };
      },
    },
  });
  await setTestPasswords(t.db);
});
afterEach(() => t.cleanup());

const valid = { cleaningCrewEmail: 'crew@example.com', autoCreateEvents: true, isActive: true, eventTime: '13:00' };
const rows = () => (t.db.prepare('SELECT COUNT(*) AS n FROM cleaning_settings').get() as { n: number }).n;

describe('cleaning settings API', () => {
  it('refuses both calls without an admin session (401), saving nothing', async () => {
    await request(t.app).get('/api/cleaning-settings').expect(401);
    await request(t.app).post('/api/cleaning-settings').send(valid).expect(401);
    expect(rows()).toBe(0);
    expect(reconciles).toBe(0);
  });

  it("answers the [cleaning.settings] defaults before the first save", async () => {
    const agent = await signedInAgent(t.app);
    const res = await agent.get('/api/cleaning-settings').expect(200);
    expect(res.body).toEqual({ settings: { cleaningCrewEmail: '', autoCreateEvents: true, isActive: true, eventTime: '13:00' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('saves the settings, answers them and reconciles the cleaning events', async () => {
    const agent = await signedInAgent(t.app);
    const body = { cleaningCrewEmail: '  Crew@Example.com ', autoCreateEvents: false, isActive: true, eventTime: '13:00' };
    const res = await agent.post('/api/cleaning-settings').send(body).expect(200);
    const settings = { cleaningCrewEmail: 'Crew@Example.com', autoCreateEvents: false, isActive: true, eventTime: '13:00' };
    expect(res.body).toEqual({ success: true, settings });
    expect((await agent.get('/api/cleaning-settings').expect(200)).body).toEqual({ settings });
    expect(reconciles).toBe(1);

    await agent.post('/api/cleaning-settings').send({ ...settings, isActive: false, autoCreateEvents: true }).expect(200);
    expect((await agent.get('/api/cleaning-settings')).body.settings).toMatchObject({ isActive: false, autoCreateEvents: true });
    expect(rows()).toBe(1);
  });

  it.each([
    [{ ...valid, cleaningCrewEmail: 'not-an-email' }, 'cleaningCrewEmail'],
    [{ ...valid, cleaningCrewEmail: '   ' }, 'cleaningCrewEmail'],
    [{ ...valid, cleaningCrewEmail: undefined }, 'cleaningCrewEmail'],
    [{ ...valid, cleaningCrewEmail: `${'a'.repeat(250)}@example.com` }, 'cleaningCrewEmail'],
    [{ ...valid, autoCreateEvents: 'true' }, 'autoCreateEvents'],
    [{ ...valid, autoCreateEvents: undefined }, 'autoCreateEvents'],
    [{ ...valid, isActive: 1 }, 'isActive'],
    [{ ...valid, eventTime: '1:00 PM' }, 'eventTime'],
    [{ ...valid, eventTime: '24:00' }, 'eventTime'],
    [{ ...valid, eventTime: '13:60' }, 'eventTime'],
    [{ ...valid, eventTime: '21:00' }, 'eventTime'],
    [{ ...valid, eventTime: undefined }, 'eventTime'],
  ])('refuses %j with 400 naming %s and writes nothing', async (body, field) => {
    const agent = await signedInAgent(t.app);
    const res = await agent.post('/api/cleaning-settings').send(body).expect(400);
    expect(res.body.field).toBe(field);
    expect(res.body.error).toMatch(new RegExp(`^${field}: `));
    expect(rows()).toBe(0);
    expect(reconciles).toBe(0);
  });

  it('refuses a body that is not an object', async () => {
    const agent = await signedInAgent(t.app);
    await agent.post('/api/cleaning-settings').set('Content-Type', 'application/json').send('"crew@example.com"').expect(400);
    expect(rows()).toBe(0);
  });
});
