import { Router } from 'express';
import { cleaningSettingsSchema, type CleaningSettingsResponse, type CleaningSettingsSavedResponse } from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { parseOr400 } from '../http/validate.js';
import { CLEANING_RECONCILE_JOB } from '../jobs/job-names.js';
import { cleaningSettings, saveCleaning } from './cleaning-settings.js';

/**
 * Cleaning settings ([cleaning.settings]), admin only:
 * - `GET /api/cleaning-settings` → `{ settings: {cleaningCrewEmail, autoCreateEvents, isActive,
 *   eventTime} }` (defaults before the first save: '', true, true, '13:00');
 * - `POST /api/cleaning-settings` `{cleaningCrewEmail, autoCreateEvents, isActive, eventTime}`
 *   → `{ success: true, settings }`; 400 naming the first bad field, nothing saved. Saving
 *   reconciles the cleaning events in the background (new crew address, switched on…).
 */
export function cleaningSettingsRoutes(deps: AppDeps): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();
  router.get('/api/cleaning-settings', admin, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ settings: cleaningSettings(deps) } satisfies CleaningSettingsResponse);
  });
  router.post('/api/cleaning-settings', admin, (req, res) => {
    const settings = saveCleaning(deps, parseOr400(cleaningSettingsSchema, req.body));
    deps.jobs?.trigger(CLEANING_RECONCILE_JOB);
    res.json({ success: true, settings } satisfies CleaningSettingsSavedResponse);
  });
  return router;
}
