import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { dayStatus, daySettingSchema, rangeSavedResponseSchema, type AvailabilityDay, type AvailabilityRangeRequest, type DaySettingRequest, type NightRate } from '@ridgeline/core';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/hooks/use-toast';
import { firstFieldError } from '@/lib/form-errors';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { serverMessage } from '../api-error';
import { longDate } from './grid-month';
import { invalidateAvailability } from './invalidate-availability';
import { formatDollars, wholeDollarsOrText } from './whole-dollars';
import { useBaseNightlyDollars } from '../settings/settings-queries';

/** The panel's fields as typed: `daySettingSchema`'s input. */
type DaySettingValues = z.input<typeof daySettingSchema>;

export interface SelectionPanelProps {
  /** The selected dates, earliest first (at least one). */
  dates: string[];
  /** The first selected day's setting, if it has one; otherwise the defaults pre-fill. */
  firstDay: AvailabilityDay | undefined;
  /** The first selected night's effective price, set or Not Set: what a Not Set day pre-fills. */
  firstRate?: NightRate | undefined;
  /** Clear Selection, and after a successful update. */
  onClear: () => void;
}


/** "November 21, 2026" or "November 21, 2026 to November 23, 2026". */
function describeDates(dates: string[]): string {
  const first = dates[0] ?? '';
  const last = dates[dates.length - 1] ?? first;
  return first === last ? longDate(first) : `${longDate(first)} to ${longDate(last)}`;
}

/** What one range request did, for its toast. */
type RangeAction = { kind: 'update'; dates: string[]; body: AvailabilityRangeRequest } | { kind: 'reset' | 'not-set'; dates: string[]; body: AvailabilityRangeRequest };

/**
 * The panel for the selected dates ([availability.update], [availability.range]): price per
 * night, "Available for booking" and "Block date(s)", then one `PUT /api/availability` for the
 * whole range (one transaction). The price is sent only when the owner changed it, so opening,
 * closing or blocking nights never writes a price ([availability.own-price]). "Reset to default
 * price" clears the nights' own prices; "Set to Not Set" removes their records.
 * Mount it with `key` = the first selected date so a new selection pre-fills afresh.
 * Checked with `daySettingSchema`: a price that is not whole dollars toasts "Invalid price";
 * whole dollars the schema refuses (above its maximum) toast "Update Failed" with the schema's
 * "price: message", the server's 400 words.
 */
export function SelectionPanel({ dates, firstDay, firstRate, onClear }: SelectionPanelProps) {
  const priceId = useId();
  const availableId = useId();
  const blockedId = useId();
  const queryClient = useQueryClient();
  // A Not Set day starts at its effective rate (its season's, the weekend or the base rate),
  // available, not blocked ([availability.update]).
  const base = useBaseNightlyDollars();
  const defaultPrice = Math.round(firstRate?.price ?? base);
  // One object per (day, rate): react-hook-form resets the form whenever `values` changes.
  const initial = useMemo(() => firstDay ?? { price: defaultPrice, isAvailable: true, isBlocked: false }, [firstDay, defaultPrice]);
  const values = useMemo(() => ({ price: Math.round(initial.price), isAvailable: initial.isAvailable, isBlocked: initial.isBlocked }), [initial]);
  const { register, control, handleSubmit, getValues, formState } = useForm<DaySettingValues, unknown, DaySettingRequest>({
    resolver: zodResolver(daySettingSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const isBlocked = useWatch({ control, name: 'isBlocked' });
  const count = dates.length;

  const update = useMutation({
    mutationFn: (action: RangeAction) => apiSend('PUT', '/api/availability', rangeSavedResponseSchema, action.body, adminApi.area),
    onSuccess: (_response, { kind, dates: done, body }) => {
      const n = done.length;
      if (kind === 'reset') toast({ title: `Reset ${n} date(s) to the default price`, description: `${describeDates(done)}: each night takes its season, weekend or base rate.` });
      else if (kind === 'not-set') toast({ title: `Set ${n} date(s) to Not Set`, description: describeDates(done) });
      else {
        const status = dayStatus({ isAvailable: body.isAvailable ?? true, isBlocked: body.isBlocked ?? false });
        const price = body.price !== undefined ? `${formatDollars(body.price)} per night` : 'prices kept';
        toast({ title: `Updated ${n} date(s) successfully`, description: `${describeDates(done)}: ${status}, ${price}.` });
      }
      onClear();
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Update Failed',
        description: serverMessage(error) ?? 'Failed to update the selected dates',
      });
    },
    // Refresh after a failure too: what the grid shows is what the server has.
    onSettled: () => invalidateAvailability(queryClient),
  });

  const invalidPrice = () =>
    toast({
      variant: 'destructive',
      title: 'Invalid price',
      description: 'Please select dates and enter valid price',
    });
  const onInvalid = (errors: FieldErrors<DaySettingValues>) => {
    if (typeof getValues('price') !== 'number') return invalidPrice();
    toast({
      variant: 'destructive',
      title: 'Update Failed',
      description: firstFieldError(errors, Object.keys(daySettingSchema.shape)) ?? 'Failed to update the selected dates',
    });
  };
  const range = { from: dates[0] ?? '', to: dates[dates.length - 1] ?? '' };
  const onSubmit = handleSubmit((setting) => {
    if (count === 0) return invalidPrice();
    // The price only when the owner typed one: a status change keeps each night's price.
    const price = formState.dirtyFields.price ? { price: setting.price } : {};
    update.mutate({ kind: 'update', dates, body: { ...range, isAvailable: setting.isAvailable, isBlocked: setting.isBlocked, ...price } });
  }, onInvalid);

  return (
    <Card aria-labelledby={`${priceId}-title`} role="region">
      <CardHeader className="pb-4">
        <CardTitle id={`${priceId}-title`}>
          {count} {count === 1 ? 'date' : 'dates'} selected
        </CardTitle>
        <CardDescription>{describeDates(dates)}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-5">
          <div className="grid gap-2">
            <Label htmlFor={priceId}>Price per night</Label>
            <div className="relative">
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-sm text-muted-foreground"
              >
                $
              </span>
              <Input
                id={priceId}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
                {...register('price', { setValueAs: wholeDollarsOrText })}
                aria-describedby={`${priceId}-hint`}
                className="pl-7"
              />
            </div>
            <p id={`${priceId}-hint`} className="text-xs text-muted-foreground">
              Whole dollars, 0 or more.
            </p>
          </div>
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor={availableId}>Available for booking</Label>
            <Controller
              control={control}
              name="isAvailable"
              render={({ field }) => <Switch id={availableId} ref={field.ref} checked={field.value} onCheckedChange={field.onChange} />}
            />
          </div>
          <div className="flex items-center justify-between gap-4">
            <Label htmlFor={blockedId}>Block date(s)</Label>
            <Controller
              control={control}
              name="isBlocked"
              render={({ field }) => <Switch id={blockedId} ref={field.ref} checked={field.value} onCheckedChange={field.onChange} />}
            />
          </div>
          {isBlocked && (
            <p className="-mt-2 text-xs text-muted-foreground">
              Blocked dates cannot be booked, whatever “Available for booking” says.
            </p>
          )}
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
              Update {count} Date(s)
            </Button>
            <Button variant="outline" onClick={onClear} disabled={update.isPending}>
              Clear Selection
            </Button>
          </div>
          <div className="grid gap-2 border-t pt-4 sm:grid-cols-2 lg:grid-cols-1">
            <Button
              variant="outline"
              disabled={update.isPending || count === 0}
              onClick={() => update.mutate({ kind: 'reset', dates, body: { ...range, resetPrice: true } })}
            >
              Reset to default price
            </Button>
            <Button
              variant="outline"
              disabled={update.isPending || count === 0}
              onClick={() => update.mutate({ kind: 'not-set', dates, body: { ...range, notSet: true } })}
            >
              Set to Not Set
            </Button>
            <p className="text-xs text-muted-foreground">
              The default price is the night&rsquo;s season, weekend or base rate (Settings). Not Set removes the dates&rsquo; settings.
            </p>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
