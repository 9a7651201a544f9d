import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useMemo } from 'react';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { dayStatus, daySettingSchema, type AvailabilityDay, type DaySettingRequest, daySavedResponseSchema } from '@ridgeline/core';
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

type DaySetting = Pick<AvailabilityDay, 'price' | 'isAvailable' | 'isBlocked'>;
/** The panel's fields as typed: `daySettingSchema`'s input. */
type DaySettingValues = z.input<typeof daySettingSchema>;

export interface SelectionPanelProps {
  /** The selected dates, earliest first (at least one). */
  dates: string[];
  /** The first selected day's setting, if it has one; otherwise the defaults pre-fill. */
  firstDay: AvailabilityDay | undefined;
  /** Clear Selection, and after a successful update. */
  onClear: () => void;
}

/** [availability.update]: defaults when a day is selected without data. */

/** "November 21, 2026" or "November 21, 2026 to November 23, 2026". */
function describeDates(dates: string[]): string {
  const first = dates[0] ?? '';
  const last = dates[dates.length - 1] ?? first;
  return first === last ? longDate(first) : `${longDate(first)} to ${longDate(last)}`;
}

/**
 * The panel for the selected dates ([availability.update]): price per night, "Available
 * for booking" and "Block date(s)", then one `PUT /api/availability/{date}` per date, in
 * parallel. Mount it with `key` = the first selected date so a new selection pre-fills afresh.
 * Checked with `daySettingSchema`, the schema `PUT /api/availability/{date}` parses with: a price
 * that is not whole dollars toasts "Invalid price"; whole dollars the schema refuses (above its
 * maximum) toast "Update Failed" with the schema's "price: message", the server's 400 words.
 */
export function SelectionPanel({ dates, firstDay, onClear }: SelectionPanelProps) {
  const priceId = useId();
  const availableId = useId();
  const blockedId = useId();
  const queryClient = useQueryClient();
  // A Not Set day starts at the base nightly rate, available, not blocked ([availability.update]).
  const base = useBaseNightlyDollars();
  // One object per (day, base rate): react-hook-form resets the form whenever `values` changes.
  const initial = useMemo(() => firstDay ?? { price: base, isAvailable: true, isBlocked: false }, [firstDay, base]);
  const values = useMemo(() => ({ price: initial.price, isAvailable: initial.isAvailable, isBlocked: initial.isBlocked }), [initial]);
  const { register, control, handleSubmit, getValues } = useForm<DaySettingValues, unknown, DaySettingRequest>({
    resolver: zodResolver(daySettingSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const isBlocked = useWatch({ control, name: 'isBlocked' });
  const count = dates.length;

  const update = useMutation({
    mutationFn: (setting: DaySetting & { dates: string[] }) =>
      Promise.all(
        setting.dates.map((date) =>
          apiSend(
            'PUT',
            `/api/availability/${date}`,
            daySavedResponseSchema,
            { price: setting.price, isAvailable: setting.isAvailable, isBlocked: setting.isBlocked } satisfies DaySettingRequest,
            adminApi.area,
          ),
        ),
      ),
    onSuccess: (_responses, setting) => {
      toast({
        title: `Updated ${setting.dates.length} date(s) successfully`,
        description: `${describeDates(setting.dates)}: ${dayStatus(setting)}, ${formatDollars(setting.price)} per night.`,
      });
      onClear();
    },
    onError: (error) => {
      toast({
        variant: 'destructive',
        title: 'Update Failed',
        description: serverMessage(error) ?? 'Failed to update the selected dates',
      });
    },
    // Refresh after a failure too: some of the parallel updates may have been saved.
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
  const onSubmit = handleSubmit((setting) => {
    if (count === 0) return invalidPrice();
    update.mutate({ dates, ...setting });
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
        </form>
      </CardContent>
    </Card>
  );
}
