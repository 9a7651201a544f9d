import { Router } from 'express';
import { z } from 'zod';
import { newCalendarSourceSchema } from '@ridgeline/core';
import {
  buildFeed,
  createCalendarSource,
  deleteCalendarSource,
  feedToken,
  feedVariantForToken,
  getCalendarSource,
  listCalendarSources,
  rotateFeedToken,
  updateCalendarSource,
} from '@ridgeline/core/node';
import { requireSession } from '../auth/sessions.js';
import type { CalendarSync } from '../calendar/calendar-sync.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { CLEANING_RECONCILE_JOB } from '../jobs/job-names.js';

const idParam = z.object({ id: z.coerce.number({ message: 'must be a source id' }).int('must be a source id').positive('must be a source id').max(Number.MAX_SAFE_INTEGER) });
const patch = z
  .object({
    autoSyncEnabled: z.boolean({ message: 'must be true or false' }).optional(),
    isActive: z.boolean({ message: 'must be true or false' }).optional(),
    name: z.string().trim().min(1, 'is required').max(100, 'is too long').optional(),
  })
  .refine((p) => p.autoSyncEnabled !== undefined || p.isActive !== undefined || p.name !== undefined, { message: 'give autoSyncEnabled, isActive or name', path: ['autoSyncEnabled'] });

/**
 * Calendar sources and the export feed ([ical.sources], [ical.export]; calendar issue §1, §3). All admin except the
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
  const { db, config } = deps;
  const admin = requireSession(deps, 'admin');
  const router = Router();
  const find = (id: number) => {
    const source = getCalendarSource(db, id);
    if (!source) throw new HttpError(404, `No calendar source with id ${id}`, { success: false });
    return source;
  };
  const feedUrls = () => ({
    platformFeedUrl: `${config.publicUrl}/api/calendar/feed.ics?token=${feedToken(db, 'platform')}`,
    ownerFeedUrl: `${config.publicUrl}/api/calendar/feed.ics?token=${feedToken(db, 'owner')}`,
  });

  router.get('/api/calendar-sources', admin, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ success: true, sources: listCalendarSources(db) });
  });
  router.post('/api/calendar-sources', admin, (req, res) => {
    const body = parseOr400(newCalendarSourceSchema, req.body);
    const source = createCalendarSource(db, { name: body.name, icalUrl: body.icalUrl, platform: body.platform }, deps.now?.());
    // First import right away, in the background: the owner sees its result on the next refresh.
    // syncSource never rejects: every failure is recorded on the source (and logged).
    void sync.syncSource(source);
    res.status(201).json({ success: true, message: `Calendar source "${source.name}" added`, source });
  });
  router.delete('/api/calendar-sources/:id', admin, (req, res) => {
    const source = find(parseOr400(idParam, req.params, 'id').id);
    deleteCalendarSource(db, source.id);
    deps.jobs?.trigger(CLEANING_RECONCILE_JOB);
    res.json({ success: true, message: `Calendar source "${source.name}" deleted` });
  });
  router.patch('/api/calendar-sources/:id', admin, (req, res) => {
    const { id } = parseOr400(idParam, req.params, 'id');
    find(id);
    const source = updateCalendarSource(db, id, parseOr400(patch, req.body));
    res.json({ success: true, message: 'Calendar source updated', source });
  });
  router.post('/api/calendar-sources/:id/test', admin, async (req, res) => {
    const source = find(parseOr400(idParam, req.params, 'id').id);
    const result = await sync.testFeed(source.icalUrl);
    res.json({
      success: result.connected,
      message: result.connected ? `Connected: ${result.eventsFound} event(s) found` : (result.error ?? 'Connection failed'),
      ...result,
    });
  });
  router.post('/api/calendar-sources/:id/sync', admin, async (req, res) => {
    const source = find(parseOr400(idParam, req.params, 'id').id);
    res.json(await sync.syncSource(source));
  });
  router.get('/api/ical/auto-sync/status', admin, (_req, res) => {
    const sources = listCalendarSources(db);
    const times = sources.map((s) => s.lastSyncTime).filter((t): t is string => Boolean(t)).sort();
    res.set('Cache-Control', 'no-store').json({ autoSyncEnabled: sources.some((s) => s.isActive && s.autoSyncEnabled), lastSyncTime: times.at(-1) ?? null });
  });
  router.get('/api/calendar/feed', admin, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ success: true, ...feedUrls() });
  });
  router.post('/api/calendar/feed/rotate', admin, (req, res) => {
    const { variant } = parseOr400(z.object({ variant: z.enum(['platform', 'owner'], { message: 'must be platform or owner' }) }), req.body);
    rotateFeedToken(db, variant);
    res.json({ success: true, message: 'Feed address changed: give the new one to the calendars that use it', ...feedUrls() });
  });
  router.get('/api/calendar/feed.ics', (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const variant = token && token.length <= 100 ? feedVariantForToken(db, token) : undefined;
    if (!variant) throw new HttpError(404, 'No such calendar feed');
    res
      .set('Content-Type', 'text/calendar; charset=utf-8')
      .set('Content-Disposition', `inline; filename="ridgeline-${variant}.ics"`)
      .set('Cache-Control', 'no-cache')
      .send(buildFeed(db, variant, new URL(config.publicUrl).hostname, deps.now?.()));
  });
  return router;
}
