import type { MetricStay } from '@ridgeline/core';
import { listBookingInquiries, listStays, type Db } from '@ridgeline/core/node';

/**
 * Every stay with a night in [from, to) as the hosting metrics read it ([insights.occupancy]):
 * the stays list ([stays.list]: occupying bookings, active sources' imports, owner blocks,
 * holds) with each Ridgeline booking attached for its quote snapshot and dates.
 * @param from YYYY-MM-DD, first night
 * @param to YYYY-MM-DD, exclusive
 */
export function readMetricStays(db: Db, from: string, to: string): MetricStay[] {
  const bookings = new Map(listBookingInquiries(db).map((b) => [b.id, b]));
  return listStays(db, from, to).map((s) => ({
    channel: s.channel,
    checkin: s.checkin,
    checkout: s.checkout,
    booking: s.bookingId === null ? null : (bookings.get(s.bookingId) ?? null),
  }));
}
