import { describe, expect, it } from 'vitest';
import { CAROUSEL_KEYS, type ImageConfig } from '@ridgeline/core';
import {
  cacheBusted,
  carouselSlots,
  locationSlots,
  planAddSlot,
  propertySlots,
  slotsLeft,
  uploadedSlideCount,
} from './image-slots';

const base: ImageConfig = {
  property: { hero: '/uploads/hero-abc.jpg', overview: '', aerial: '', entrance: '', kitchen: '' },
  location: { mountains: '', railway: '', golf: '/uploads/golf-1.jpg' },
  carousel: {},
};

function withSlides(slides: Record<string, string>): ImageConfig {
  return { ...base, carousel: slides };
}

describe('fixed slots', () => {
  it('numbers property ID-001..ID-005 and location ID-006..ID-008, defaulting empty paths', () => {
    const property = propertySlots(base);
    expect(property.map((s) => s.displayId)).toEqual(['ID-001', 'ID-002', 'ID-003', 'ID-004', 'ID-005']);
    expect(property[0]).toMatchObject({
      key: 'hero',
      name: 'Hero',
      path: '/uploads/hero-abc.jpg',
      previewPath: '/uploads/hero-abc.jpg',
    });
    expect(property[1]).toMatchObject({ key: 'overview', path: '', previewPath: '/images/defaults/overview.jpg' });
    const location = locationSlots(base);
    expect(location.map((s) => [s.displayId, s.key])).toEqual([
      ['ID-006', 'mountains'],
      ['ID-007', 'railway'],
      ['ID-008', 'golf'],
    ]);
    expect(location.every((s) => !s.removable)).toBe(true);
  });

  it('shows the defaults while the config is loading', () => {
    expect(propertySlots(undefined)[0]?.previewPath).toBe('/images/defaults/hero.jpg');
  });
});

describe('carouselSlots', () => {
  it('lists managed slides in slide order as ID-(N+8), empty ones without a preview', () => {
    const slots = carouselSlots(
      withSlides({
        slide10: '/uploads/s10.jpg',
        slide2: '',
        slide1: '/images/defaults/slide1.jpg',
        slide7: '/placeholder.svg',
      }),
    );
    expect(slots.map((s) => [s.key, s.displayId])).toEqual([
      ['slide1', 'ID-009'],
      ['slide2', 'ID-010'],
      ['slide7', 'ID-015'],
      ['slide10', 'ID-018'],
    ]);
    expect(slots.map((s) => s.previewPath)).toEqual([
      '/images/defaults/slide1.jpg',
      undefined,
      undefined,
      '/uploads/s10.jpg',
    ]);
  });

  it('lets only slides beyond the first 6 be removed', () => {
    const slots = carouselSlots(withSlides({ slide6: '', slide7: '', slide32: '' }));
    expect(slots.map((s) => [s.key, s.removable])).toEqual([
      ['slide6', false],
      ['slide7', true],
      ['slide32', true],
    ]);
  });

  it('counts uploaded slides and slots left', () => {
    const config = withSlides({ slide1: '/a.jpg', slide2: '', slide3: '/placeholder.svg', slide4: '/b.jpg' });
    expect(uploadedSlideCount(config)).toBe(2);
    expect(slotsLeft(config)).toBe(28);
    expect(uploadedSlideCount(undefined)).toBe(0);
  });
});

describe('planAddSlot', () => {
  it('picks the lowest free slide', () => {
    expect(planAddSlot(withSlides({ slide1: '/a.jpg', slide2: '/b.jpg', slide4: '' }))).toEqual({
      kind: 'add',
      key: 'slide3',
    });
    expect(planAddSlot(withSlides({}))).toEqual({ kind: 'add', key: 'slide1' });
  });

  it('reports the maximum once 32 are managed', () => {
    const all = Object.fromEntries(CAROUSEL_KEYS.map((k) => [k, '']));
    expect(planAddSlot(withSlides(all))).toEqual({ kind: 'max-reached' });
    expect(slotsLeft(withSlides(all))).toBe(0);
    const { slide32: _dropped, ...thirtyOne } = all;
    expect(planAddSlot(withSlides(thirtyOne))).toEqual({ kind: 'add', key: 'slide32' });
  });
});

describe('cacheBusted', () => {
  it('appends a version query', () => {
    expect(cacheBusted('/uploads/hero.jpg', 42)).toBe('/uploads/hero.jpg?v=42');
    expect(cacheBusted('/x.jpg?a=1', 42)).toBe('/x.jpg?a=1&v=42');
  });
});
