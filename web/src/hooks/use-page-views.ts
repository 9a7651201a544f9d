import { useEffect, useRef } from 'react';
import { usePathname } from '@/lib/navigation';
import { sendPageView } from '@/lib/page-view';

/**
 * Reports a page view for the first page and for every later route (path) change ([analytics.page-view]).
 * Hash-only or search-only changes are not new pages. The ref keeps React StrictMode's
 * double-run of effects in development from reporting one visit twice.
 */
export function usePageViews(): void {
  const pathname = usePathname();
  const lastReported = useRef<string | null>(null);
  useEffect(() => {
    if (lastReported.current === pathname) return;
    lastReported.current = pathname;
    sendPageView({ path: pathname, referrer: document.referrer });
  }, [pathname]);
}
