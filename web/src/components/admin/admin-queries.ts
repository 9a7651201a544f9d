/**
 * The admin data this part of the dashboard reads. Keys are URLs (the default query function
 * GETs `queryKey[0]`), so invalidating `['/api/reviews']` anywhere refreshes every reader.
 */
import { useQuery } from '@tanstack/react-query';
import type { BookingInquiry, Review, TaxReport } from '@ridgeline/core';
import { adminApi } from '@/lib/query-client';

export const BOOKING_INQUIRIES_QUERY_KEY = ['/api/booking-inquiries'] as const;
export const ADMIN_REVIEWS_QUERY_KEY = ['/api/reviews'] as const;

/** `GET /api/booking-inquiries`: every inquiry, newest first. */
export function useBookingInquiries() {
  return useQuery<BookingInquiry[]>({ meta: adminApi.meta, queryKey: BOOKING_INQUIRIES_QUERY_KEY });
}

/**
 * `GET /api/reports/tax?year=YYYY` ([reports.tax]): the year's tax report, computed on the server
 * from the stored bookings and imported stays. Read again each time the Reports tab opens: payments
 * and calendar syncs change it without this page knowing.
 */
export function useTaxReport(year: number) {
  return useQuery<TaxReport>({ meta: adminApi.meta, queryKey: [`/api/reports/tax?year=${year}`], staleTime: 0 });
}

/**
 * `GET /api/reviews` (`{reviews}`), as a list. The Reviews tab shares the key; the list is read
 * from either shape so a reader that caches the bare array does not break this one.
 */
export function useAdminReviews() {
  return useQuery<unknown, Error, Review[]>({
    meta: adminApi.meta,
    queryKey: ADMIN_REVIEWS_QUERY_KEY,
    select: (data) => {
      if (Array.isArray(data)) return data as Review[];
      const reviews = (data as { reviews?: unknown } | undefined)?.reviews;
      return Array.isArray(reviews) ? (reviews as Review[]) : [];
    },
  });
}
