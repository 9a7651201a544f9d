import { useEffect, type RefObject } from 'react';
import type { AnalyticsEvent } from '@ridgeline/core';
import { sendPageView } from '@/lib/page-view';

/** Funnel events already sent in this page load ([analytics.funnel]: each once per page load). */
const sent = new Set<string>();

/**
 * Sends funnel event `event` once per page load and `key` ([analytics.funnel]) through the
 * page-view endpoint. No cookie, nothing stored in the browser.
 */
export function sendFunnelEvent(event: Exclude<AnalyticsEvent, 'pageview'>, key: string = event, path = window.location.pathname): void {
  if (sent.has(key)) return;
  sent.add(key);
  sendPageView({ path, referrer: '', event });
}

/**
 * Sends `booking-seen` the first time the element scrolls into view ([analytics.funnel]):
 * at least a quarter of it visible. Nothing where IntersectionObserver is missing.
 */
export function useBookingSeenBeacon(ref: RefObject<Element | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined' || sent.has('booking-seen')) return;
    // The page the section is on, even when the report is delivered after leaving it.
    const path = window.location.pathname;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!element.isConnected || !entries.some((entry) => entry.isIntersecting)) return;
        sendFunnelEvent('booking-seen', 'booking-seen', path);
        observer.disconnect();
      },
      { threshold: 0.25 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
}
