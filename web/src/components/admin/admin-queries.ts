/**
 * The admin data this part of the dashboard reads. Keys are URLs, so invalidating
 * `['/api/reviews']` anywhere refreshes every reader; answers are parsed with their contracts.
 */
import { useQuery } from '@tanstack/react-query';
import { bookingInquiriesResponseSchema, paymentsConfigResponseSchema, reviewsResponseSchema, taxReportSchema } from '@ridgeline/core';
import { apiQuery } from '@/lib/api';
import { adminApi } from '@/lib/query-client';

export const BOOKING_INQUIRIES_QUERY_KEY = ['/api/booking-inquiries'] as const;
export const ADMIN_REVIEWS_QUERY_KEY = ['/api/reviews'] as const;

/**
 * `GET /api/payments/config`'s `testMode` ([bookings.test-payment]): true only while the server's
 * Stripe runs on a test key; false while unknown (loading, failed, or a server that does not say).
 */
export function usePaymentsTestMode(): boolean {
  const config = useQuery({ ...apiQuery('/api/payments/config', paymentsConfigResponseSchema, adminApi.area), staleTime: 60_000 });
  return config.data?.testMode === true;
}

/** `GET /api/booking-inquiries`: every inquiry, newest first. */
export function useBookingInquiries() {
  return useQuery(apiQuery(BOOKING_INQUIRIES_QUERY_KEY[0], bookingInquiriesResponseSchema, adminApi.area));
}

/**
 * `GET /api/reports/tax?year=YYYY` ([reports.tax]): the year's tax report, computed on the server
 * from the stored bookings and imported stays. Read again each time the Reports tab opens: payments
 * and calendar syncs change it without this page knowing.
 */
export function useTaxReport(year: number) {
  return useQuery({ ...apiQuery(`/api/reports/tax?year=${year}`, taxReportSchema, adminApi.area), staleTime: 0 });
}

/** `GET /api/reviews` (`{reviews}`), as a list. */
export function useAdminReviews() {
  return useQuery({
    ...apiQuery(ADMIN_REVIEWS_QUERY_KEY[0], reviewsResponseSchema, adminApi.area),
    select: (data) => data.reviews,
  });
}
