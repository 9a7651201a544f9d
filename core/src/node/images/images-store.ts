import {
  CAROUSEL_KEYS,
  LOCATION_IMAGE_KEYS,
  PROPERTY_IMAGE_KEYS,
  isEmptyImagePath,
  type ImageConfig,
  type ImageVariants,
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
 * `variants` lists the responsive files of every uploaded image a slot names ([images.variants]);
 * it is left out while no slot names one.
 * Consumers put the built-in defaults under empty paths (`effectiveImagePath`).
 */
export function getImageConfig(db: Db): ImageConfig {
  const rows = db.prepare('SELECT slot_key, section, path, variants FROM image_slots').all() as {
    slot_key: string;
    section: ImageSection;
    path: string;
    variants: string | null;
  }[];
  const config: ImageConfig = {
    property: Object.fromEntries(PROPERTY_IMAGE_KEYS.map((k) => [k, ''])) as ImageConfig['property'],
    carousel: {},
    location: Object.fromEntries(LOCATION_IMAGE_KEYS.map((k) => [k, ''])) as ImageConfig['location'],
  };
  const variants: Record<string, ImageVariants> = {};
  for (const row of rows) if (row.variants && row.path) variants[row.path] = JSON.parse(row.variants) as ImageVariants;
  if (Object.keys(variants).length > 0) config.variants = variants;
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
 * Points a slot at an image path (the placeholder or '' clears it back to the default), with the
 * responsive files stored for it ([images.variants]; none for a path without).
 * @throws RangeError for an unknown slot key
 */
export function setImageSlot(db: Db, key: string, path: string, now: Date = new Date(), variants?: ImageVariants): void {
  const section = imageSlotSection(key);
  if (!section) throw new RangeError(`Unknown image slot: ${key}`);
  const empty = isEmptyImagePath(path);
  db.prepare(
    `INSERT INTO image_slots (slot_key, section, path, variants, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (slot_key) DO UPDATE SET path = excluded.path, variants = excluded.variants, updated_at = excluded.updated_at`,
  ).run(key, section, empty ? '' : path, !empty && variants ? JSON.stringify(variants) : null, now.toISOString());
}

/**
 * Points a slot at a newly uploaded image ([images.upload], [images.variants]) and tells which
 * upload it replaced, so its files can be removed: the slot's previous path when it was an
 * upload (`/uploads/…`) that differs from `path` and that no other slot names. One transaction.
 * @returns the replaced upload's path, or undefined when there is nothing to remove
 * @throws RangeError for an unknown slot key
 */
export function replaceSlotImage(db: Db, key: string, path: string, variants: ImageVariants | undefined, now: Date = new Date()): string | undefined {
  return db.transaction(() => {
    const previous = (db.prepare('SELECT path FROM image_slots WHERE slot_key = ?').get(key) as { path: string } | undefined)?.path;
    setImageSlot(db, key, path, now, variants);
    if (!previous || previous === path || !previous.startsWith('/uploads/')) return undefined;
    const stillNamed = db.prepare('SELECT 1 FROM image_slots WHERE path = ?').get(previous);
    return stillNamed ? undefined : previous;
  })();
}

/** True when some slot names `path` (an uploaded image's files must then stay). */
export function isImagePathInUse(db: Db, path: string): boolean {
  return db.prepare('SELECT 1 FROM image_slots WHERE path = ?').get(path) !== undefined;
}

/**
 * Stops managing a carousel slot ([images.carousel-slots]: an X removes a slot from management only;
 * the uploaded file stays). @returns false when the slot was not managed
 */
export function removeCarouselSlot(db: Db, key: string): boolean {
  if (imageSlotSection(key) !== 'carousel') throw new RangeError(`Not a carousel slot: ${key}`);
  return db.prepare('DELETE FROM image_slots WHERE slot_key = ?').run(key).changes > 0;
}
