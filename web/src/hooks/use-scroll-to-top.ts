import { useEffect } from 'react';
import { useNavigationType, usePathname } from '@/lib/navigation';

/**
 * Starts each newly visited route at the top of the page, as a full page load would. Back and
 * forward (POP) are left to the browser's own scroll restoration.
 */
export function useScrollToTop(): void {
  const pathname = usePathname();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
