/**
 * Image slots, built-in defaults and responsive sources ([images.slots], [images.defaults], [images.config]).
 * Browser-safe.
 *
 * The image config maps each slot to an image path. A slot whose path is empty or the
 * placeholder path has no image of its own; the built-in default then shows.
 */

export const PROPERTY_IMAGE_KEYS = ['hero', 'overview', 'aerial', 'entrance', 'kitchen'] as const;
export const LOCATION_IMAGE_KEYS = ['mountains', 'railway', 'golf'] as const;
export type PropertyImageKey = (typeof PROPERTY_IMAGE_KEYS)[number];
export type LocationImageKey = (typeof LOCATION_IMAGE_KEYS)[number];

/** Carousel slots are slide1..slide32 ([images.slots]: admin carousel max 32 slots). */
export const CAROUSEL_SLOT_COUNT = 32;
export type CarouselKey = `slide${number}`;
export const CAROUSEL_KEYS: readonly CarouselKey[] = Array.from(
  { length: CAROUSEL_SLOT_COUNT },
  (_, i) => `slide${i + 1}` as CarouselKey,
);
/** The public Property Showcase shows these 9 slides ([home.carousel]: slide1..slide8 and slide10). */
export const PUBLIC_CAROUSEL_KEYS = [
  'slide1',
  'slide2',
  'slide3',
  'slide4',
  'slide5',
  'slide6',
  'slide7',
  'slide8',
  'slide10',
] as const satisfies readonly CarouselKey[];

/** A path that counts as "no image" ([images.config]). */
export const PLACEHOLDER_IMAGE_PATH = '/placeholder.svg';

export interface ImageConfig {
  property: Record<PropertyImageKey, string>;
  carousel: Partial<Record<CarouselKey, string>>;
  location: Record<LocationImageKey, string>;
}

/** True when `path` names no image of its own: missing, blank or the placeholder path. */
export function isEmptyImagePath(path: string | null | undefined): boolean {
  return path == null || path.trim() === '' || path.trim() === PLACEHOLDER_IMAGE_PATH;
}

/** Where the shipped default photos live (web/public/images/defaults). */
export const DEFAULT_IMAGE_DIR = '/images/defaults';
/** Widths (px) each default photo is shipped in; every photo is 3:2. */
export const DEFAULT_IMAGE_WIDTHS = [480, 960, 1600] as const;
export const DEFAULT_IMAGE_ASPECT = 3 / 2;

/** Names of the default photos shipped with the repository, one per slot that has a default. */
export const DEFAULT_IMAGE_NAMES = [
  ...PROPERTY_IMAGE_KEYS,
  ...LOCATION_IMAGE_KEYS,
  'slide1',
  'slide2',
  'slide3',
  'slide4',
  'slide5',
  'slide6',
  'slide7',
  'slide8',
  'slide9',
  'slide10',
] as const;
export type DefaultImageName = (typeof DEFAULT_IMAGE_NAMES)[number];

/** Canonical path of a default photo: its largest JPEG. */
export function defaultImagePath(name: DefaultImageName): string {
  return `${DEFAULT_IMAGE_DIR}/${name}.jpg`;
}

/** Titles and alt texts of the default photos (also used for whatever the owner uploads there). */
export const IMAGE_SLOT_TEXT: Record<DefaultImageName, { title: string; alt: string }> = {
  hero: {
    title: 'Ridgeline at dusk',
    alt: 'The Ridgeline estate at dusk with the Blue Ridge Mountains behind it',
  },
  overview: {
    title: 'Great room',
    alt: 'Great room with a stone fireplace, vaulted ceiling and tall windows',
  },
  aerial: {
    title: 'Aerial view',
    alt: 'Aerial view of the house on its wooded ridge above the valley',
  },
  entrance: { title: 'Entrance', alt: 'Covered front entrance with timber posts and stone steps' },
  kitchen: { title: 'Kitchen', alt: 'Open kitchen with a long island and pendant lights' },
  mountains: {
    title: 'Blue Ridge Mountains',
    alt: 'Layered blue ridges of the mountains at sunset',
  },
  railway: {
    title: 'Blue Ridge Scenic Railway',
    alt: 'A vintage train crossing a bridge over the Toccoa River',
  },
  golf: { title: 'Mountain golf', alt: 'A green fairway between wooded mountain slopes' },
  slide1: { title: 'Sunrise from the deck', alt: 'Sunrise over misty ridges seen from the deck' },
  slide2: { title: 'Stone fireplace', alt: 'Living area around a floor-to-ceiling stone fireplace' },
  slide3: { title: "Chef's kitchen", alt: 'Kitchen island set for breakfast' },
  slide4: { title: 'Primary suite', alt: 'King bed facing a window with a mountain view' },
  slide5: { title: 'Hot tub', alt: 'Hot tub on the deck under a starry sky' },
  slide6: { title: 'Kids gaming room', alt: 'Gaming room with a big screen and bean bags' },
  slide7: { title: 'Pool table', alt: 'Pool table under warm lights in the lower lounge' },
  slide8: { title: 'Outdoor firepit', alt: 'Firepit with chairs in a circle at twilight' },
  slide9: { title: 'Bunk room', alt: 'Bunk room with four beds and quilts' },
  slide10: { title: 'Autumn on the ridge', alt: 'The house among red and orange autumn trees' },
};

/** The config a fresh install starts with: every property and location slot and slide1..slide10. */
export function defaultImageConfig(): ImageConfig {
  const property = Object.fromEntries(
    PROPERTY_IMAGE_KEYS.map((k) => [k, defaultImagePath(k)]),
  ) as Record<PropertyImageKey, string>;
  const location = Object.fromEntries(
    LOCATION_IMAGE_KEYS.map((k) => [k, defaultImagePath(k)]),
  ) as Record<LocationImageKey, string>;
  const carousel: Partial<Record<CarouselKey, string>> = {};
  for (let i = 1; i <= 10; i += 1) carousel[`slide${i}`] = defaultImagePath(`slide${i}` as DefaultImageName);
  return { property, carousel, location };
}

/** `path` if it names an image, else the built-in default for `name`. */
export function effectiveImagePath(path: string | null | undefined, name: DefaultImageName): string {
  return isEmptyImagePath(path) ? defaultImagePath(name) : (path as string).trim();
}

export interface ResponsiveImage {
  /** Fallback `src` (a JPEG). */
  src: string;
  /** Intrinsic size of `src`, so layout reserves the space before the image loads. */
  width: number;
  height: number;
  /** `<source>` elements, best format first; empty when the image has no variants. */
  sources: { type: 'image/avif' | 'image/webp' | 'image/jpeg'; srcSet: string }[];
}

const VARIANT_PATH = /^(\/images\/defaults\/[a-z0-9-]+)\.jpg$/;
const UPLOAD_PATH = /^(\/uploads\/[A-Za-z0-9-]+)\.jpg$/;

/**
 * The `<picture>` sources of an image path. Default photos have AVIF, WebP and JPEG variants at
 * DEFAULT_IMAGE_WIDTHS (`/images/defaults/hero-960.webp`); uploads (`/uploads/NAME.jpg`) have
 * `/uploads/NAME.webp` beside them; other paths are served as they are.
 */
export function responsiveImage(path: string): ResponsiveImage {
  const largest = DEFAULT_IMAGE_WIDTHS[DEFAULT_IMAGE_WIDTHS.length - 1] as number;
  const height = (w: number) => Math.round(w / DEFAULT_IMAGE_ASPECT);
  const upload = UPLOAD_PATH.exec(path);
  if (upload) {
    // Uploads are stored once (long edge <= 2560 px) as WebP with this JPEG beside it.
    return { src: path, width: largest, height: height(largest), sources: [{ type: 'image/webp', srcSet: `${upload[1]}.webp` }] };
  }
  const match = VARIANT_PATH.exec(path);
  if (!match) return { src: path, width: largest, height: height(largest), sources: [] };
  const base = match[1] as string;
  const set = (ext: string) => DEFAULT_IMAGE_WIDTHS.map((w) => `${base}-${w}.${ext} ${w}w`).join(', ');
  return {
    src: `${base}-${DEFAULT_IMAGE_WIDTHS[1]}.jpg`,
    width: DEFAULT_IMAGE_WIDTHS[1],
    height: height(DEFAULT_IMAGE_WIDTHS[1]),
    sources: [
      { type: 'image/avif', srcSet: set('avif') },
      { type: 'image/webp', srcSet: set('webp') },
      { type: 'image/jpeg', srcSet: set('jpg') },
    ],
  };
}

/** Admin display id of a slot ([images.slots]): ID-001..ID-008, carousel slideN as ID-(N+8). */
export function imageSlotDisplayId(key: string): string {
  const fixed = [...PROPERTY_IMAGE_KEYS, ...LOCATION_IMAGE_KEYS] as readonly string[];
  const i = fixed.indexOf(key);
  if (i >= 0) return `ID-${String(i + 1).padStart(3, '0')}`;
  const slide = /^slide(\d+)$/.exec(key);
  if (slide) return `ID-${String(Number(slide[1]) + 8).padStart(3, '0')}`;
  throw new RangeError(`Unknown image slot: ${key}`);
}
