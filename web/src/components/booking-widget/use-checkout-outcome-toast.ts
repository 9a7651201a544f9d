import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { pathOf, useHistoryEntry } from '@/lib/navigation';
import { needsNewChoice, readCheckoutOutcome } from './checkout-outcome';

// Navigations already announced (`navigationId`): StrictMode runs effects twice. Back cannot
// repeat it either: the announcement replaces its history entry with one without the outcome.
const announced = new Set<number>();

/**
 * On the home page: shows the toast of a checkout outcome (`/?success=true`, `/?error=…`) once,
 * then cleans the URL (replacing the history entry), moving to the booking section when the
 * guest has to choose again. The toast texts (and the toast store) load only when there is one
 * to show.
 */
export function useCheckoutOutcomeToast(): void {
  const location = useHistoryEntry();
  const [, navigate] = useLocation();
  useEffect(() => {
    const outcome = readCheckoutOutcome(location.search, location.state);
    if (!outcome) return;
    if (!announced.has(location.navigationId)) {
      announced.add(location.navigationId);
      void import('./outcome-toast').then(({ showOutcomeToast }) => showOutcomeToast(outcome));
    }
    const hash = needsNewChoice(outcome) ? '#booking' : location.hash;
    navigate(pathOf({ pathname: location.pathname, hash }), { replace: true, state: null });
  }, [location, navigate]);
}
