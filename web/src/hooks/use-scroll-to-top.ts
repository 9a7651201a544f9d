import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * Starts each newly visited route at the top of the page, as a full page load would. Back and
 * forward (POP) are left to the browser's own scroll restoration.
 */
export function useScrollToTop(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}
