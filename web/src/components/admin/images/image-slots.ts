import {
  CAROUSEL_KEYS,
  CAROUSEL_SLOT_COUNT,
  LOCATION_IMAGE_KEYS,
  PROPERTY_IMAGE_KEYS,
  PUBLIC_CAROUSEL_KEYS,
  effectiveImagePath,
  imageSlotDisplayId,
  isEmptyImagePath,
  type CarouselKey,
  type DefaultImageName,
  type ImageConfig,
  type LocationImageKey,
  type PropertyImageKey,
} from '@ridgeline/core';

/**
 * The owner's image slots ([images.slots], [images.config], [images.carousel-slots]). Pure, so the slot
 * rules are unit-tested without a browser.
 */

export type ImageSection = 'property' | 'location' | 'carousel';

export interface ImageSlot {
  /** The key the upload sends as `imageId`: hero, …, golf, slide1..slide32. */
  key: string;
  section: ImageSection;
  /** ID-001 … ID-040 */
  displayId: string;
  /** Readable name, e.g. "Hero" or "Carousel slide 7". */
  name: string;
  /** The path in the config ('' when the slot has no image of its own). */
  path: string;
  /** What the preview shows; undefined for a carousel slot with no image yet. */
  previewPath: string | undefined;
  /** Slides beyond the first FIXED_SLIDES may be removed from management. */
  removable: boolean;
  /** Carousel only: whether the home page's Property Showcase shows this slide. */
  onWebsite?: boolean;
}

/** The first slides cannot be removed ([images.carousel-slots]). */
export const FIXED_SLIDES = 6;

const FIXED_NAMES: Record<PropertyImageKey | LocationImageKey, string> = {
  hero: 'Hero',
  overview: 'Property overview',
  aerial: 'Aerial view',
  entrance: 'Entrance',
  kitchen: 'Kitchen',
  mountains: 'Blue Ridge Mountains',
  railway: 'Scenic railway',
  golf: 'Golf',
};

/** The number of a carousel key (slide7 → 7); NaN for anything else. */
export function slideNumber(key: string): number {
  const m = /^slide(\d+)$/.exec(key);
  return m ? Number(m[1]) : NaN;
}

function fixedSlot(
  section: 'property' | 'location',
  key: PropertyImageKey | LocationImageKey,
  path: string | undefined,
): ImageSlot {
  const raw = path ?? '';
  return {
    key,
    section,
    displayId: imageSlotDisplayId(key),
    name: FIXED_NAMES[key],
    path: raw,
    // An empty property or location slot shows its built-in default (as the home page does).
    previewPath: effectiveImagePath(raw, key as DefaultImageName),
    removable: false,
  };
}

/** ID-001..ID-005: hero, overview, aerial, entrance, kitchen. */
export function propertySlots(config: ImageConfig | undefined): ImageSlot[] {
  return PROPERTY_IMAGE_KEYS.map((key) => fixedSlot('property', key, config?.property?.[key]));
}

/** ID-006..ID-008: mountains, railway, golf. */
export function locationSlots(config: ImageConfig | undefined): ImageSlot[] {
  return LOCATION_IMAGE_KEYS.map((key) => fixedSlot('location', key, config?.location?.[key]));
}

/** The managed carousel slides (the keys present in the config), in slide order. */
export function carouselSlots(config: ImageConfig | undefined): ImageSlot[] {
  const carousel = config?.carousel ?? {};
  return CAROUSEL_KEYS.filter((key) => typeof carousel[key] === 'string').map((key) => {
    const path = carousel[key] ?? '';
    const n = slideNumber(key);
    return {
      key,
      section: 'carousel' as const,
      displayId: imageSlotDisplayId(key),
      name: `Carousel slide ${n}`,
      path,
      previewPath: isEmptyImagePath(path) ? undefined : path.trim(),
      removable: n > FIXED_SLIDES,
      onWebsite: (PUBLIC_CAROUSEL_KEYS as readonly string[]).includes(key),
    };
  });
}

/** "N/32 uploaded": managed slides that have an image. */
export function uploadedSlideCount(config: ImageConfig | undefined): number {
  return carouselSlots(config).filter((slot) => slot.previewPath !== undefined).length;
}

/** How many more slides can be managed (32 − managed). */
export function slotsLeft(config: ImageConfig | undefined): number {
  return Math.max(0, CAROUSEL_SLOT_COUNT - carouselSlots(config).length);
}

export type AddSlotPlan = { kind: 'add'; key: CarouselKey } | { kind: 'max-reached' } | { kind: 'no-slot' };

/**
 * What Add Carousel Image does ([images.carousel-slots]): the lowest slide not yet managed; "Maximum Limit
 * Reached" once 32 are managed; "No Available Slots" if, below that, no key is free (a config
 * with keys we do not know).
 */
export function planAddSlot(config: ImageConfig | undefined): AddSlotPlan {
  const managed = new Set(carouselSlots(config).map((s) => s.key));
  if (managed.size >= CAROUSEL_SLOT_COUNT) return { kind: 'max-reached' };
  const key = CAROUSEL_KEYS.find((k) => !managed.has(k));
  return key ? { kind: 'add', key } : { kind: 'no-slot' };
}

/** The path with a version query, so a new upload is fetched rather than taken from the cache. */
export function cacheBusted(path: string, version: number): string {
  return `${path}${path.includes('?') ? '&' : '?'}v=${version}`;
}
