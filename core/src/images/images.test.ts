import { describe, expect, it } from 'vitest';
import {
  CAROUSEL_KEYS,
  PLACEHOLDER_IMAGE_PATH,
  defaultImageConfig,
  effectiveImagePath,
  imageSlotDisplayId,
  imageVariantFiles,
  isEmptyImagePath,
  responsiveImage,
  variantWidths,
} from './images.js';

describe('image slots ([images.slots], [images.config])', () => {
  // The public carousel's slides are tested through carouselSlides (web/src/lib/image-sources.test.ts).
  it('has 32 carousel slots, slide1..slide32', () => {
    expect(CAROUSEL_KEYS).toHaveLength(32);
    expect(CAROUSEL_KEYS[0]).toBe('slide1');
    expect(CAROUSEL_KEYS[31]).toBe('slide32');
  });

  it('treats missing, blank and the placeholder path as empty', () => {
    expect(isEmptyImagePath(undefined)).toBe(true);
    expect(isEmptyImagePath(null)).toBe(true);
    expect(isEmptyImagePath('  ')).toBe(true);
    expect(isEmptyImagePath(PLACEHOLDER_IMAGE_PATH)).toBe(true);
    expect(isEmptyImagePath('/uploads/a.webp')).toBe(false);
  });

  it('falls back to the built-in default for an empty path', () => {
    expect(effectiveImagePath(PLACEHOLDER_IMAGE_PATH, 'hero')).toBe('/images/defaults/hero.jpg');
    expect(effectiveImagePath('', 'slide10')).toBe('/images/defaults/slide10.jpg');
    expect(effectiveImagePath('/uploads/x.jpg', 'hero')).toBe('/uploads/x.jpg');
  });

  it('numbers slots ID-001..ID-008 and carousel slides as slide number plus 8', () => {
    expect(imageSlotDisplayId('hero')).toBe('ID-001');
    expect(imageSlotDisplayId('kitchen')).toBe('ID-005');
    expect(imageSlotDisplayId('mountains')).toBe('ID-006');
    expect(imageSlotDisplayId('golf')).toBe('ID-008');
    expect(imageSlotDisplayId('slide1')).toBe('ID-009');
    expect(imageSlotDisplayId('slide32')).toBe('ID-040');
    expect(() => imageSlotDisplayId('nope')).toThrow(RangeError);
  });

  it('starts with every property and location slot and slide1..slide10', () => {
    const config = defaultImageConfig();
    expect(Object.keys(config.property)).toEqual(['hero', 'overview', 'aerial', 'entrance', 'kitchen']);
    expect(Object.keys(config.location)).toEqual(['mountains', 'railway', 'golf']);
    expect(Object.keys(config.carousel)).toHaveLength(10);
  });

  it('gives default photos AVIF, WebP and JPEG sources with width descriptors', () => {
    const img = responsiveImage('/images/defaults/hero.jpg');
    expect(img.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp', 'image/jpeg']);
    expect(img.sources[0]?.srcSet).toBe('/images/defaults/hero-480.avif 480w, /images/defaults/hero-960.avif 960w, /images/defaults/hero-1600.avif 1600w');
    expect(img.width / img.height).toBeCloseTo(1.5, 2);
  });

  it('offers the WebP stored beside an uploaded JPEG', () => {
    expect(responsiveImage('/uploads/hero-ab12.jpg').sources).toEqual([{ type: 'image/webp', srcSet: '/uploads/hero-ab12.webp' }]);
  });

  it('gives an upload with stored variants the same sources as a default photo ([images.variants])', () => {
    const variants = { width: 2560, height: 1707, widths: [480, 960, 1600], formats: ['avif', 'webp', 'jpeg'] } as const;
    const upload = responsiveImage('/uploads/hero-0123456789abcdef.jpg', { ...variants, widths: [...variants.widths], formats: [...variants.formats] });
    const builtIn = responsiveImage('/images/defaults/hero.jpg');
    const shape = (srcSet: string) => srcSet.replace(/\/(uploads|images\/defaults)\/[a-z0-9-]+?-(\d+)\./g, 'NAME-$2.');
    expect(upload.sources.map((s) => ({ type: s.type, srcSet: shape(s.srcSet) }))).toEqual(builtIn.sources.map((s) => ({ type: s.type, srcSet: shape(s.srcSet) })));
    expect(upload.sources[0]?.srcSet).toBe('/uploads/hero-0123456789abcdef-480.avif 480w, /uploads/hero-0123456789abcdef-960.avif 960w, /uploads/hero-0123456789abcdef-1600.avif 1600w');
    expect(upload).toMatchObject({ src: '/uploads/hero-0123456789abcdef.jpg', width: 2560, height: 1707 });
    // Only the formats stored are offered.
    expect(responsiveImage('/uploads/hero-0123456789abcdef.jpg', { width: 640, height: 480, widths: [480, 640], formats: ['webp', 'jpeg'] }).sources).toEqual([
      { type: 'image/webp', srcSet: '/uploads/hero-0123456789abcdef-480.webp 480w, /uploads/hero-0123456789abcdef-640.webp 640w' },
      { type: 'image/jpeg', srcSet: '/uploads/hero-0123456789abcdef-480.jpg 480w, /uploads/hero-0123456789abcdef-640.jpg 640w' },
    ]);
  });

  it('stores the default widths, never enlarging ([images.variants])', () => {
    expect(variantWidths(2560)).toEqual([480, 960, 1600]);
    expect(variantWidths(1600)).toEqual([480, 960, 1600]);
    expect(variantWidths(1000)).toEqual([480, 960, 1000]);
    expect(variantWidths(480)).toEqual([480]);
    expect(variantWidths(96)).toEqual([96]);
    expect(() => imageVariantFiles('/images/defaults/hero.jpg', { widths: [480], formats: ['jpeg'] })).toThrow(RangeError);
  });

  it('serves other paths as they are', () => {
    expect(responsiveImage('/uploads/abc.webp')).toMatchObject({ src: '/uploads/abc.webp', sources: [] });
  });
});
