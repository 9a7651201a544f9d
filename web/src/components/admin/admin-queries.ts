/**
 * The admin data this part of the dashboard reads. Keys are URLs, so invalidating
 * `['/api/reviews']` anywhere refreshes every reader; answers are parsed with their contracts.
 */
import { useQuery } from '@tanstack/react-query';
import { bookingInquiriesResponseSchema, reviewsResponseSchema } from '@ridgeline/core';
import { apiQuery } from '@/lib/api';
import { adminApi } from '@/lib/query-client';

export const BOOKING_INQUIRIES_QUERY_KEY = ['/api/booking-inquiries'] as const;
export const ADMIN_REVIEWS_QUERY_KEY = ['/api/reviews'] as const;

/** `GET /api/booking-inquiries`: every inquiry, newest first. */
export function useBookingInquiries() {
  return useQuery(apiQuery(BOOKING_INQUIRIES_QUERY_KEY[0], bookingInquiriesResponseSchema, adminApi.area));
}

/** `GET /api/reviews` (`{reviews}`), as a list. */
export function useAdminReviews() {
  return useQuery({
    ...apiQuery(ADMIN_REVIEWS_QUERY_KEY[0], reviewsResponseSchema, adminApi.area),
    select: (data) => data.reviews,
  });
}
