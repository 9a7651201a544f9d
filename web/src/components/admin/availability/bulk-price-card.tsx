import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { BULK_PRICE_DAYS } from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { adminApi } from '@/lib/query-client';
import { serverMessage } from '../api-error';
import { longDate } from './calendar-month';
import { invalidateAvailability } from './invalidate-availability';
import { formatDollars, parseWholeDollars } from './whole-dollars';
import { useBaseNightlyDollars } from '../settings/settings-queries';

/** Answer of `POST /api/availability/bulk`. */
interface BulkPriceResponse {
  success: boolean;
  startDate: string;
  endDate: string;
  days: number;
}

/**
 * The quick bulk price card ([availability.bulk]): one nightly price for the next 30 days
 * from today in the property's zone, each set available and not blocked.
 */
export function BulkPriceCard() {
  const inputId = useId();
  const hintId = useId();
  const queryClient = useQueryClient();
  // Starts at the base nightly rate ([availability.bulk]) until the owner types.
  const base = useBaseNightlyDollars();
  const [typed, setPrice] = useState<string>();
  const price = typed ?? String(base);

  const apply = useMutation({
    mutationFn: async (dollars: number) =>
      (await (await adminApi.request('POST', '/api/availability/bulk', { price: dollars })).json()) as BulkPriceResponse,
    onSuccess: (result, dollars) => {
      toast({
        title: `Updated ${result.days} date(s) successfully`,
        description: `${longDate(result.startDate)} to ${longDate(result.endDate)}: ${formatDollars(dollars)} per night, available.`,
      });
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Update Failed',
        description: serverMessage(error) ?? 'Failed to update prices',
      });
    },
    onSettled: () => invalidateAvailability(queryClient),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const dollars = parseWholeDollars(price);
    if (dollars === undefined) {
      toast({
        variant: 'destructive',
        title: 'Invalid price',
        description: 'Enter the nightly price as a whole number of dollars, 0 or more.',
      });
      return;
    }
    apply.mutate(dollars);
  };

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>Quick bulk pricing</CardTitle>
        <CardDescription id={hintId}>
          Sets one nightly price for the next {BULK_PRICE_DAYS} days, starting today, and opens them for booking.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid gap-2 sm:w-72">
            <Label htmlFor={inputId}>Nightly rate for the next {BULK_PRICE_DAYS} days ($)</Label>
            <Input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={price}
              aria-describedby={hintId}
              onChange={(e) => setPrice(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={apply.isPending} className="sm:w-auto">
            {apply.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
            Apply to Next {BULK_PRICE_DAYS} Days
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
