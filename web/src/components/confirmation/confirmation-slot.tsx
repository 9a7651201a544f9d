import { Suspense } from 'react';
import { readConfirmedBooking } from '@/components/booking-widget/checkout-outcome';
import { useHydrated } from '@/hooks/use-hydrated';
import { lazyWithQueries } from '@/lib/lazy-with-queries';
import { useHistoryEntry } from '@/lib/navigation';

const BookingConfirmationPanel = lazyWithQueries(() => import('./booking-confirmation-panel'));

/**
 * Where the home page shows a paid booking's confirmation ([checkout.confirmation-panel]): when
 * its URL names one (`?booking={reference}#stay={token}`), after hydration (only the browser
 * knows the fragment), the panel's code loaded only then ([perf.first-load]).
 */
export function ConfirmationSlot() {
  const hydrated = useHydrated();
  const location = useHistoryEntry();
  const confirmed = hydrated ? readConfirmedBooking(location.search, location.hash) : undefined;
  if (!confirmed) return null;
  return (
    <Suspense fallback={null}>
      <BookingConfirmationPanel key={confirmed.stayToken} confirmed={confirmed} />
    </Suspense>
  );
}
