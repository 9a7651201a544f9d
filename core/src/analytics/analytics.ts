/**
 * First-party analytics ([analytics.page-view]: a page view on each route change;
 * [analytics.funnel]: visits → booking section seen → checkout started → paid). Browser-safe.
 * The endpoints' contracts are `api/analytics.ts`.
 */
import type { Booking } from '../booking/bookings.js';
import { PROPERTY } from '../shared/property.js';
import { todayIn } from '../shared/dates.js';
import { FUNNEL_STEPS, type AnalyticsSummary } from '../api/analytics.js';

export { pageViewSchema, type PageView } from '../api/analytics.js';

const FUNNEL_LABELS: Record<(typeof FUNNEL_STEPS)[number], string> = {
  visits: 'Visits',
  'booking-seen': 'Booking section seen',
  'checkout-started': 'Checkout started',
  paid: 'Paid',
};

/** `part` of `whole` in basis points, rounded; 0 when `whole` is 0. */
const bpsOf = (part: number, whole: number) => (whole > 0 ? Math.round((part * 10000) / whole) : 0);

/**
 * The funnel ([analytics.funnel]) from its four counts: each step with its share of visits
 * (`bps`) and of the step before (`stepBps`), in basis points.
 */
export function analyticsFunnel(counts: Record<(typeof FUNNEL_STEPS)[number], number>): AnalyticsSummary['funnel'] {
  return FUNNEL_STEPS.map((step, i) => {
    const before = i === 0 ? counts.visits : counts[FUNNEL_STEPS[i - 1] as (typeof FUNNEL_STEPS)[number]];
    return { step, label: FUNNEL_LABELS[step], count: counts[step], bps: bpsOf(counts[step], counts.visits), stepBps: i === 0 ? 10000 : bpsOf(counts[step], before) };
  });
}

/**
 * The funnel's last step ([analytics.funnel]): direct bookings paid through the checkout and made
 * on a property day from `from` to `to` (both included), cancelled or not.
 */
export function paidDirectBookingsBetween(bookings: readonly Booking[], from: string, to: string): number {
  return bookings.filter((b) => {
    if (b.kind !== 'direct' || !['paid', 'partially_refunded', 'refunded'].includes(b.paymentStatus)) return false;
    const day = todayIn(PROPERTY.timeZone, new Date(b.createdAt));
    return day >= from && day <= to;
  }).length;
}
