import Mail from 'lucide-react/icons/mail';
import { Suspense, useRef } from 'react';
import { bathroomsLabel } from '@ridgeline/core';
import { isLandingSearch } from '@/lib/landing-link';
import { useCheckoutOutcomeToast } from '@/components/booking-widget/use-checkout-outcome-toast';
import { useNearViewport } from '@/components/booking-widget/use-near-viewport';
import { WidgetErrorBoundary } from '@/components/booking-widget/widget-error-boundary';
import { BookStayLink } from '@/components/layout/book-stay-link';
import { buttonVariants } from '@/components/ui/button-variants';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { useHydrated } from '@/hooks/use-hydrated';
import { lazyWithQueries } from '@/lib/lazy-with-queries';
import type { SectionNavigationState } from '@/hooks/use-section-navigation';
import { useHistoryEntry } from '@/lib/navigation';
import { useListing } from '@/lib/public-data';
import { SectionHeading } from './section-heading';

// The calendar, price and form (and the validation they share with the server, and React Query)
// stay out of the home page's first bundle: they load when the section comes near the viewport.
const BookingWidget = lazyWithQueries(() => import('@/components/booking-widget/booking-widget'));

/** Keeps the section's height while its code loads, so nothing jumps when it appears. */
function BookingPlaceholder() {
  return (
    <div aria-busy="true" className="grid min-h-[40rem] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] lg:gap-8">
      <p role="status" className="sr-only">
        Loading the booking calendar…
      </p>
      <div className="rounded-2xl border bg-card p-6">
        <SkeletonBlock className="h-6 w-48" />
        <SkeletonBlock className="mt-6 h-80 w-full" />
      </div>
      <div className="rounded-2xl border bg-card p-6">
        <SkeletonBlock className="h-6 w-32" />
        <SkeletonBlock className="mt-6 h-40 w-full" />
      </div>
    </div>
  );
}

function BookingUnavailable() {
  return (
    <div role="alert" className="rounded-2xl border border-dashed bg-card px-6 py-12 text-center">
      <p className="text-lg font-semibold text-navy-900">The booking calendar could not be loaded.</p>
      <p className="mt-2 text-muted-foreground">Please reload the page, or book through our listing.</p>
    </div>
  );
}

/**
 * The booking section (id `booking`, the footer's Book Now target): availability calendar,
 * guests, the live price and the guest's details, leading to /checkout. It also tells the guest
 * how a checkout ended (`/?success=true` and friends). Book Your Stay still opens the listing.
 * A dated landing link (`/?checkin&checkout&guests`, [booking.landing-link]) loads it at once
 * with that stay chosen.
 */
export function BookingSection() {
  useCheckoutOutcomeToast();
  const ref = useRef<HTMLElement>(null);
  const location = useHistoryEntry();
  // Asked for by a link (Book Now, Plan your stay): load at once, the visitor is on the way.
  // Only the browser knows the #hash: after hydration, so the server's HTML matches.
  const hydrated = useHydrated();
  // A dated landing link ([booking.landing-link]) asks for it too.
  const requested =
    hydrated &&
    (location.hash === '#booking' ||
      (location.state as SectionNavigationState | null)?.scrollToSection === 'booking' ||
      isLandingSearch(location.search));
  const near = useNearViewport(ref) || requested;
  const listing = useListing();

  return (
    <section ref={ref} id="booking" aria-labelledby="booking-title" className="bg-secondary/40 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-end justify-between gap-6">
          <SectionHeading
            id="booking-title"
            eyebrow="Reservations"
            title="Book your stay"
            lead={`Pick your dates, see the full price with taxes and fees, and pay securely by card. ${listing.bedrooms.length} bedrooms, ${bathroomsLabel(listing.bathrooms)} baths, room for ${listing.sleeps}.`}
          />
          <div className="flex flex-wrap gap-3">
            <BookStayLink variant="outline" externalOnly />
            <a href={`mailto:${listing.contactEmail}`} className={buttonVariants({ variant: 'ghost' })}>
              <Mail aria-hidden="true" />
              Email the host
            </a>
          </div>
        </div>
        <div className="mt-10">
          {near ? (
            <WidgetErrorBoundary fallback={<BookingUnavailable />}>
              <Suspense fallback={<BookingPlaceholder />}>
                {/* A new landing link while the page is open: a new widget with that stay. */}
                <BookingWidget key={isLandingSearch(location.search) ? location.search : 'booking'} />
              </Suspense>
            </WidgetErrorBoundary>
          ) : (
            <BookingPlaceholder />
          )}
        </div>
      </div>
    </section>
  );
}
