import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  analyticsSummarySchema,
  auditLogResponseSchema,
  autoSyncStatusResponseSchema,
  availabilityResponseSchema,
  blockedIpsResponseSchema,
  bookingInquiriesResponseSchema,
  calendarSourcesResponseSchema,
  damageDepositResponseSchema,
  bookingLedgerResponseSchema,
  calendarStatusSchema,
  cleaningSettingsResponseSchema,
  feedUrlsResponseSchema,
  healthResponseSchema,
  imageConfigSchema,
  jobsResponseSchema,
  paymentsConfigResponseSchema,
  priceStay,
  publicAvailabilityResponseSchema,
  publishedReviewsResponseSchema,
  publicListingResponseSchema,
  reportsSummarySchema,
  reviewsResponseSchema,
  securityEventsResponseSchema,
  securityStatusResponseSchema,
  sessionResponseSchema,
  sessionsResponseSchema,
  stayQuoteSchema,
  twoFactorStatusSchema,
} from '@ridgeline/core';
import { blockIp, createBookingInquiry, createCalendarSource, logSecurityEvent, setAvailability } from '@ridgeline/core/node';
import { guestReviewStateSchema, guestStayResponseSchema, reviewSavedResponseSchema, type PublishedReviewsResponse, type ReviewSavedResponse, type ReviewsResponse } from '@ridgeline/core';
import { createTestApp, setTestPasswords, signedInAgent } from './test-support/test-app.js';

/**
 * The contracts of `core/src/api` describe what the server really answers: every main GET of a
 * seeded app parses with its response schema (the SPA's typed client refuses an answer that
 * does not, so a drift here would break a page).
 */
const NOW = new Date('2026-11-21T15:00:00Z');

let t: ReturnType<typeof createTestApp>;
beforeEach(async () => {
  t = createTestApp({}, {}, () => NOW);
  await setTestPasswords(t.db);
  // Something in every list, so item shapes are checked too, not only empty arrays.
  setAvailability(t.db, '2026-12-01', { price: 325, isAvailable: true, isBlocked: false }, NOW);
  const guest = { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '', location: '', ipAddress: '203.0.113.9', guests: 4, message: 'Hi', specialRequests: '' };
  createBookingInquiry(t.db, { ...guest, checkin: '2026-12-10', checkout: '2026-12-12', quote: priceStay('2026-12-10', '2026-12-12') ?? null }, NOW);
  createBookingInquiry(t.db, { ...guest, checkin: '2027-01-10', checkout: '2027-01-11', quote: null }, NOW);
  createCalendarSource(t.db, { name: 'Airbnb', icalUrl: 'https://example.com/feed.ics', platform: 'airbnb' }, NOW);
  blockIp(t.db, '198.51.100.7', 'scraping', NOW);
  logSecurityEvent(t.db, { ip: '198.51.100.7', method: 'GET', route: '/api/x', event: 'blocked_request', outcome: 'refused 403', detail: '' }, NOW);
});
afterEach(() => t.cleanup());

type Endpoint = [path: string, schema: z.ZodType];

const PUBLIC: Endpoint[] = [
  ['/api/health', healthResponseSchema],
  ['/api/reviews/published', publishedReviewsResponseSchema],
  ['/api/images/config', imageConfigSchema],
  ['/api/payments/config', paymentsConfigResponseSchema],
  ['/api/availability/public?startDate=2026-12-01&endDate=2026-12-31', publicAvailabilityResponseSchema],
  ['/api/quote?checkin=2026-12-10&checkout=2026-12-12&guests=2', stayQuoteSchema],
  ['/api/auth/session', sessionResponseSchema],
  ['/api/listing', publicListingResponseSchema],
];

const ADMIN: Endpoint[] = [
  ['/api/reviews', reviewsResponseSchema],
  ['/api/availability?startDate=2026-11-01&endDate=2026-12-31', availabilityResponseSchema],
  ['/api/booking-inquiries', bookingInquiriesResponseSchema],
  ['/api/bookings/1/damage-deposit', damageDepositResponseSchema],
  ['/api/bookings/1/ledger', bookingLedgerResponseSchema],
  ['/api/calendar-sources', calendarSourcesResponseSchema],
  ['/api/ical/auto-sync/status', autoSyncStatusResponseSchema],
  ['/api/calendar/feed', feedUrlsResponseSchema],
  ['/api/calendar/status', calendarStatusSchema],
  ['/api/cleaning-settings', cleaningSettingsResponseSchema],
  ['/api/auth/two-factor', twoFactorStatusSchema],
  ['/api/reports/summary?year=2026', reportsSummarySchema],
  ['/api/analytics/summary?from=2026-11-01&to=2026-11-30', analyticsSummarySchema],
];

const SECURITY: Endpoint[] = [
  ['/api/security/status', securityStatusResponseSchema],
  ['/api/security/blocked-ips', blockedIpsResponseSchema],
  ['/api/security/events?limit=50', securityEventsResponseSchema],
  ['/api/security/audit-log?limit=200', auditLogResponseSchema],
  ['/api/security/sessions', sessionsResponseSchema],
  ['/api/security/jobs', jobsResponseSchema],
  ['/api/security/two-factor', twoFactorStatusSchema],
];

/** The body as the schema reads it, failing with zod's first issue (which names the field). */
function parsed(path: string, schema: z.ZodType, body: unknown): unknown {
  const result = schema.safeParse(body);
  if (!result.success) throw new Error(`${path}: ${JSON.stringify(result.error.issues[0])}`);
  return result.data;
}

describe('what the server answers matches the contracts of core/src/api', () => {
  it.each(PUBLIC)('public GET %s', async (path, schema) => {
    const res = await request(t.app).get(path).expect(200);
    parsed(path, schema, res.body);
  });

  it.each(ADMIN)('admin GET %s', async (path, schema) => {
    const admin = await signedInAgent(t.app);
    const res = await admin.get(path).expect(200);
    parsed(path, schema, res.body);
  });

  it.each(SECURITY)('security GET %s', async (path, schema) => {
    const console = await signedInAgent(t.app, 'security');
    const res = await console.get(path).expect(200);
    parsed(path, schema, res.body);
  });

  it('keeps the seeded items through the parse, not only the envelopes', async () => {
    const admin = await signedInAgent(t.app);
    const bookings = parsed('/api/booking-inquiries', bookingInquiriesResponseSchema, (await admin.get('/api/booking-inquiries')).body);
    expect(bookings).toHaveLength(2);
    const sources = parsed('/api/calendar-sources', calendarSourcesResponseSchema, (await admin.get('/api/calendar-sources')).body);
    expect(sources).toMatchObject({ sources: [{ name: 'Airbnb', platform: 'airbnb' }] });
    const blocked = parsed('/api/security/blocked-ips', blockedIpsResponseSchema, (await (await signedInAgent(t.app, 'security')).get('/api/security/blocked-ips')).body);
    expect(blocked).toMatchObject({ blocked: [{ ip: '198.51.100.7', reason: 'scraping' }] });
  });

  it('reviews carry source and stayMonth everywhere, and hiddenReason in the admin answers only ([reviews.source], [reviews.hidden-reason])', async () => {
    const admin = await signedInAgent(t.app);
    const body = { guestName: 'Bo Vrbo', email: 'bo@example.com', rating: 2, title: 'Cold', content: 'Hot tub off.', stayDate: '2026-06-14', source: 'vrbo', isApproved: true, isPublished: true };
    const created = parsed('POST /api/reviews', reviewSavedResponseSchema, (await admin.post('/api/reviews').send(body).expect(201)).body) as ReviewSavedResponse;
    expect(created.review).toMatchObject({ source: 'vrbo', stayMonth: '2026-06', hiddenReason: null });
    const pub = parsed('/api/reviews/published', publishedReviewsResponseSchema, (await request(t.app).get('/api/reviews/published')).body) as PublishedReviewsResponse;
    expect(pub.reviews.find((r) => r.id === created.review.id)).toEqual({
      id: created.review.id,
      guestName: 'Bo Vrbo',
      rating: 2,
      title: 'Cold',
      content: 'Hot tub off.',
      stayDate: '2026-06-14',
      source: 'vrbo',
      stayMonth: '2026-06',
      createdAt: created.review.createdAt,
    });
    const hidden = parsed('PUT /api/reviews/{id}', reviewSavedResponseSchema, (await admin.put(`/api/reviews/${created.review.id}`).send({ isPublished: false, hiddenReason: 'personal_data' }).expect(200)).body) as ReviewSavedResponse;
    expect(hidden.review.hiddenReason).toBe('personal_data');
    const all = parsed('/api/reviews', reviewsResponseSchema, (await admin.get('/api/reviews')).body) as ReviewsResponse;
    expect(all.reviews.find((r) => r.id === created.review.id)?.hiddenReason).toBe('personal_data');
  });

  it("public GET /api/stay/{token} and /api/review/{token} (the guest's pages)", async () => {
    const [booking] = parsed('/api/booking-inquiries', bookingInquiriesResponseSchema, (await (await signedInAgent(t.app)).get('/api/booking-inquiries')).body) as { guestToken: string }[];
    parsed('/api/stay/{token}', guestStayResponseSchema, (await request(t.app).get(`/api/stay/${booking!.guestToken}`).expect(200)).body);
    parsed('/api/review/{token}', guestReviewStateSchema, (await request(t.app).get(`/api/review/${booking!.guestToken}`).expect(200)).body);
  });
});
