import { useQueries } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { publicAvailabilityResponseSchema, type PublicDay } from '@ridgeline/core';
import { apiQuery } from '@/lib/api';
import { monthAvailabilityUrl } from './date-picker-days';
import { DEFAULT_STAY_RULES, type IsBookable, type StayLengthRules } from './stay-selection';

export type { PublicDay } from '@ridgeline/core';

export interface StayAvailability {
  /** The night of `date`, once its month is loaded. */
  day: (date: string) => PublicDay | undefined;
  isBookable: IsBookable;
  /** The owner's minimum and maximum nights ([booking.rules]), the defaults until loaded. */
  rules: StayLengthRules;
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
    })),
  });

  const byDate = new Map<string, PublicDay>();
  for (const result of results) for (const day of result.data?.days ?? []) byDate.set(day.date, day);
  const rules = results.find((r) => r.data?.stayRules)?.data?.stayRules ?? DEFAULT_STAY_RULES;

  const visit = useCallback((month: string) => {
    setMonths((seen) => (seen.includes(month) ? seen : [...seen, month]));
  }, []);

  return {
    day: (date) => byDate.get(date),
    isBookable: (date) => byDate.get(date)?.bookable,
    rules,
    status: (month) => {
      const result = results[months.indexOf(month)];
      if (!result) return { loading: true, error: false, retry: () => visit(month) };
      return { loading: result.isPending, error: result.isError, retry: () => void result.refetch() };
    },
    visit,
  };
}
