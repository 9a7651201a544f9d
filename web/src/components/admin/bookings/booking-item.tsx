import CalendarArrowDown from 'lucide-react/icons/calendar-arrow-down';
import CalendarArrowUp from 'lucide-react/icons/calendar-arrow-up';
import Globe from 'lucide-react/icons/globe';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import Users from 'lucide-react/icons/users';
import { formatCents, paymentStatusLabel, type Booking } from '@ridgeline/core';
import { formatCalendarDate, formatTimestamp } from '../format';
import { BookingActions } from './booking-actions';
import { BookingAgreementEvidence } from './booking-agreement-evidence';
import { BookingCancelStatus } from './booking-cancel-status';
import { OwnerCancelButton } from './owner-cancel-dialog';
import { ChangeBookingButton } from './change-booking-dialog';
import { DamageDepositPanel } from './damage-deposit-panel';
import { BOOKING_KIND_LABELS, BookingKindBadge } from './booking-kind-badge';
import { BookingDetail } from './booking-detail';
import { BookingHistory } from './booking-history';
import { BookingMoney } from './booking-money';
import { bookingQuote } from './booking-quote';
import { PaymentDetails } from './payment-details';
import { PaymentLinkButton } from './payment-link-button';
import { RequestDecision } from './request-decision';
import { PaymentStatusBadge } from './payment-status-badge';
import { BookingBalance } from './booking-balance';
import { PricingBreakdown } from './pricing-breakdown';

/**
 * Whether the payment status badge says something the kind badge does not: an owner stay's
 * status `not_applicable` reads "Owner stay", as its kind badge does, so it shows once ([bookings.find]).
 */
function statusBadgeAddsWords(booking: Pick<Booking, 'kind' | 'paymentStatus'>): boolean {
  return booking.kind === 'direct' || paymentStatusLabel(booking.paymentStatus) !== BOOKING_KIND_LABELS[booking.kind];
}

/**
 * One booking inquiry in the Bookings tab ([bookings.list]), with the owner's notes when there
 * are some and its support details (IP address, PaymentIntent id) in smaller type ([bookings.find]).
 */
export function BookingItem({ booking }: { booking: Booking }) {
  const name = `${booking.firstName} ${booking.lastName}`.trim();
  const headingId = `booking-${booking.id}-name`;
  const quote = bookingQuote(booking);
  const intentId = booking.stripePaymentIntentId;

  return (
    <article
      id={`booking-${booking.id}`}
      aria-labelledby={headingId}
      className="overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm"
    >
      <header className="flex flex-wrap items-start justify-between gap-3 border-b bg-secondary/40 px-5 py-4">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-semibold leading-tight text-navy-900">
            {name}
          </h3>
          <p className="mt-1 text-xs text-muted-foreground">
            Submitted <time dateTime={booking.createdAt}>{formatTimestamp(booking.createdAt)}</time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <BookingCancelStatus booking={booking} />
          <BookingKindBadge kind={booking.kind} />
          {statusBadgeAddsWords(booking) && <PaymentStatusBadge status={booking.paymentStatus} />}
        </div>
      </header>

      <div className="grid gap-6 p-5 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="space-y-5">
          <dl className="grid grid-cols-2 gap-4 xl:grid-cols-3">
            <BookingDetail label="Email" icon={Mail}>
              {booking.email ? (
                <a href={`mailto:${booking.email}`} className="text-forest-700 underline-offset-4 hover:underline">
                  {booking.email}
                </a>
              ) : (
                // A booking the owner recorded may have no address ([bookings.owner-create]).
                <span className="text-muted-foreground">Not provided</span>
              )}
            </BookingDetail>
            <BookingDetail label="Phone" icon={Phone}>
              {booking.phone ? (
                <a href={`tel:${booking.phone}`} className="text-forest-700 underline-offset-4 hover:underline">
                  {booking.phone}
                </a>
              ) : (
                <span className="text-muted-foreground">Not provided</span>
              )}
            </BookingDetail>
            {booking.location || !booking.ipAddress ? (
              <BookingDetail label="Location" icon={MapPin}>
                {booking.location || <span className="text-muted-foreground">Not provided</span>}
              </BookingDetail>
            ) : (
              <BookingDetail label="IP address" icon={Globe}>
                <span className="font-mono text-xs text-muted-foreground">{booking.ipAddress}</span>
              </BookingDetail>
            )}
            <BookingDetail label="Check-in" icon={CalendarArrowDown}>
              <time dateTime={booking.checkin}>{formatCalendarDate(booking.checkin)}</time>
            </BookingDetail>
            <BookingDetail label="Check-out" icon={CalendarArrowUp}>
              <time dateTime={booking.checkout}>{formatCalendarDate(booking.checkout)}</time>
            </BookingDetail>
            <BookingDetail label="Guests" icon={Users}>
              {booking.guests} {booking.guests === 1 ? 'guest' : 'guests'}
            </BookingDetail>
          </dl>

          {booking.message && (
            <figure>
              <figcaption className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                Message
              </figcaption>
              <blockquote className="mt-1 border-l-4 border-forest-100 pl-3 text-sm italic text-foreground">
                "{booking.message}"
              </blockquote>
            </figure>
          )}
          {booking.specialRequests && (
            <p className="text-sm">
              <span className="font-medium">Special requests: </span>
              {booking.specialRequests}
            </p>
          )}

          {booking.notes && (
            <div>
              <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Notes</p>
              <p className="mt-1 whitespace-pre-line text-sm">{booking.notes}</p>
            </div>
          )}

          {intentId && (
            <div className="rounded-lg border p-3">
              <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Payment intent</p>
              <p className="mt-0.5 break-all font-mono text-xs text-muted-foreground">{intentId}</p>
              <div className="mt-2">
                <PaymentDetails paymentIntentId={intentId} />
              </div>
            </div>
          )}
          <BookingAgreementEvidence booking={booking} />
          <BookingMoney booking={booking} guestName={name} />
          <BookingHistory bookingId={booking.id} guestName={name} />
        </div>

        <section aria-label={`Pricing for ${name}`} className="rounded-lg bg-muted/70 p-4">
          <h4 className="mb-3 text-sm font-semibold text-navy-900">Pricing</h4>
          {booking.kind === 'owner' ? (
            <p className="text-sm text-muted-foreground">Owner stay: nothing to pay.</p>
          ) : quote ? (
            <>
              {/* A two-part stay's PaymentIntent is its deposit: the total is the quote's ([payments.schedule]). */}
              <PricingBreakdown quote={quote} chargedCents={quote.paymentSchedule ? undefined : booking.stripePaymentDetails?.amount} />
              <BookingBalance booking={booking} />
              {booking.kind === 'manual' && <p className="mt-3 text-sm">Paid so far: {formatCents(booking.amountPaidCents)}</p>}
            </>
          ) : (
            <p className="text-sm text-muted-foreground">No nights to price for these dates.</p>
          )}
        </section>
      </div>

      <footer className="grid gap-3 border-t px-5 py-3">
        <RequestDecision booking={booking} />
        <PaymentLinkButton booking={booking} />
        <DamageDepositPanel booking={booking} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <BookingActions bookingId={booking.id} guestName={name} hasPaymentIntent={Boolean(intentId)} />
          <div className="flex flex-wrap gap-2">
            <ChangeBookingButton booking={booking} />
            <OwnerCancelButton booking={booking} />
          </div>
        </div>
      </footer>
    </article>
  );
}
