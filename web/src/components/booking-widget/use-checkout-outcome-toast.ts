import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { pathOf, useHistoryEntry } from '@/lib/navigation';
import { needsNewChoice, readCheckoutOutcome, readConfirmedBooking } from './checkout-outcome';

// Navigations already announced (`navigationId`): StrictMode runs effects twice. Back cannot
// repeat it either: the announcement replaces its history entry with one without the outcome.
const announced = new Set<number>();

/**
 * On the home page: shows the toast of a checkout outcome (`/?success=true`, `/?error=…`) once,
 * then cleans the URL (replacing the history entry; a paid booking's `?booking=` and `#stay=`
 * stay), moving to the booking section when the
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
    // A paid booking named in the URL keeps its name, so its confirmation panel survives a reload
    // ([checkout.confirmation-panel]); only the outcome (the toast's cue) goes.
    const confirmed = outcome === 'success' ? readConfirmedBooking(location.search, location.hash) : undefined;
    navigate(pathOf({ pathname: location.pathname, search: confirmed ? `?booking=${confirmed.reference}` : '', hash }), { replace: true, state: null });
  }, [location, navigate]);
}
