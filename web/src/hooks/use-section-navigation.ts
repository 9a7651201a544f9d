import { useCallback, useEffect } from 'react';
import { useLocation } from 'wouter';
import { isLandingSearch } from '@/lib/landing-link';
import { useHistoryEntry } from '@/lib/navigation';
import { scrollToSection, scrollToSectionSettled } from '@/lib/scroll-to-section';

/** [home.nav.scroll]: away from `/`, the section scroll waits this long after navigating home. */
export const NAV_SCROLL_DELAY_MS = 100;

/** History state of a navigation to `/` that should end at a section. */
export interface SectionNavigationState {
  scrollToSection?: string;
}

/**
 * Returns `goToSection(id)`: on `/` it smooth-scrolls to the home page section with that id;
 * anywhere else it navigates to `/` first, and the home page scrolls there about
 * NAV_SCROLL_DELAY_MS after it has rendered ([home.nav.scroll]; see
 * `useScrollToRequestedSection`).
 */
export function useSectionNavigation(): (sectionId: string) => void {
  const [pathname, navigate] = useLocation();
  return useCallback(
    (sectionId: string) => {
      if (pathname === '/') {
        scrollToSection(sectionId);
        return;
      }
      const state: SectionNavigationState = { scrollToSection: sectionId };
      navigate('/', { state });
    },
    [navigate, pathname],
  );
}

/**
 * For the home page: after arriving with a section to show (from `useSectionNavigation`, or a
 * `/#gallery` link opened in a new tab, or a dated landing link to the booking section), scrolls to it NAV_SCROLL_DELAY_MS later. The delay is
 * counted from the home page's own render, so a slow route change cannot make it miss, and the
 * section is followed while the page above it still loads (`scrollToSectionSettled`).
 */
export function useScrollToRequestedSection(): void {
  const location = useHistoryEntry();
  useEffect(() => {
    const requested = (location.state as SectionNavigationState | null)?.scrollToSection;
    // A dated landing link ([booking.landing-link]) opens the booking section.
    const target =
      requested ??
      (location.hash ? decodeURIComponent(location.hash.slice(1)) : isLandingSearch(location.search) ? 'booking' : undefined);
    if (!target) return;
    let stopFollowing: (() => void) | undefined;
    const id = window.setTimeout(() => (stopFollowing = scrollToSectionSettled(target)), NAV_SCROLL_DELAY_MS);
    return () => {
      window.clearTimeout(id);
      stopFollowing?.();
    };
  }, [location]);
}
