import { keepPreviousData, useQuery, type QueryFunction } from '@tanstack/react-query';
import { quoteClosedResponseSchema, quoteRefusedResponseSchema, stayQuoteSchema, type QuoteAnswer } from '@ridgeline/core';
import { parseAnswer } from '@/lib/api';
import { apiFetch } from '@/lib/api-client';

export type { QuoteAnswer, StayQuote } from '@ridgeline/core';

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
 * since the calendar was loaded. So is a 400 naming an owner's rule the stay breaks, or a stay
 * that has passed (a landing link's dates, [booking.landing-link]); both carry the nearest stay
 * that can be booked when there is one ([booking.nearest-stay]). Other errors throw with the
 * server's message; an answer off its contract throws `UnexpectedAnswerError`.
 */
export const fetchQuote: QueryFunction<QuoteAnswer> = async ({ queryKey, signal }) => {
  const path = String(queryKey[0]);
  const res = await apiFetch(path, { credentials: 'include', signal });
  if (res.status === 409) {
    const { closedDates, nearest } = await parseAnswer(path, quoteClosedResponseSchema, await res.json().catch(() => undefined));
    return { kind: 'closed', closedDates, ...(nearest ? { nearest } : {}) };
  }
  if (res.status === 400) {
    const refused = quoteRefusedResponseSchema.safeParse(await res.clone().json().catch(() => undefined));
    if (refused.success && (refused.data.rule || refused.data.nearest)) {
      const { error, rule, nearest } = refused.data;
      // Without a rule, the one refusal that comes with a nearest stay is a check-in in the past.
      return { kind: 'refused', message: rule ? `${error}.` : 'These dates have passed.', ...(rule ? { rule } : {}), ...(nearest ? { nearest } : {}) };
    }
  }
  if (!res.ok) throw new Error(await errorText(res));
  return { kind: 'quote', quote: await parseAnswer(path, stayQuoteSchema, await res.json().catch(() => undefined)) };
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
