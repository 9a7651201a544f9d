import CalendarCheck from 'lucide-react/icons/calendar-check';
import MapPin from 'lucide-react/icons/map-pin';
import { useId, type ReactNode } from 'react';
import { clockTimeText, formatCents, type GuestStay } from '@ridgeline/core';
import { fullDate, guestsText, nightsText } from '@/components/booking-widget/date-picker-days';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/** A card with a heading that names its region. */
export function StaySection({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className={className}>
      <CardHeader>
        <h2 id={titleId} className="text-lg font-semibold leading-tight tracking-tight text-navy-900">
          {title}
        </h2>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium text-navy-900 sm:text-right">{children}</dd>
    </div>
  );
}

/** The stay ([guest.page]): dates with check-in and check-out times, nights, guests, the guest, the address. */
export function StayFacts({ stay }: { stay: GuestStay }) {
  return (
    <StaySection title="Your booking">
      <dl className="grid gap-3 text-sm">
        <Row label="Check-in">
          <time dateTime={stay.checkin}>{fullDate(stay.checkin)}</time>
          <span className="block text-muted-foreground">Check-in from {clockTimeText(stay.checkInTime)}</span>
        </Row>
        <Row label="Check-out">
          <time dateTime={stay.checkout}>{fullDate(stay.checkout)}</time>
          <span className="block text-muted-foreground">Check-out by {clockTimeText(stay.checkOutTime)}</span>
        </Row>
        <Row label="Nights">{nightsText(stay.nights)}</Row>
        <Row label="Guests">{guestsText(stay.guests)}</Row>
        <Row label="Booked by">{`${stay.firstName} ${stay.lastName}`.trim()}</Row>
        <Row label="Booking reference">{stay.reference}</Row>
        {/* [compliance.occupancy] */}
        {stay.house ? <Row label="Maximum occupancy">{`${stay.house.maxOccupancy} persons`}</Row> : null}
        {stay.agreement ? (
          <Row label="Rental agreement">
            <a className="text-forest-700 underline underline-offset-4" href={`/rental-agreement?version=${stay.agreement.version}`} target="_blank" rel="noreferrer">
              Version {stay.agreement.version}
            </a>
            <span className="block text-muted-foreground">Agreed to as “{stay.agreement.signedName}”</span>
          </Row>
        ) : null}
      </dl>
      <p className="mt-5 flex items-start gap-2 text-sm text-navy-900">
        <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-forest-600" />
        <span>
          <span className="sr-only">Address: </span>
          {stay.property.name}, {stay.property.address}
        </span>
      </p>
      <p className="mt-2 text-sm text-muted-foreground">
        Questions? Call <a className="font-medium text-forest-700 underline underline-offset-4" href={`tel:${stay.property.phone.replace(/[^+\d]/g, '')}`}>{stay.property.phone}</a> or write to{' '}
        <a className="font-medium text-forest-700 underline underline-offset-4" href={`mailto:${stay.property.email}`}>
          {stay.property.email}
        </a>
        .
      </p>
      {/* [compliance.contact]: Fannin County requires a local contact reachable 24/7. */}
      {stay.house?.localContact ? (
        <p className="mt-2 text-sm text-navy-900">
          Local contact, 24/7: {stay.house.localContact.name},{' '}
          <a className="font-medium text-forest-700 underline underline-offset-4" href={`tel:${stay.house.localContact.phone.replace(/[^+\d]/g, '')}`}>
            {stay.house.localContact.phone}
          </a>
        </p>
      ) : null}
    </StaySection>
  );
}

/** The receipt ([guest.page]): the stored quote's lines, what was paid and what was refunded. */
export function StayReceipt({ stay }: { stay: GuestStay }) {
  return (
    <StaySection title="Receipt">
      {stay.receipt.length > 0 ? (
        <dl className="grid gap-2 text-sm">
          {stay.receipt.map((line, i) => (
            <div
              key={`${line.label}-${i}`}
              className={cn('flex justify-between gap-4', line.kind === 'subtotal' && 'border-t pt-2 font-medium', line.kind === 'total' && 'border-t pt-3 text-base font-semibold text-navy-900')}
            >
              <dt className={line.kind === 'line' ? 'text-muted-foreground' : undefined}>{line.label}</dt>
              <dd className="tabular-nums">{formatCents(line.cents)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">This booking was arranged with us directly; it has no online receipt.</p>
      )}
      <dl className="mt-4 grid gap-2 border-t pt-4 text-sm">
        <div className="flex justify-between gap-4 font-semibold text-navy-900">
          <dt>Paid</dt>
          <dd className="tabular-nums">{formatCents(stay.amountPaidCents)}</dd>
        </div>
        {stay.refundedCents > 0 && (
          <div className="flex justify-between gap-4 font-semibold text-forest-700">
            <dt>Refunded</dt>
            <dd className="tabular-nums">{formatCents(stay.refundedCents)}</dd>
          </div>
        )}
      </dl>
    </StaySection>
  );
}

/** The stay's dates as a short line for the page's lead: "Friday, December 10, 2026 to …". */
export function StayDatesLead({ stay }: { stay: GuestStay }) {
  return (
    <p className="mt-2 flex items-center gap-2 text-muted-foreground">
      <CalendarCheck aria-hidden="true" className="size-4 shrink-0 text-forest-600" />
      <span>
        {fullDate(stay.checkin)} to {fullDate(stay.checkout)}, {guestsText(stay.guests)}
      </span>
    </p>
  );
}
