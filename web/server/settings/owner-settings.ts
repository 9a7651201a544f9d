import { publicListing, type ListingPut, type PublicListing, type Settings, type SettingsUpdate } from '@ridgeline/core';
import { getListing, getOwnerSettings, updateListing, updateOwnerSettings, type SettingsUpdateResult } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/** The owner's settings ([settings.fields]: cents, basis points, `YYYY-MM-DD`), the defaults before the first save. */
export function ownerSettings(deps: Pick<AppDeps, 'db'>): Settings {
  return getOwnerSettings(deps.db);
}

/** What the public pages show of the house ([listing.public]): the listing with the settings' public facts. */
export function listing(deps: Pick<AppDeps, 'db'>): PublicListing {
  return publicListing(getOwnerSettings(deps.db), getListing(deps.db));
}

/**
 * Saves any subset of the listing ([listing.api]) and, when given, the accessibility facts (kept
 * with the settings, [a11y.facts]), in one transaction: both or neither. `{ ok: false, field,
 * message }` names the first bad field, nothing saved.
 */
export function saveListing(
  deps: Pick<AppDeps, 'db' | 'now'>,
  update: ListingPut,
): { ok: true; listing: PublicListing } | { ok: false; field: string; message: string } {
  const { accessibilityFacts, ...fields } = update;
  const now = deps.now?.();
  return deps.db.transaction(() => {
    const saved = updateListing(deps.db, fields, now);
    if (!saved.ok) return saved;
    if (accessibilityFacts !== undefined) {
      const facts = updateOwnerSettings(deps.db, { accessibilityFacts }, now);
      if (!facts.ok) throw new Error(`accessibilityFacts passed the schema but not the settings: ${facts.message}`);
    }
    return { ok: true as const, listing: publicListing(getOwnerSettings(deps.db), saved.listing) };
  })();
}

/**
 * Saves any subset of the settings as of the app's clock ([settings.api]); `{ ok: false, field,
 * message }` naming the first bad field (also of cross-field checks), nothing saved.
 */
export function saveOwnerSettings(deps: Pick<AppDeps, 'db' | 'now'>, update: SettingsUpdate): SettingsUpdateResult {
  return updateOwnerSettings(deps.db, update, deps.now?.());
}
