import { analyticsFunnel, paidDirectBookingsBetween, type AnalyticsSummary, type PageView } from '@ridgeline/core';
import { listBookingInquiries, recordPageView, trafficSummary, type VisitorSignals } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/**
 * Keeps one page view or funnel step as of the app's clock ([analytics.page-view],
 * [analytics.funnel]), with the day-salted hash of the sender's signals, never the signals
 * themselves ([analytics.visitors]); `view.path` and `view.referrer` are kept as given (the route
 * masks tokens first, [logs.tokens]) and cut to 500 characters.
 */
export function recordVisit(deps: Pick<AppDeps, 'db' | 'now'>, view: PageView, sender: VisitorSignals): void {
  recordPageView(deps.db, view, deps.now?.(), sender);
}

/**
 * The analytics summary of the days `from`..`to` (`YYYY-MM-DD`, inclusive) ([analytics.summary]):
 * page views and visitors per day, top referrers (other than `ownHosts`) and landing pages, and
 * the funnel up to the paid direct bookings of those days, its shares in basis points.
 */
export function analyticsSummary(deps: Pick<AppDeps, 'db'>, from: string, to: string, ownHosts: readonly string[]): AnalyticsSummary {
  const traffic = trafficSummary(deps.db, from, to, ownHosts);
  const funnel = analyticsFunnel({
    visits: traffic.totals.visitors,
    'booking-seen': traffic.bookingSeen,
    'checkout-started': traffic.checkoutStarted,
    paid: paidDirectBookingsBetween(listBookingInquiries(deps.db), from, to),
  });
  return { from, to, days: traffic.days, totals: traffic.totals, referrers: traffic.referrers, landingPages: traffic.landingPages, funnel };
}
