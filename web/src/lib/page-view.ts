import type { PageView } from '@ridgeline/core';

/** Where page views go ([analytics.page-view]; body validated by core's `pageViewSchema`). */
export const PAGE_VIEW_ENDPOINT = '/api/analytics/pageview';

/**
 * A path as analytics may keep it: the guest-page token of `/stay/{token}` and `/review/{token}`
 * replaced by `:token` ([guest.page]: whoever reads the statistics cannot open a booking).
 */
export function pageViewPath(pathname: string): string {
  return pathname.replace(/^\/(stay|review)\/[^/]+/, '/$1/:token');
}

/**
 * Reports one page view (its path through `pageViewPath`). Fire-and-forget: `keepalive` lets the request outlive a page unload,
 * and failures are swallowed because analytics must never disturb the visitor.
 */
export function sendPageView(view: PageView): void {
  try {
    void fetch(PAGE_VIEW_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...view, path: pageViewPath(view.path) }),
      credentials: 'include',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // fetch itself may throw synchronously (e.g. a keepalive body quota); ignore as well.
  }
}
