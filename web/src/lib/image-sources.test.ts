import { PLACEHOLDER_IMAGE_PATH, defaultImageConfig } from '@ridgeline/core';
import { describe, expect, it } from 'vitest';
import { carouselSlides, galleryItems, locationImage, propertyImage } from './image-sources';

describe('gallery items', () => {
  it('are the 6 slots of [home.gallery] with defaults while the config is unknown', () => {
    const items = galleryItems(undefined);
    expect(items.map((i) => i.id)).toEqual([
      'property-hero',
      'property-overview',
      'property-aerial',
      'property-entrance',
      'property-kitchen',
      'location-mountains',
    ]);
    expect(items[0]).toEqual({
      id: 'property-hero',
      src: '/images/defaults/hero.jpg',
      title: 'Ridgeline at dusk',
      alt: 'The Ridgeline estate at dusk with the Blue Ridge Mountains behind it',
    });
  });

  it('take the owner image over the default, and the default for empty or placeholder paths', () => {
    const config = defaultImageConfig();
    config.property.hero = '/uploads/abc.jpg';
    config.property.overview = '';
    config.location.mountains = PLACEHOLDER_IMAGE_PATH;
    const items = galleryItems(config);
    expect(items[0]?.src).toBe('/uploads/abc.jpg');
    expect(items[1]?.src).toBe('/images/defaults/overview.jpg');
    expect(items[5]?.src).toBe('/images/defaults/mountains.jpg');
    expect(propertyImage(config, 'hero')).toBe('/uploads/abc.jpg');
    expect(locationImage(config, 'railway')).toBe('/images/defaults/railway.jpg');
  });
});

describe('carousel slides', () => {
  it('are slide1..slide8 and slide10 (9 slides)', () => {
    const slides = carouselSlides({});
    expect(slides.map((s) => s.key)).toEqual([
      'slide1',
      'slide2',
      'slide3',
      'slide4',
      'slide5',
      'slide6',
      'slide7',
      'slide8',
      'slide10',
    ]);
    expect(slides[8]).toMatchObject({ src: '/images/defaults/slide10.jpg', title: 'Autumn on the ridge' });
  });

  it('use the configured slide paths', () => {
    const slides = carouselSlides({ carousel: { slide2: '/uploads/two.jpg', slide9: '/uploads/nine.jpg' } });
    expect(slides[1]?.src).toBe('/uploads/two.jpg');
    expect(slides.some((s) => s.src === '/uploads/nine.jpg')).toBe(false);
  });
});
