import type { PageView } from '@ridgeline/core';

/** Where page views go ([analytics.page-view]; body validated by core's `pageViewSchema`). */
export const PAGE_VIEW_ENDPOINT = '/api/analytics/pageview';

/**
 * Reports one page view. Fire-and-forget: `keepalive` lets the request outlive a page unload,
 * and failures are swallowed because analytics must never disturb the visitor.
 */
export function sendPageView(view: PageView): void {
  try {
    void fetch(PAGE_VIEW_ENDPOINT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(view),
      credentials: 'include',
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // fetch itself may throw synchronously (e.g. a keepalive body quota); ignore as well.
  }
}
