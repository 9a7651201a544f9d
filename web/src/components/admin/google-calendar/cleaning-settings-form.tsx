import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { DEFAULT_CLEANING_SETTINGS, cleaningSettingsSavedResponseSchema, cleaningSettingsSchema, type CleaningSettings } from '@ridgeline/core';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/hooks/use-toast';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { serverBody } from '../api-error';
import { cleaningSettingsQuery } from './calendar-queries';

/** [cleaning.settings]: the panel sends the event time as 13:00 (the 1:00-5:00 PM window of [cleaning.window]). */
export const CLEANING_EVENT_TIME = DEFAULT_CLEANING_SETTINGS.eventTime;

export interface CleaningSettingsFormProps {
  /** The saved settings the form starts from. */
  initial: CleaningSettings;
}

/** The form's fields as typed: `cleaningSettingsSchema`'s input. */
type CleaningSettingsValues = z.input<typeof cleaningSettingsSchema>;

/** Shown under the e-mail field whenever the schema (here or on the server) refuses it. */
const EMAIL_HINT = 'Enter the crew’s e-mail address, like crew@example.com.';

const UPDATE_FAILED = {
  variant: 'destructive',
  title: 'Update Failed',
  description: 'Failed to update cleaning settings. Please try again.',
} as const;

/**
 * The cleaning settings form ([cleaning.settings]): the
 * crew's e-mail, the two switches and Save Settings, disabled while the e-mail is blank or a
 * save is pending. Checked with `cleaningSettingsSchema`, the schema `POST /api/cleaning-settings`
 * parses with; a refusal, here or by the server, shows as "Update Failed" and marks the e-mail
 * field when it is the e-mail.
 */
export function CleaningSettingsForm({ initial }: CleaningSettingsFormProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CleaningSettingsValues, unknown, CleaningSettings>({
    resolver: zodResolver(cleaningSettingsSchema),
    defaultValues: {
      cleaningCrewEmail: initial.cleaningCrewEmail,
      autoCreateEvents: initial.autoCreateEvents,
      isActive: initial.isActive,
      eventTime: CLEANING_EVENT_TIME,
    },
  });

  const save = useMutation({
    mutationFn: (body: CleaningSettings) => apiSend('POST', '/api/cleaning-settings', cleaningSettingsSavedResponseSchema, body, adminApi.area),
    onSuccess: (result) => {
      queryClient.setQueryData(cleaningSettingsQuery().queryKey, { settings: result.settings });
      toast({ title: 'Settings Updated', description: 'Cleaning crew settings have been saved successfully.' });
    },
    onError: (error) => {
      // The server's 400 names the refused field ([api.errors]).
      if (serverBody(error)?.field === 'cleaningCrewEmail') setError('cleaningCrewEmail', { type: 'server', message: EMAIL_HINT });
      toast(UPDATE_FAILED);
    },
  });

  const blank = useWatch({ control, name: 'cleaningCrewEmail' }).trim() === '';
  const onSubmit = handleSubmit(
    (body) => {
      if (!save.isPending) save.mutate(body);
    },
    () => toast(UPDATE_FAILED),
  );
  const emailError = errors.cleaningCrewEmail ? EMAIL_HINT : null;

  const ids = { email: `${id}-email`, hint: `${id}-hint`, error: `${id}-error`, auto: `${id}-auto`, active: `${id}-active` };
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Cleaning settings" className="grid gap-5">
      <div className="grid gap-2 sm:max-w-md">
        <Label htmlFor={ids.email}>Cleaning Crew Email</Label>
        <Input
          id={ids.email}
          type="email"
          autoComplete="email"
          maxLength={254}
          placeholder="crew@example.com"
          {...register('cleaningCrewEmail')}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? `${ids.hint} ${ids.error}` : ids.hint}
        />
        <p id={ids.hint} className="text-xs text-muted-foreground">
          Invited to each cleaning (by Google Calendar, or by e-mail with a calendar file).
        </p>
        {emailError && (
          <p id={ids.error} className="text-sm font-medium text-destructive">
            {emailError}
          </p>
        )}
      </div>
      <div className="grid gap-4">
        <div className="flex items-center gap-3">
          <Controller
            control={control}
            name="autoCreateEvents"
            render={({ field }) => <Switch id={ids.auto} ref={field.ref} checked={field.value} onCheckedChange={field.onChange} />}
          />
          <Label htmlFor={ids.auto}>Auto-create calendar events</Label>
        </div>
        <div className="flex items-center gap-3">
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => <Switch id={ids.active} ref={field.ref} checked={field.value} onCheckedChange={field.onChange} />}
          />
          <Label htmlFor={ids.active}>Active</Label>
        </div>
      </div>
      <div>
        <Button type="submit" disabled={blank || save.isPending}>
          {save.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          Save Settings
        </Button>
      </div>
    </form>
  );
}
