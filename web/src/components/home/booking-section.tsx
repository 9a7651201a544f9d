import Mail from 'lucide-react/icons/mail';
import { PROPERTY } from '@ridgeline/core';
import { BookStayLink } from '@/components/layout/book-stay-link';
import { Button } from '@/components/ui/button';

/**
 * The booking section (id `booking`, the footer's Book Now target). For now it points to the
 * listing; the availability calendar and live quote arrive with the booking issue.
 */
export function BookingSection() {
  return (
    <section id="booking" aria-labelledby="booking-title" className="py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="surface-dark relative overflow-hidden rounded-3xl bg-forest-800 px-6 py-14 text-center text-white shadow-xl sm:px-12 sm:py-20">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 bottom-0 h-1/2 bg-[radial-gradient(ellipse_at_bottom,rgba(232,169,60,0.25),transparent_70%)]"
          />
          <p className="relative text-xs font-semibold uppercase tracking-[0.2em] text-amber-glow">Reservations</p>
          <h2 id="booking-title" className="relative mt-3 font-display text-3xl font-semibold tracking-tight sm:text-4xl">
            Book your stay
          </h2>
          <p className="relative mx-auto mt-4 max-w-xl text-lg leading-relaxed text-white/85">
            {PROPERTY.bedrooms} bedrooms, {PROPERTY.bathrooms} baths and room for {PROPERTY.sleeps}. Check dates and
            reserve on our listing, or write to us with any question about your trip.
          </p>
          <div className="relative mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <BookStayLink size="lg" />
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/40 bg-transparent text-white hover:bg-white/10 hover:text-white"
            >
              <a href={`mailto:${PROPERTY.contact.email}`}>
                <Mail aria-hidden="true" />
                Email the host
              </a>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
