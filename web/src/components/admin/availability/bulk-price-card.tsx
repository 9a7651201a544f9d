import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { BULK_PRICE_DAYS, bulkPriceRequestSchema, bulkPriceResponseSchema } from '@ridgeline/core';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { firstFieldError } from '@/lib/form-errors';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { serverMessage } from '../api-error';
import { longDate } from './grid-month';
import { invalidateAvailability } from './invalidate-availability';
import { formatDollars, wholeDollarsOrText } from './whole-dollars';
import { useBaseNightlyDollars } from '../settings/settings-queries';

/**
 * The quick bulk price card ([availability.bulk]): one nightly price for the next 30 days
 * from today in the property's zone, each set available and not blocked. Checked with
 * `bulkPriceRequestSchema`, the schema `POST /api/availability/bulk` parses with: text that is not whole
 * dollars toasts "Invalid price"; whole dollars the schema refuses (above its maximum) toast
 * "Update Failed" with the schema's "price: message", the words the server's 400 says.
 */
export function BulkPriceCard() {
  const inputId = useId();
  const hintId = useId();
  const queryClient = useQueryClient();
  // Starts at the base nightly rate ([availability.bulk]) until the owner types.
  const base = useBaseNightlyDollars();
  // One object per base rate: react-hook-form resets the form whenever `values` changes.
  const values = useMemo(() => ({ price: base }), [base]);
  const { register, handleSubmit, getValues } = useForm<z.input<typeof bulkPriceRequestSchema>, unknown, z.output<typeof bulkPriceRequestSchema>>({
    resolver: zodResolver(bulkPriceRequestSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });

  const apply = useMutation({
    mutationFn: (dollars: number) => apiSend('POST', '/api/availability/bulk', bulkPriceResponseSchema, { price: dollars }, adminApi.area),
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

  const onInvalid = (errors: FieldErrors<z.input<typeof bulkPriceRequestSchema>>) => {
    if (typeof getValues('price') !== 'number') {
      toast({
        variant: 'destructive',
        title: 'Invalid price',
        description: 'Enter the nightly price as a whole number of dollars, 0 or more.',
      });
      return;
    }
    toast({ variant: 'destructive', title: 'Update Failed', description: firstFieldError(errors, ['price']) ?? 'Failed to update prices' });
  };
  const onSubmit = handleSubmit(({ price }) => apply.mutate(price), onInvalid);

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>Quick bulk pricing</CardTitle>
        <CardDescription id={hintId}>
          Sets one nightly price for the next {BULK_PRICE_DAYS} days, starting today, and opens them for booking.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid gap-2 sm:w-72">
            <Label htmlFor={inputId}>Nightly rate for the next {BULK_PRICE_DAYS} days ($)</Label>
            <Input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              {...register('price', { setValueAs: wholeDollarsOrText })}
              aria-describedby={hintId}
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
