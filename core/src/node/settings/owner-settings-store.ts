import { DEFAULT_SETTINGS, mergeSettings, settingsSchema, type Settings, type SettingsUpdate } from '../../settings/schema.js';
import type { Db } from '../platform/database.js';
import { getSetting, getSettingJson, setSetting } from '../platform/settings.js';
import { currentAgreementOwnerText, publishRentalAgreement } from './rental-agreements-store.js';

/** The key of the owner's settings JSON in the `settings` key/value table. */
export const OWNER_SETTINGS_KEY = 'owner_settings';

/**
 * The owner's settings ([settings.fields]): the stored JSON read through the schema, so fields
 * added later take their defaults; the defaults before the first save. A stored value the schema
 * refuses (hand-edited database) is ignored rather than priced from: the defaults are answered.
 */
export function getOwnerSettings(db: Db): Settings {
  // `rentalAgreement` is what the owner wrote of the current version ([agreement.publish]);
  // the published text adds the county's numbers ([compliance.numbers]).
  return { ...storedSettings(db), rentalAgreement: currentAgreementOwnerText(db) ?? '' };
}

/** The settings JSON as stored (its `rentalAgreement` is not used). */
function storedSettings(db: Db): Settings {
  return getSettingJson(db, OWNER_SETTINGS_KEY, settingsSchema, DEFAULT_SETTINGS);
}

export type SettingsUpdateResult = { ok: true; settings: Settings } | { ok: false; field: string; message: string };

/**
 * Applies a partial update ([settings.validation]) to the stored settings and stores the whole
 * object, or changes nothing and names the first bad field (cross-field checks on the result).
 * A `rentalAgreement` different from the current text and not blank is published as the next
 * version in the same transaction ([agreement.publish]). A change of the county's numbers
 * publishes the current words again with the new numbers ([compliance.numbers]), so the text a
 * guest agrees to always carries the numbers of the day.
 */
export function updateOwnerSettings(db: Db, update: SettingsUpdate, now: Date = new Date()): SettingsUpdateResult {
  return db.transaction((): SettingsUpdateResult => {
    const result = mergeSettings(getOwnerSettings(db), update);
    if (!result.success) {
      const issue = result.error.issues[0];
      return { ok: false, field: issue?.path.join('.') || 'body', message: issue?.message ?? 'invalid' };
    }
    // [agreement.publish]: a new non-blank text is the next version; the same text or '' keeps
    // the current one (the Settings form's other saves send ''). Never in the settings JSON.
    const typed = update.rentalAgreement ?? '';
    const words = typed !== '' ? typed : currentAgreementOwnerText(db);
    if (words) publishRentalAgreement(db, words, result.data, now);
    const json = JSON.stringify({ ...result.data, rentalAgreement: '' });
    // Saving what is already stored changes nothing (not even its `updated_at`).
    if (json !== getSetting(db, OWNER_SETTINGS_KEY)) setSetting(db, OWNER_SETTINGS_KEY, json, now);
    return { ok: true, settings: { ...result.data, rentalAgreement: currentAgreementOwnerText(db) ?? '' } };
  }).immediate();
}
