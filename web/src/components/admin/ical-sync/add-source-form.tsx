import LoaderCircle from 'lucide-react/icons/loader-circle';
import Plus from 'lucide-react/icons/plus';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { calendarSourceSavedResponseSchema, newCalendarSourceSchema, type NewCalendarSource } from '@ridgeline/core';
import type { z } from 'zod';
import { FieldError, fieldErrorProps } from '@/components/forms/field-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { firstFieldError } from '@/lib/form-errors';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { cn } from '@/lib/utils';
import { serverMessage } from '../api-error';
import { DEFAULT_PLATFORM, PLATFORM_OPTIONS } from './calendar-source';
import { refreshCalendarPanel } from './ical-queries';

/** The add form's fields as typed: `newCalendarSourceSchema`'s input. */
type SourceFormValues = z.input<typeof newCalendarSourceSchema>;

const EMPTY_SOURCE: SourceFormValues = { name: '', icalUrl: '', platform: DEFAULT_PLATFORM };

/** The server starts the first import right after adding; its result is read back after this. */
const FIRST_IMPORT_RECHECK_MS = 3000;

/**
 * Adding a calendar source ([ical.sources]): Name,
 * iCal URL and Platform (Airbnb by default), checked with `newCalendarSourceSchema`, the schema
 * `POST /api/calendar-sources` parses with. Blank fields stop at "Missing Information" and send
 * nothing; another refusal (a URL that is not http(s)) toasts the schema's "field: message", the
 * words the server's 400 says. The first failed field gets the focus and `aria-invalid`.
 */
export function AddSourceForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    getValues,
    reset,
    formState: { errors },
  } = useForm<SourceFormValues, unknown, NewCalendarSource>({
    resolver: zodResolver(newCalendarSourceSchema),
    defaultValues: EMPTY_SOURCE,
  });

  const add = useMutation({
    mutationFn: (body: NewCalendarSource) => apiSend('POST', '/api/calendar-sources', calendarSourceSavedResponseSchema, body, adminApi.area),
    onSuccess: (result) => {
      toast({ title: 'Calendar Source Added', description: result.message ?? 'The first import has started.' });
      reset(EMPTY_SOURCE);
      void refreshCalendarPanel(queryClient);
      // The first import runs on the server right after adding: show its result soon, not in 30 s.
      setTimeout(() => void refreshCalendarPanel(queryClient), FIRST_IMPORT_RECHECK_MS);
    },
    onError: (error) => {
      const refusal = serverMessage(error);
      if (refusal !== undefined) {
        toast({
          variant: 'destructive',
          title: 'Failed to Add Source',
          description: refusal || 'Failed to add calendar source',
        });
      } else {
        toast({
          variant: 'destructive',
          title: 'Error',
          description: 'An error occurred while adding the calendar source',
        });
      }
    },
  });

  const onInvalid = (fieldErrors: FieldErrors<SourceFormValues>) => {
    const { name, icalUrl } = getValues();
    if (!name.trim() || !icalUrl.trim()) {
      toast({
        variant: 'destructive',
        title: 'Missing Information',
        description: 'Please enter both name and iCal URL',
      });
      return;
    }
    toast({
      variant: 'destructive',
      title: 'Failed to Add Source',
      description: firstFieldError(fieldErrors, Object.keys(newCalendarSourceSchema.shape)) ?? 'Failed to add calendar source',
    });
  };

  const onSubmit = handleSubmit((body) => {
    if (!add.isPending) add.mutate(body);
  }, onInvalid);

  const ids = { name: `${id}-name`, url: `${id}-url`, urlHint: `${id}-url-hint`, platform: `${id}-platform` };
  return (
    <div className="@container">
      <form
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-label="Add calendar source"
        className="grid gap-4 rounded-lg border bg-secondary/40 p-4 @xl:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)] @xl:items-start @4xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,11rem)_auto]"
      >
        <div className="grid gap-2">
          <Label htmlFor={ids.name}>Name</Label>
          <Input
            id={ids.name}
            maxLength={100}
            autoComplete="off"
            placeholder="Airbnb listing"
            {...register('name')}
            {...fieldErrorProps(errors.name, `${ids.name}-error`)}
          />
          <FieldError id={`${ids.name}-error`} label="Name" error={errors.name} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.url}>iCal URL</Label>
          <Input
            id={ids.url}
            type="url"
            inputMode="url"
            maxLength={2000}
            autoComplete="off"
            spellCheck={false}
            placeholder="https://www.airbnb.com/calendar/ical/….ics"
            {...register('icalUrl')}
            {...fieldErrorProps(errors.icalUrl, `${ids.url}-error`, ids.urlHint)}
          />
          <p id={ids.urlHint} className="text-xs text-muted-foreground">
            The export link of the platform's calendar, usually ending in .ics (see “Finding the iCal URL” below).
          </p>
          <FieldError id={`${ids.url}-error`} label="iCal URL" error={errors.icalUrl} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.platform}>Platform</Label>
          <select
            id={ids.platform}
            {...register('platform')}
            className={cn(
              'h-10 w-full rounded-md border border-input bg-card px-3 text-sm shadow-sm',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            )}
          >
            {PLATFORM_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="@xl:mt-[22px]">
          <Button type="submit" disabled={add.isPending} className="w-full @xl:w-auto">
            {add.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Plus aria-hidden="true" />}
            Add Source
          </Button>
        </div>
      </form>
    </div>
  );
}
