import { useQuery } from '@tanstack/react-query';
import { formatCents, unpaidBalancesResponseSchema } from '@ridgeline/core';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { apiQuery } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { shortDate } from '@/components/booking-widget/date-picker-days';

export const UNPAID_BALANCES_QUERY_KEY = ['/api/bookings/unpaid-balances'] as const;

/**
 * [payments.balance]: the "Balance unpaid" card of the Overview — stays that have begun (or begin
 * today) with their balance still unpaid, for the owner to decide. Nothing is shown while there
 * are none, while loading, or when the list cannot be read (the Bookings tab still has them).
 */
export function UnpaidBalancesCard() {
  const unpaid = useQuery(apiQuery(UNPAID_BALANCES_QUERY_KEY[0], unpaidBalancesResponseSchema, adminApi.area));
  const bookings = unpaid.data?.bookings ?? [];
  if (bookings.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="unpaid-balances-heading" className="mb-4 border-amber-600 bg-amber-50">
      <CardHeader>
        <h3 id="unpaid-balances-heading" className="text-base font-semibold text-navy-900">
          Balance unpaid
        </h3>
        <p className="text-sm text-muted-foreground">These guests have arrived (or arrive today) without paying their balance. Decide with them, or cancel from the Bookings tab.</p>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2 text-sm">
          {bookings.map((b) => (
            <li key={b.id} className="flex flex-wrap justify-between gap-2">
              <span>
                <span className="font-medium text-navy-900">{b.guestName}</span> · {shortDate(b.checkin)} – {shortDate(b.checkout)}
                {b.lastError && <span className="text-muted-foreground"> · last try: {b.lastError.replace(/_/g, ' ')}</span>}
              </span>
              <span className="font-semibold tabular-nums">{formatCents(b.balanceCents)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
