import { DEFAULT_LISTING, type Listing } from '../../listing/listing.js';
import { listingSchema, mergeListing, type ListingUpdate } from '../../listing/listing-schema.js';
import type { Db } from '../platform/database.js';
import { getSettingJson, setSetting } from '../platform/settings.js';

/** The key of the listing's JSON in the `settings` key/value table ([listing.fields]). */
export const LISTING_KEY = 'listing';

/**
 * The stored listing read through the schema, so fields added later take their defaults; the
 * defaults (today's texts, [listing.defaults]) before the first save. A stored value the schema
 * refuses (a hand-edited database) is ignored: the defaults are answered.
 */
export function getListing(db: Db): Listing {
  return getSettingJson(db, LISTING_KEY, listingSchema, DEFAULT_LISTING);
}

export type ListingUpdateResult = { ok: true; listing: Listing } | { ok: false; field: string; message: string };

/**
 * Applies a partial update to the stored listing and stores the whole object ([listing.api]), or
 * changes nothing and names the first bad field (`bedrooms.0.beds.1.count`).
 */
export function updateListing(db: Db, update: ListingUpdate, now: Date = new Date()): ListingUpdateResult {
  const merged = mergeListing(getListing(db), update);
  if (!merged.success) {
    const issue = merged.error.issues[0];
    return { ok: false, field: issue?.path.join('.') ?? '', message: issue?.message ?? 'is not valid' };
  }
  setSetting(db, LISTING_KEY, JSON.stringify(merged.data), now);
  return { ok: true, listing: merged.data };
}
