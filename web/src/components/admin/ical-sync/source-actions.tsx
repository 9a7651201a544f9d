/**
 * The per-source calls of the iCal Sync tab ([ical.sources], [ical.panel]) with their toasts (Delete,
 * Test, Sync, Auto-sync toggle).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/hooks/use-toast';
import {
  calendarSourceDeletedResponseSchema,
  calendarSourceSavedResponseSchema,
  connectionTestResponseSchema,
  syncResultResponseSchema,
  type ConnectionTestResponse,
  type SyncResultResponse,
} from '@ridgeline/core';
import { apiSend } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { adminApi } from '@/lib/query-client';
import { serverMessage } from '../api-error';
import { invalidateAvailability } from '../availability/invalidate-availability';
import type { CalendarSource } from './calendar-source';
import { isRateLimited } from './ical-status';
import { calendarSourcesQuery, refreshCalendarPanel } from './ical-queries';
import { RateLimitHint } from './rate-limit-hint';

/** What the results panels show: the outcome and the source it came from. */
export interface TestOutcome {
  sourceName: string;
  result: ConnectionTestResponse;
}
export interface SyncOutcome {
  sourceName: string;
  result: SyncResultResponse;
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

/** Our own API refused the call for too many requests ([ical.rate-limit-hint]). */
const apiRateLimited = (error: Error) => error instanceof ApiError && error.status === 429;

export function useTestSource(source: CalendarSource, onOutcome: (outcome: TestOutcome) => void) {
  return useMutation({
    mutationFn: () => apiSend('POST', `/api/calendar-sources/${source.id}/test`, connectionTestResponseSchema, undefined, adminApi.area),
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
        description: describe('Failed to test calendar connection', apiRateLimited(error)),
      });
    },
  });
}

export function useSyncSource(source: CalendarSource, onOutcome: (outcome: SyncOutcome) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend('POST', `/api/calendar-sources/${source.id}/sync`, syncResultResponseSchema, undefined, adminApi.area),
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
        description: describe('Failed to sync calendar', apiRateLimited(error)),
      });
    },
    // A failed sync is recorded on the source too (its status turns to Error): reload either way.
    onSettled: () => refreshCalendarPanel(queryClient),
  });
}

export function useToggleAutoSync(source: CalendarSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (autoSyncEnabled: boolean) =>
      apiSend('PATCH', `/api/calendar-sources/${source.id}`, calendarSourceSavedResponseSchema, { autoSyncEnabled }, adminApi.area),
    onSuccess: (result, autoSyncEnabled) => {
      const updated = result.source;
      queryClient.setQueryData(calendarSourcesQuery().queryKey, (data) =>
        data ? { ...data, sources: data.sources.map((s) => (s.id === updated.id ? { ...s, ...updated } : s)) } : data,
      );
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

export function useDeleteSource(source: CalendarSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiSend('DELETE', `/api/calendar-sources/${source.id}`, calendarSourceDeletedResponseSchema, undefined, adminApi.area),
    onSuccess: (result) => {
      toast({
        title: 'Calendar Source Deleted',
        description: result.message || `"${source.name}" was deleted; the nights it closed are open again.`,
      });
      void invalidateAvailability(queryClient);
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Failed to Delete',
        description: serverMessage(error) || 'Failed to delete calendar source',
      }),
    onSettled: () => refreshCalendarPanel(queryClient),
  });
}
