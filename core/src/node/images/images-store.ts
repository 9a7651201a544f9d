import {
  CAROUSEL_KEYS,
  LOCATION_IMAGE_KEYS,
  PROPERTY_IMAGE_KEYS,
  isEmptyImagePath,
  type ImageConfig,
} from '../../images/images.js';
import type { Db } from '../platform/database.js';

export type ImageSection = 'property' | 'carousel' | 'location';

/** The section a slot key belongs to, or undefined for an unknown key. */
export function imageSlotSection(key: string): ImageSection | undefined {
  if ((PROPERTY_IMAGE_KEYS as readonly string[]).includes(key)) return 'property';
  if ((LOCATION_IMAGE_KEYS as readonly string[]).includes(key)) return 'location';
  if ((CAROUSEL_KEYS as readonly string[]).includes(key)) return 'carousel';
  return undefined;
}

/**
 * The image config of [images.config] as stored. Property and location always carry every key (the
 * empty string when a slot has no image of its own); carousel carries the managed slides only.
 * Consumers put the built-in defaults under empty paths (`effectiveImagePath`).
 */
export function getImageConfig(db: Db): ImageConfig {
  const rows = db.prepare('SELECT slot_key, section, path FROM image_slots').all() as {
    slot_key: string;
    section: ImageSection;
    path: string;
  }[];
  const config: ImageConfig = {
    property: Object.fromEntries(PROPERTY_IMAGE_KEYS.map((k) => [k, ''])) as ImageConfig['property'],
    carousel: {},
    location: Object.fromEntries(LOCATION_IMAGE_KEYS.map((k) => [k, ''])) as ImageConfig['location'],
  };
  const byKey = new Map(rows.map((r) => [r.slot_key, r]));
  for (const key of CAROUSEL_KEYS) {
    const row = byKey.get(key);
    if (row) config.carousel[key] = row.path;
  }
  for (const row of rows) {
    if (row.section === 'property') (config.property as Record<string, string>)[row.slot_key] = row.path;
    if (row.section === 'location') (config.location as Record<string, string>)[row.slot_key] = row.path;
  }
  return config;
}

/**
 * Points a slot at an image path (the placeholder or '' clears it back to the default).
 * @throws RangeError for an unknown slot key
 */
export function setImageSlot(db: Db, key: string, path: string, now: Date = new Date()): void {
  const section = imageSlotSection(key);
  if (!section) throw new RangeError(`Unknown image slot: ${key}`);
  db.prepare(
    `INSERT INTO image_slots (slot_key, section, path, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (slot_key) DO UPDATE SET path = excluded.path, updated_at = excluded.updated_at`,
  ).run(key, section, isEmptyImagePath(path) ? '' : path, now.toISOString());
}

/**
 * Stops managing a carousel slot ([images.carousel-slots]: an X removes a slot from management only;
 * the uploaded file stays). @returns false when the slot was not managed
 */
export function removeCarouselSlot(db: Db, key: string): boolean {
  if (imageSlotSection(key) !== 'carousel') throw new RangeError(`Not a carousel slot: ${key}`);
  return db.prepare('DELETE FROM image_slots WHERE slot_key = ?').run(key).changes > 0;
}
