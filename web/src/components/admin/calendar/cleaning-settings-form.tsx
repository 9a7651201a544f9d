import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { DEFAULT_CLEANING_SETTINGS, cleaningSettingsSavedResponseSchema, type CleaningSettings } from '@ridgeline/core';
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

/**
 * The cleaning settings form ([cleaning.settings]): the
 * crew's e-mail, the two switches and Save Settings, disabled while the e-mail is blank or a
 * save is pending. The server validates; its refusal shows as "Update Failed".
 */
export function CleaningSettingsForm({ initial }: CleaningSettingsFormProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(initial.cleaningCrewEmail);
  const [autoCreateEvents, setAutoCreateEvents] = useState(initial.autoCreateEvents);
  const [isActive, setIsActive] = useState(initial.isActive);
  const [fieldError, setFieldError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (body: CleaningSettings) => apiSend('POST', '/api/cleaning-settings', cleaningSettingsSavedResponseSchema, body, adminApi.area),
    onSuccess: (result) => {
      setFieldError(null);
      queryClient.setQueryData(cleaningSettingsQuery().queryKey, { settings: result.settings });
      toast({ title: 'Settings Updated', description: 'Cleaning crew settings have been saved successfully.' });
    },
    onError: (error) => {
      // The server's 400 names the refused field ([api.errors]).
      setFieldError(serverBody(error)?.field === 'cleaningCrewEmail' ? 'Enter the crew’s e-mail address, like crew@example.com.' : null);
      toast({ variant: 'destructive', title: 'Update Failed', description: 'Failed to update cleaning settings. Please try again.' });
    },
  });

  const blank = email.trim() === '';
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blank || save.isPending) return;
    save.mutate({ cleaningCrewEmail: email.trim(), autoCreateEvents, isActive, eventTime: CLEANING_EVENT_TIME });
  };

  const ids = { email: `${id}-email`, hint: `${id}-hint`, error: `${id}-error`, auto: `${id}-auto`, active: `${id}-active` };
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Cleaning settings" className="grid gap-5">
      <div className="grid gap-2 sm:max-w-md">
        <Label htmlFor={ids.email}>Cleaning Crew Email</Label>
        <Input
          id={ids.email}
          type="email"
          autoComplete="email"
          maxLength={254}
          placeholder="crew@example.com"
          value={email}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${ids.hint} ${ids.error}` : ids.hint}
          onChange={(e) => setEmail(e.target.value)}
        />
        <p id={ids.hint} className="text-xs text-muted-foreground">
          Invited to each cleaning (by Google Calendar, or by e-mail with a calendar file).
        </p>
        {fieldError && (
          <p id={ids.error} className="text-sm font-medium text-destructive">
            {fieldError}
          </p>
        )}
      </div>
      <div className="grid gap-4">
        <div className="flex items-center gap-3">
          <Switch id={ids.auto} checked={autoCreateEvents} onCheckedChange={setAutoCreateEvents} />
          <Label htmlFor={ids.auto}>Auto-create calendar events</Label>
        </div>
        <div className="flex items-center gap-3">
          <Switch id={ids.active} checked={isActive} onCheckedChange={setIsActive} />
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
