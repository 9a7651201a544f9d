/**
 * Contracts of first-party analytics: `POST /api/analytics/pageview` ([analytics.page-view],
 * [analytics.funnel], [api.public]), answered 204 without a body, and the owner's
 * `GET /api/analytics/summary` ([analytics.summary], admin). Browser-safe.
 */
import { z } from 'zod';
import { isIsoDate, daysBetween } from '../shared/dates.js';
import { plainText } from '../shared/text.js';
import { isoDateField } from './common.js';

/**
 * What one beacon records ([analytics.funnel]): a page view, the booking section first seen in a
 * page load, or a checkout started.
 */
export const ANALYTICS_EVENTS = ['pageview', 'booking-seen', 'checkout-started'] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

/**
 * Most characters of a path or referrer analytics keep ([analytics.page-view]); a longer one
 * (up to the 2048 the endpoint takes) is cut to its first 500.
 */
export const ANALYTICS_TEXT_MAX = 500;

/** Body of `POST /api/analytics/pageview`. */
export const pageViewSchema = z.object({
  /** The route's path, e.g. `/` or `/checkout` (no origin). */
  path: plainText(
    z
      .string()
      .min(1)
      .max(2048)
      .regex(/^\//, 'must start with /'),
  ),
  /** `document.referrer`, or empty. */
  referrer: plainText(z.string().max(2048)).optional().default(''),
  /** `pageview` unless said ([analytics.funnel]). */
  event: z.enum(ANALYTICS_EVENTS, { message: `must be one of ${ANALYTICS_EVENTS.join(', ')}` }).optional().default('pageview'),
});
export type PageView = z.input<typeof pageViewSchema>;
export type RecordedPageView = z.output<typeof pageViewSchema>;

/** Longest span one analytics summary covers, in days. */
export const MAX_ANALYTICS_SPAN_DAYS = 366;

const span = (q: { from: string; to: string }) => (isIsoDate(q.from) && isIsoDate(q.to) ? daysBetween(q.from, q.to) : 0);

/**
 * Query of `GET /api/analytics/summary?from=YYYY-MM-DD&to=YYYY-MM-DD` (both days included, in the
 * property's zone): `to` not before `from` and at most MAX_ANALYTICS_SPAN_DAYS after it.
 */
export const analyticsSummaryQuerySchema = z
  .object({ from: isoDateField, to: isoDateField })
  .refine((q) => span(q) >= 0, { message: 'must not be before from', path: ['to'] })
  .refine((q) => span(q) <= MAX_ANALYTICS_SPAN_DAYS, { message: `must be at most ${MAX_ANALYTICS_SPAN_DAYS} days after from`, path: ['to'] });

/** The funnel's steps, in order ([analytics.funnel]). */
export const FUNNEL_STEPS = ['visits', 'booking-seen', 'checkout-started', 'paid'] as const;

/** `GET /api/analytics/summary` ([analytics.summary]). */
export const analyticsSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Every day of the span, in order: page views and unique visitors (daily-salted hashes). */
  days: z.array(z.object({ date: z.string(), views: z.number(), visitors: z.number() })),
  totals: z.object({ views: z.number(), visitors: z.number() }),
  /** Referring sites (host names; "Direct or unknown" for none) of visits, most first, at most 10. */
  referrers: z.array(z.object({ referrer: z.string(), visits: z.number() })),
  /** First pages of visits, most first, at most 10. */
  landingPages: z.array(z.object({ path: z.string(), visits: z.number() })),
  /** Visits → booking section seen → checkout started → paid; `bps` of visits, `stepBps` of the step before. */
  funnel: z.array(z.object({ step: z.enum(FUNNEL_STEPS), label: z.string(), count: z.number(), bps: z.number(), stepBps: z.number() })),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;
