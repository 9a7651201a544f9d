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
  /**
   * The responsive files of each uploaded image, by its path (the path a slot above names):
   * [images.variants]. Paths without an entry (the defaults, uploads stored before variants
   * existed) derive their sources from the path alone. Absent from configs made before it existed.
   */
  variants?: Record<string, ImageVariants>;
}

/** Formats an image is stored in, best first ([images.variants]). */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
const FORMAT_EXTENSION: Record<ImageFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

/**
 * The responsive files of an uploaded image `/uploads/NAME.jpg` ([images.variants]): for each
 * width and format, `/uploads/NAME-{width}.{avif|webp|jpg}` (see `imageVariantFiles`), named
 * like the defaults' `/images/defaults/hero-960.webp`.
 */
export interface ImageVariants {
  /** Intrinsic size of the image at its path (long edge at most 2,560), px; gives its aspect ratio. */
  width: number;
  height: number;
  /** Widths stored, px, ascending: DEFAULT_IMAGE_WIDTHS, or for a narrower image those below its width and its own width. */
  widths: number[];
  /** Formats stored at every width, best first (a subset of IMAGE_FORMATS). */
  formats: ImageFormat[];
}

/**
 * The widths an image `width` px wide is stored in ([images.variants]): the default photos'
 * widths, never enlarged (an image narrower than the largest keeps its own width as the last).
 */
export function variantWidths(width: number): number[] {
  const largest = DEFAULT_IMAGE_WIDTHS[DEFAULT_IMAGE_WIDTHS.length - 1] as number;
  const below = DEFAULT_IMAGE_WIDTHS.filter((w) => w < Math.min(width, largest));
  return [...below, Math.min(width, largest)];
}

/**
 * URL paths of the responsive files of the uploaded image at `path` (`/uploads/NAME.jpg`), with
 * each one's format and width, in `variants.formats` then `variants.widths` order.
 * @throws RangeError when `path` is not an upload's JPEG path
 */
export function imageVariantFiles(path: string, variants: Pick<ImageVariants, 'widths' | 'formats'>): { path: string; format: ImageFormat; width: number }[] {
  const upload = UPLOAD_PATH.exec(path);
  if (!upload) throw new RangeError(`Not an uploaded image's path: ${path}`);
  return variants.formats.flatMap((format) =>
    variants.widths.map((width) => ({ path: `${upload[1]}-${width}.${FORMAT_EXTENSION[format]}`, format, width })),
  );
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
const SOURCE_TYPE: Record<ImageFormat, ResponsiveImage['sources'][number]['type']> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

/**
 * The `<picture>` sources of an image path. Default photos have AVIF, WebP and JPEG variants at
 * DEFAULT_IMAGE_WIDTHS (`/images/defaults/hero-960.webp`). An upload (`/uploads/NAME.jpg`) with
 * `variants` (the image config's entry for it, [images.variants]) has the same sources, one per
 * stored format with a width descriptor per stored width, and its own intrinsic size; without,
 * it has `/uploads/NAME.webp` beside it. Other paths are served as they are.
 * @param variants `config.variants?.[path]`; ignored for paths that are not an upload's JPEG
 */
export function responsiveImage(path: string, variants?: ImageVariants): ResponsiveImage {
  const largest = DEFAULT_IMAGE_WIDTHS[DEFAULT_IMAGE_WIDTHS.length - 1] as number;
  const height = (w: number) => Math.round(w / DEFAULT_IMAGE_ASPECT);
  const upload = UPLOAD_PATH.exec(path);
  if (upload && variants && variants.widths.length > 0 && variants.formats.length > 0) {
    const files = imageVariantFiles(path, variants);
    return {
      src: path,
      width: variants.width,
      height: variants.height,
      sources: variants.formats.map((format) => ({
        type: SOURCE_TYPE[format],
        srcSet: files
          .filter((f) => f.format === format)
          .map((f) => `${f.path} ${f.width}w`)
          .join(', '),
      })),
    };
  }
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
