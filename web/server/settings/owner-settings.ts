import { publicListing, type PublicListing, type Settings, type SettingsUpdate } from '@ridgeline/core';
import { getOwnerSettings, updateOwnerSettings, type SettingsUpdateResult } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/** The owner's settings ([settings.fields]: cents, basis points, `YYYY-MM-DD`), the defaults before the first save. */
export function ownerSettings(deps: Pick<AppDeps, 'db'>): Settings {
  return getOwnerSettings(deps.db);
}

/** The county's numbers and the accessibility facts the public pages show ([compliance.numbers], [a11y.facts]). */
export function listing(deps: Pick<AppDeps, 'db'>): PublicListing {
  return publicListing(getOwnerSettings(deps.db));
}

/**
 * Saves any subset of the settings as of the app's clock ([settings.api]); `{ ok: false, field,
 * message }` naming the first bad field (also of cross-field checks), nothing saved.
 */
export function saveOwnerSettings(deps: Pick<AppDeps, 'db' | 'now'>, update: SettingsUpdate): SettingsUpdateResult {
  return updateOwnerSettings(deps.db, update, deps.now?.());
}
