import { useQuery } from '@tanstack/react-query';
import { bookingLedgerResponseSchema } from '@ridgeline/core';
import { apiQuery } from '@/lib/api';
import { adminApi } from '@/lib/query-client';

/** The URL (and query key) of a booking's ledger ([money.ledger]). */
export const bookingLedgerPath = (bookingId: number) => `/api/bookings/${bookingId}/ledger`;

/** `GET /api/bookings/:id/ledger` ([money.ledger]), read when `enabled` (the Money section is open). */
export function useBookingLedger(bookingId: number, enabled: boolean) {
  return useQuery({ ...apiQuery(bookingLedgerPath(bookingId), bookingLedgerResponseSchema, adminApi.area), enabled, staleTime: 0 });
}
