import { Router } from 'express';
import {
  calendarSourceIdParamsSchema,
  calendarSourcePatchSchema,
  feedRotateRequestSchema,
  newCalendarSourceSchema,
  type AutoSyncStatusResponse,
  type CalendarSourceSavedResponse,
  type CalendarSourcesResponse,
  type ConnectionTestResponse,
  type FeedRotatedResponse,
  type FeedUrlsResponse,
  type MessageResponse,
  type SyncResultResponse,
} from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import {
  addCalendarSource,
  autoSyncStatus,
  calendarSourceById,
  calendarSources,
  changeCalendarSource,
  feedOfToken,
  feedUrls,
  removeCalendarSource,
  rotateFeed,
} from './calendar-sources.js';
import type { CalendarSync } from './calendar-sync.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { CLEANING_RECONCILE_JOB } from '../jobs/job-names.js';

/**
 * Calendar sources and the export feed ([ical.sources], [ical.export]);
 * contracts in `core/src/api/ical.ts`. All admin except the
 * feed itself, which its token opens:
 * - `GET /api/calendar-sources` → `{ success, sources }`
 * - `POST /api/calendar-sources` `{name, icalUrl, platform?}` → 201 `{ success, message, source }`
 * - `DELETE /api/calendar-sources/{id}` → `{ success, message }` (its imported nights reopen)
 * - `PATCH /api/calendar-sources/{id}` `{autoSyncEnabled?, isActive?, name?}` → `{ success, message, source }`
 * - `POST /api/calendar-sources/{id}/test` → `{ success, message, connected, eventsFound, sampleEvents, error }`
 * - `POST /api/calendar-sources/{id}/sync` → `{ success, eventsProcessed, bookingsCreated, message }`
 * - `GET /api/ical/auto-sync/status` → `{ autoSyncEnabled, lastSyncTime }` (legacy status)
 * - `GET /api/calendar/feed` → `{ platformFeedUrl, ownerFeedUrl }`; `POST /api/calendar/feed/rotate`
 *   `{variant: "platform"|"owner"}` → the new URLs
 * - `GET /api/calendar/feed.ics?token=…` → `text/calendar`; 404 for a missing or wrong token.
 */
export function calendarSourceRoutes(deps: AppDeps, sync: CalendarSync): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();
  const find = (id: number) => {
    const source = calendarSourceById(deps, id);
    if (!source) throw new HttpError(404, `No calendar source with id ${id}`, { success: false });
    return source;
  };

  router.get('/api/calendar-sources', admin, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ success: true, sources: calendarSources(deps) } satisfies CalendarSourcesResponse);
  });
  router.post('/api/calendar-sources', admin, (req, res) => {
    const body = parseOr400(newCalendarSourceSchema, req.body);
    const source = addCalendarSource(deps, { name: body.name, icalUrl: body.icalUrl, platform: body.platform });
    // First import right away, in the background: the owner sees its result on the next refresh.
    // syncSource never rejects: every failure is recorded on the source (and logged).
    void sync.syncSource(source);
    res.status(201).json({ success: true, message: `Calendar source "${source.name}" added`, source } satisfies CalendarSourceSavedResponse);
  });
  router.delete('/api/calendar-sources/:id', admin, (req, res) => {
    const source = find(parseOr400(calendarSourceIdParamsSchema, req.params, 'id').id);
    removeCalendarSource(deps, source.id);
    deps.jobs?.trigger(CLEANING_RECONCILE_JOB);
    res.json({ success: true, message: `Calendar source "${source.name}" deleted` } satisfies MessageResponse);
  });
  router.patch('/api/calendar-sources/:id', admin, (req, res) => {
    const { id } = parseOr400(calendarSourceIdParamsSchema, req.params, 'id');
    find(id);
    const patch = parseOr400(calendarSourcePatchSchema, req.body);
    // Undefined only when a concurrent DELETE removed it since `find`: the same 404.
    const source = changeCalendarSource(deps, id, patch) ?? find(id);
    res.json({ success: true, message: 'Calendar source updated', source } satisfies CalendarSourceSavedResponse);
  });
  router.post('/api/calendar-sources/:id/test', admin, async (req, res) => {
    const source = find(parseOr400(calendarSourceIdParamsSchema, req.params, 'id').id);
    const result = await sync.testFeed(source.icalUrl);
    res.json({
      success: result.connected,
      message: result.connected ? `Connected: ${result.eventsFound} event(s) found` : (result.error ?? 'Connection failed'),
      ...result,
    } satisfies ConnectionTestResponse);
  });
  router.post('/api/calendar-sources/:id/sync', admin, async (req, res) => {
    const source = find(parseOr400(calendarSourceIdParamsSchema, req.params, 'id').id);
    res.json((await sync.syncSource(source)) satisfies SyncResultResponse);
  });
  router.get('/api/ical/auto-sync/status', admin, (_req, res) => {
    res.set('Cache-Control', 'no-store').json(autoSyncStatus(deps) satisfies AutoSyncStatusResponse);
  });
  router.get('/api/calendar/feed', admin, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ success: true, ...feedUrls(deps) } satisfies FeedUrlsResponse);
  });
  router.post('/api/calendar/feed/rotate', admin, (req, res) => {
    const { variant } = parseOr400(feedRotateRequestSchema, req.body);
    rotateFeed(deps, variant);
    res.json({ success: true, message: 'Feed address changed: give the new one to the calendars that use it', ...feedUrls(deps) } satisfies FeedRotatedResponse);
  });
  router.get('/api/calendar/feed.ics', (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const feed = feedOfToken(deps, token);
    if (!feed) throw new HttpError(404, 'No such calendar feed');
    res
      .set('Content-Type', 'text/calendar; charset=utf-8')
      .set('Content-Disposition', `inline; filename="ridgeline-${feed.variant}.ics"`)
      .set('Cache-Control', 'no-cache')
      .send(feed.ics);
  });
  return router;
}
