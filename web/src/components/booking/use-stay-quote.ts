import { keepPreviousData, useQuery, type QueryFunction } from '@tanstack/react-query';
import type { PriceBreakdown } from '@ridgeline/core';
import { apiFetch } from '@/lib/api-client';

/** `GET /api/quote` ([booking.quote]): the server's price of a stay, in cents. */
export interface StayQuote extends Omit<PriceBreakdown, 'nightly'> {
  checkin: string;
  checkout: string;
  guests: number;
  nightly: { date: string; price: number; priceCents?: number }[];
}

export type QuoteAnswer = { kind: 'quote'; quote: StayQuote } | { kind: 'closed'; closedDates: string[] };

/** Path (and query key) of the quote of a stay. */
export function quoteUrl(checkin: string, checkout: string, guests: number): string {
  const query = new URLSearchParams({ checkin, checkout, guests: String(guests) });
  return `/api/quote?${query.toString()}`;
}

/** The `error` text of an error body, or the status text. */
async function errorText(res: Response): Promise<string> {
  const body = (await res.json().catch(() => undefined)) as { error?: unknown } | undefined;
  return typeof body?.error === 'string' ? body.error : res.statusText || `HTTP ${res.status}`;
}

/**
 * Loads a quote. A 409 is an answer, not a failure: the nights it lists were taken (or closed)
 * since the calendar was loaded. Other errors throw with the server's message.
 */
export const fetchQuote: QueryFunction<QuoteAnswer> = async ({ queryKey, signal }) => {
  const res = await apiFetch(String(queryKey[0]), { credentials: 'include', signal });
  if (res.status === 409) {
    const body = (await res.json().catch(() => ({}))) as { closedDates?: unknown };
    const closedDates = Array.isArray(body.closedDates) ? body.closedDates.filter((d): d is string => typeof d === 'string') : [];
    return { kind: 'closed', closedDates };
  }
  if (!res.ok) throw new Error(await errorText(res));
  return { kind: 'quote', quote: (await res.json()) as StayQuote };
};

/** The dates part of a quote URL (the price does not depend on the number of guests). */
function datesOf(url: unknown): string {
  const query = new URLSearchParams(String(url).split('?')[1] ?? '');
  return `${query.get('checkin')}/${query.get('checkout')}`;
}

/**
 * The price of the chosen stay, refreshed as the dates and guests change. While another guest
 * count loads, the same dates' price stays on screen; new dates show as loading.
 */
export function useStayQuote(stay: { checkin: string; checkout: string; guests: number } | undefined) {
  const url = stay ? quoteUrl(stay.checkin, stay.checkout, stay.guests) : '/api/quote';
  return useQuery({
    queryKey: [url],
    queryFn: fetchQuote,
    enabled: stay !== undefined,
    // A price is only good for a while: ask again when the guest comes back to it.
    staleTime: 60_000,
    placeholderData: (previous, previousQuery) =>
      previousQuery && datesOf(previousQuery.queryKey[0]) === datesOf(url) ? keepPreviousData(previous) : undefined,
  });
}
