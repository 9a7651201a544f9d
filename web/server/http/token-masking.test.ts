import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { listSecurityEvents } from '@ridgeline/core/node';
import { createLogger } from '../logger.js';
import { createTestApp } from '../test-support/test-app.js';
import { loggablePath, loggableUrl } from './loggable-path.js';

/** A token shaped like a payment link's (32 URL-safe characters), known to no booking. */
const LINK_TOKEN = 'PayLinkTok_0123456789-abcdefghij';

let t: ReturnType<typeof createTestApp> | undefined;
afterEach(() => t?.cleanup());

describe('payment-link tokens are masked in every log ([bookings.payment-link], [logs.tokens])', () => {
  it('never writes the token of /checkout?link= or /api/payment-link/{token}/… into request lines, the security log or page views', async () => {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({ write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    // One PaymentIntent per hour, so the second request below is refused into the security log.
    t = createTestApp({ PAYMENT_INTENT_LIMIT: '1' }, {}, undefined, { logger });
    await request(t.app).get(`/checkout?link=${LINK_TOKEN}`).expect(200);
    await request(t.app).get(`/api/payment-link/${LINK_TOKEN}`).expect(404);
    await request(t.app).post(`/api/payment-link/${LINK_TOKEN}/payment-intent`).expect((res) => expect([404, 503]).toContain(res.status));
    await request(t.app).post(`/api/payment-link/${LINK_TOKEN}/payment-intent`).expect(429);
    await request(t.app).post(`/api/payment-link/${LINK_TOKEN}/confirm`).send({ paymentIntentId: 'pi_1' }).expect((res) => expect([404, 503]).toContain(res.status));
    // A page view whose path or referrer carries a link (an older or hostile client).
    await request(t.app)
      .post('/api/analytics/pageview')
      .send({ path: `/checkout?link=${LINK_TOKEN}`, referrer: `https://stay.example.com/checkout?link=${LINK_TOKEN}&x=1` })
      .expect(204);
    await request(t.app).post('/api/analytics/pageview').send({ path: `/api/payment-link/${LINK_TOKEN}/confirm` }).expect(204);

    await expect.poll(() => lines.filter((l) => l.message === 'request').length).toBeGreaterThanOrEqual(6);
    expect(JSON.stringify(lines)).not.toContain(LINK_TOKEN);
    const paths = lines.filter((l) => l.message === 'request').map((l) => (l.req as { path: string }).path);
    expect(paths).toEqual(
      expect.arrayContaining(['/api/payment-link/:token', '/api/payment-link/:token/payment-intent', '/api/payment-link/:token/confirm']),
    );
    const events = listSecurityEvents(t.db, 100);
    expect(events.map((e) => e.event)).toContain('payment_intent_limited');
    expect(JSON.stringify(events)).not.toContain(LINK_TOKEN);
    const views = t.db.prepare('SELECT path, referrer FROM page_views').all() as { path: string; referrer: string }[];
    expect(JSON.stringify(views)).not.toContain(LINK_TOKEN);
    expect(views).toEqual(
      expect.arrayContaining([
        { path: '/checkout?link=:token', referrer: 'https://stay.example.com/checkout?link=:token&x=1' },
        { path: '/api/payment-link/:token/confirm', referrer: '' },
      ]),
    );
  });
});

describe('loggablePath and loggableUrl', () => {
  it('mask guest-page and payment-link tokens, in paths, queries and whole URLs, and leave the rest', () => {
    expect(loggablePath('/api/payment-link/abc/payment-intent')).toBe('/api/payment-link/:token/payment-intent');
    expect(loggablePath('/api/payment-link/abc')).toBe('/api/payment-link/:token');
    expect(loggablePath('/checkout?link=abc')).toBe('/checkout?link=:token');
    expect(loggablePath('/checkout?x=1&link=abc#top')).toBe('/checkout?x=1&link=:token#top');
    expect(loggablePath('/stay/abc/x')).toBe('/stay/:token/x');
    expect(loggablePath('/checkout?linked=abc')).toBe('/checkout?linked=abc');
    expect(loggablePath('/api/availability')).toBe('/api/availability');
    expect(loggableUrl('https://a.example/stay/abc?link=def')).toBe('https://a.example/stay/:token?link=:token');
    expect(loggableUrl('https://www.google.com/search?q=ridgeline')).toBe('https://www.google.com/search?q=ridgeline');
    expect(loggableUrl('')).toBe('');
    expect(loggableUrl('not a url /stay/abc')).toBe('not a url /stay/abc');
  });
});
