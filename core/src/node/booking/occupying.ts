/**
 * Which `booking_inquiries` rows occupy their nights ([availability.closed], [stays.list],
 * [cleaning.window], [ical.export]): not cancelled, and paid when the guest booked it themselves
 * (a refund made in Stripe's dashboard alone does not cancel the stay: the owner does). Bookings
 * the owner made (`manual`, `owner`) occupy their nights from the start.
 *
 * An SQL condition on the table's own columns, for `WHERE … AND ${OCCUPYING_BOOKING}`; prefix
 * the columns yourself when joining (`occupyingBooking('b')`).
 */
export function occupyingBooking(alias?: string): string {
  const c = (column: string) => (alias ? `${alias}.${column}` : column);
  return `(${c('cancelled_at')} IS NULL AND (${c('kind')} <> 'direct' OR ${c('payment_status')} IN ('paid', 'partially_refunded', 'refunded')))`;
}

/** `occupyingBooking()` for the table without an alias. */
export const OCCUPYING_BOOKING = occupyingBooking();
