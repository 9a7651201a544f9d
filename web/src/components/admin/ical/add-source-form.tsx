import LoaderCircle from 'lucide-react/icons/loader-circle';
import Plus from 'lucide-react/icons/plus';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { calendarSourceSavedResponseSchema, type NewCalendarSourceRequest } from '@ridgeline/core';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { cn } from '@/lib/utils';
import { serverMessage } from '../api-error';
import { DEFAULT_PLATFORM, PLATFORM_OPTIONS, type Platform } from './calendar-source';
import { refreshCalendarPanel } from './ical-queries';

/** The server starts the first import right after adding; its result is read back after this. */
const FIRST_IMPORT_RECHECK_MS = 3000;

/**
 * Adding a calendar source ([ical.sources]): Name,
 * iCal URL and Platform (Airbnb by default). Blank fields stop at "Missing Information" and send
 * nothing; the server checks the URL.
 */
export function AddSourceForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const nameRef = useRef<HTMLInputElement>(null);
  const urlRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [icalUrl, setIcalUrl] = useState('');
  const [platform, setPlatform] = useState<Platform>(DEFAULT_PLATFORM);
  const [missing, setMissing] = useState({ name: false, icalUrl: false });

  const add = useMutation({
    mutationFn: (body: NewCalendarSourceRequest) => apiSend('POST', '/api/calendar-sources', calendarSourceSavedResponseSchema, body, adminApi.area),
    onSuccess: (result) => {
      toast({ title: 'Calendar Source Added', description: result.message ?? 'The first import has started.' });
      setName('');
      setIcalUrl('');
      setPlatform(DEFAULT_PLATFORM);
      setMissing({ name: false, icalUrl: false });
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const blank = { name: name.trim() === '', icalUrl: icalUrl.trim() === '' };
    setMissing(blank);
    if (blank.name || blank.icalUrl) {
      toast({
        variant: 'destructive',
        title: 'Missing Information',
        description: 'Please enter both name and iCal URL',
      });
      (blank.name ? nameRef : urlRef).current?.focus();
      return;
    }
    add.mutate({ name: name.trim(), icalUrl: icalUrl.trim(), platform });
  };

  const ids = { name: `${id}-name`, url: `${id}-url`, urlHint: `${id}-url-hint`, platform: `${id}-platform` };
  return (
    <div className="@container">
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="Add calendar source"
        className="grid gap-4 rounded-lg border bg-secondary/40 p-4 @xl:grid-cols-[minmax(0,1fr)_minmax(0,1.6fr)] @xl:items-start @4xl:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,11rem)_auto]"
      >
        <div className="grid gap-2">
          <Label htmlFor={ids.name}>Name</Label>
          <Input
            ref={nameRef}
            id={ids.name}
            maxLength={100}
            autoComplete="off"
            placeholder="Airbnb listing"
            value={name}
            aria-invalid={missing.name || undefined}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.url}>iCal URL</Label>
          <Input
            ref={urlRef}
            id={ids.url}
            type="url"
            inputMode="url"
            maxLength={2000}
            autoComplete="off"
            spellCheck={false}
            placeholder="https://www.airbnb.com/calendar/ical/….ics"
            value={icalUrl}
            aria-invalid={missing.icalUrl || undefined}
            aria-describedby={ids.urlHint}
            onChange={(e) => setIcalUrl(e.target.value)}
          />
          <p id={ids.urlHint} className="text-xs text-muted-foreground">
            The export link of the platform's calendar, usually ending in .ics (see “Finding the iCal URL” below).
          </p>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.platform}>Platform</Label>
          <select
            id={ids.platform}
            value={platform}
            onChange={(e) => setPlatform(e.target.value as Platform)}
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
