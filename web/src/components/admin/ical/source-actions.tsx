/**
 * The per-source calls of the iCal Sync tab ([ical.sources], [ical.panel]) with their toasts (Delete,
 * Test, Sync, Auto-sync toggle).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import { adminApi } from '@/lib/query-client';
import { serverMessage } from '../api-error';
import { invalidateAvailability } from '../availability/invalidate-availability';
import type { CalendarSource, CalendarSourcesResponse, ConnectionTestResult, SyncResult } from './calendar-source';
import { isRateLimited } from './ical-status';
import { CALENDAR_SOURCES_QUERY_KEY, refreshCalendarPanel } from './ical-queries';
import { RateLimitHint } from './rate-limit-hint';

/** What the results panels show: the outcome and the source it came from. */
export interface TestOutcome {
  sourceName: string;
  result: ConnectionTestResult;
}
export interface SyncOutcome {
  sourceName: string;
  result: SyncResult;
}

/** A toast body: the message, plus the [ical.rate-limit-hint] hint when the calendar answered 429. */
function describe(message: string, rateLimited: boolean) {
  if (!rateLimited) return message;
  return (
    <span className="grid gap-2">
      <span>{message}</span>
      <RateLimitHint plain />
    </span>
  );
}

/** The words of an error that is not the server's answer (network down, a bug). */
const errorText = (error: Error) => serverMessage(error) ?? error.message;

export function useTestSource(source: CalendarSource, onOutcome: (outcome: TestOutcome) => void) {
  return useMutation({
    mutationFn: async () =>
      (await (await adminApi.request('POST', `/api/calendar-sources/${source.id}/test`)).json()) as ConnectionTestResult,
    onSuccess: (result) => {
      onOutcome({ sourceName: source.name, result });
      const message =
        result.message ||
        (result.connected ? `${result.eventsFound} event(s) found` : (result.error ?? 'Connection failed'));
      if (result.connected) toast({ title: 'Connection Successful', description: message });
      else
        toast({
          variant: 'destructive',
          title: 'Connection Failed',
          description: describe(message, isRateLimited(`${message} ${result.error ?? ''}`)),
        });
    },
    onError: (error) => {
      const detail = errorText(error);
      onOutcome({
        sourceName: source.name,
        result: { success: false, message: detail, connected: false, eventsFound: 0, sampleEvents: [], error: detail },
      });
      toast({
        variant: 'destructive',
        title: 'Test Failed',
        description: describe('Failed to test calendar connection', isRateLimited(error.message)),
      });
    },
  });
}

export function useSyncSource(source: CalendarSource, onOutcome: (outcome: SyncOutcome) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await (await adminApi.request('POST', `/api/calendar-sources/${source.id}/sync`)).json()) as SyncResult,
    onSuccess: (result) => {
      onOutcome({ sourceName: source.name, result });
      if (result.success) {
        toast({ title: 'Sync Successful', description: result.message });
        void invalidateAvailability(queryClient);
      } else {
        toast({
          variant: 'destructive',
          title: 'Sync Failed',
          description: describe(result.message, isRateLimited(result.message)),
        });
      }
    },
    onError: (error) => {
      onOutcome({
        sourceName: source.name,
        result: { success: false, eventsProcessed: 0, bookingsCreated: 0, message: errorText(error) },
      });
      toast({
        variant: 'destructive',
        title: 'Sync Failed',
        description: describe('Failed to sync calendar', isRateLimited(error.message)),
      });
    },
    // A failed sync is recorded on the source too (its status turns to Error): reload either way.
    onSettled: () => refreshCalendarPanel(queryClient),
  });
}

export function useToggleAutoSync(source: CalendarSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (autoSyncEnabled: boolean) => {
      const res = await adminApi.request('PATCH', `/api/calendar-sources/${source.id}`, { autoSyncEnabled });
      const result = (await res.json()) as { success: boolean; message?: string; source?: CalendarSource };
      if (!result.success) throw new Error(result.message ?? 'refused');
      return result;
    },
    onSuccess: (result, autoSyncEnabled) => {
      const updated = result.source;
      if (updated) {
        queryClient.setQueryData<CalendarSourcesResponse>(CALENDAR_SOURCES_QUERY_KEY, (data) =>
          data ? { ...data, sources: data.sources.map((s) => (s.id === updated.id ? { ...s, ...updated } : s)) } : data,
        );
      }
      toast(
        autoSyncEnabled
          ? { title: 'Auto-Sync Enabled', description: `"${source.name}" is read every hour.` }
          : { title: 'Auto-Sync Disabled', description: `"${source.name}" is read only when you press Sync.` },
      );
    },
    onError: () =>
      toast({ variant: 'destructive', title: 'Update Failed', description: 'Failed to update auto-sync setting' }),
    onSettled: () => refreshCalendarPanel(queryClient),
  });
}

/** The server answered the delete with `success: false` and its reason. */
class DeleteRefused extends Error {}

export function useDeleteSource(source: CalendarSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const res = await adminApi.request('DELETE', `/api/calendar-sources/${source.id}`);
      const result = (await res.json()) as { success: boolean; message?: string };
      if (!result.success) throw new DeleteRefused(result.message ?? '');
      return result;
    },
    onSuccess: (result) => {
      toast({
        title: 'Calendar Source Deleted',
        description: result.message ?? `"${source.name}" was deleted; the nights it closed are open again.`,
      });
      void invalidateAvailability(queryClient);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Failed to Delete',
        description: (error instanceof DeleteRefused ? error.message.trim() : serverMessage(error)) || 'Failed to delete calendar source',
      }),
    onSettled: () => refreshCalendarPanel(queryClient),
  });
}
