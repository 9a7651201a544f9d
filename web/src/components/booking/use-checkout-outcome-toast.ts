import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { toast } from '@/hooks/use-toast';
import { needsNewChoice, readCheckoutOutcome } from './checkout-outcome';

// History entries already announced: StrictMode runs effects twice, and Back must not repeat it.
const announced = new Set<string>();

/**
 * On the home page: shows the toast of a checkout outcome (`/?success=true`, `/?error=…`) once,
 * then cleans the URL (replacing the history entry), moving to the booking section when the
 * guest has to choose again. The toast texts load only when there is one to show.
 */
export function useCheckoutOutcomeToast(): void {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const outcome = readCheckoutOutcome(location.search, location.state);
    if (!outcome) return;
    if (!announced.has(location.key)) {
      announced.add(location.key);
      void import('./outcome-toast').then(({ outcomeToast }) => toast(outcomeToast(outcome)));
    }
    const hash = needsNewChoice(outcome) ? '#booking' : location.hash;
    void navigate({ pathname: location.pathname, search: '', hash }, { replace: true, state: null });
  }, [location, navigate]);
}
