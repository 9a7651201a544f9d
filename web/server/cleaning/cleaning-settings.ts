import type { CleaningSettings } from '@ridgeline/core';
import { getCleaningSettings, saveCleaningSettings } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/** The cleaning settings ([cleaning.settings]); before the first save '', true, true, '13:00'. */
export function cleaningSettings(deps: Pick<AppDeps, 'db'>): CleaningSettings {
  return getCleaningSettings(deps.db);
}

/** Saves the cleaning settings as of the app's clock; the settings as saved ([cleaning.settings]). */
export function saveCleaning(deps: Pick<AppDeps, 'db' | 'now'>, settings: CleaningSettings): CleaningSettings {
  return saveCleaningSettings(deps.db, settings, deps.now?.());
}
