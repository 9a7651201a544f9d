/**
 * Which photo shows where on the home page ([home.gallery], [home.carousel], [home.images]; [images.config]).
 * Each slot takes the owner's image from the image config when it has one, else the built-in
 * default; titles and alt texts come from core's IMAGE_SLOT_TEXT.
 */
import {
  IMAGE_SLOT_TEXT,
  PUBLIC_CAROUSEL_KEYS,
  effectiveImagePath,
  type ImageConfig,
  type LocationImageKey,
  type PropertyImageKey,
} from '@ridgeline/core';

/** A gallery item ([home.gallery]). */
export interface GalleryItem {
  id: string;
  src: string;
  alt: string;
  title: string;
}

/** A carousel slide ([home.carousel]). */
export interface CarouselSlide {
  id: string;
  key: (typeof PUBLIC_CAROUSEL_KEYS)[number];
  src: string;
  alt: string;
  title: string;
}

/** The image config as far as it is known: while it loads (or failed) every slot is a default. */
export type PartialImageConfig = Partial<{
  property: Partial<ImageConfig['property']>;
  carousel: ImageConfig['carousel'];
  location: Partial<ImageConfig['location']>;
}>;

/** The 6 gallery photos, in the order [home.gallery] lists the slots. */
const GALLERY_SLOTS = [
  { group: 'property', key: 'hero' },
  { group: 'property', key: 'overview' },
  { group: 'property', key: 'aerial' },
  { group: 'property', key: 'entrance' },
  { group: 'property', key: 'kitchen' },
  { group: 'location', key: 'mountains' },
] as const satisfies readonly (
  | { group: 'property'; key: PropertyImageKey }
  | { group: 'location'; key: LocationImageKey }
)[];

/** Path of a property slot's photo. */
export function propertyImage(config: PartialImageConfig | undefined, key: PropertyImageKey): string {
  return effectiveImagePath(config?.property?.[key], key);
}

/** Path of a location slot's photo. */
export function locationImage(config: PartialImageConfig | undefined, key: LocationImageKey): string {
  return effectiveImagePath(config?.location?.[key], key);
}

/** The gallery's 6 photos. */
export function galleryItems(config: PartialImageConfig | undefined): GalleryItem[] {
  return GALLERY_SLOTS.map(({ group, key }) => ({
    id: `${group}-${key}`,
    src: group === 'property' ? propertyImage(config, key) : locationImage(config, key),
    ...IMAGE_SLOT_TEXT[key],
  }));
}

/** The Property Showcase's 9 slides (slide1..slide8 and slide10). */
export function carouselSlides(config: PartialImageConfig | undefined): CarouselSlide[] {
  return PUBLIC_CAROUSEL_KEYS.map((key) => ({
    id: `carousel-${key}`,
    key,
    src: effectiveImagePath(config?.carousel?.[key], key),
    ...IMAGE_SLOT_TEXT[key],
  }));
}
