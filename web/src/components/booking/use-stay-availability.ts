import { useQueries } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { publicAvailabilityResponseSchema, type PublicAvailabilityResponse, type PublicDay } from '@ridgeline/core';
import { apiQuery } from '@/lib/api';
import { monthAvailabilityUrl } from './calendar-days';
import type { IsBookable } from './stay-selection';

export type { PublicDay } from '@ridgeline/core';

function toDays(data: PublicAvailabilityResponse): PublicDay[] {
  return data.days;
}

export interface StayAvailability {
  /** The night of `date`, once its month is loaded. */
  day: (date: string) => PublicDay | undefined;
  isBookable: IsBookable;
  /** The month `month` shows: loading, failed (with a retry) or loaded. */
  status: (month: string) => { loading: boolean; error: boolean; retry: () => void };
  /** Loads a month's nights (kept while the section is shown). */
  visit: (month: string) => void;
}

/**
 * The public availability of every month the guest has looked at (and the one after the first):
 * kept together, because a stay may run from one month into the next and each of its nights
 * must be known to be bookable.
 */
export function useStayAvailability(initialMonth: string, nextMonth: string): StayAvailability {
  const [months, setMonths] = useState<string[]>(() => [initialMonth, nextMonth]);
  const results = useQueries({
    queries: months.map((month) => ({
      ...apiQuery(monthAvailabilityUrl(month), publicAvailabilityResponseSchema),
      select: toDays,
    })),
  });

  const byDate = new Map<string, PublicDay>();
  for (const result of results) for (const day of result.data ?? []) byDate.set(day.date, day);

  const visit = useCallback((month: string) => {
    setMonths((seen) => (seen.includes(month) ? seen : [...seen, month]));
  }, []);

  return {
    day: (date) => byDate.get(date),
    isBookable: (date) => byDate.get(date)?.bookable,
    status: (month) => {
      const result = results[months.indexOf(month)];
      if (!result) return { loading: true, error: false, retry: () => visit(month) };
      return { loading: result.isPending, error: result.isError, retry: () => void result.refetch() };
    },
    visit,
  };
}
