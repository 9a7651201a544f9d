import { describe, expect, it } from 'vitest';
import type { PublishedReview } from '../reviews/reviews.js';
import { DEFAULT_PUBLIC_LISTING, type PublicListing } from './listing.js';
import { listingSchema } from './listing-schema.js';
import { MIN_LISTING_IMAGES, listingGaps, socialCard, vacationRentalJsonLd } from './structured-data.js';

const URL_ = 'https://ridgeline.example';
const images = Array.from({ length: 10 }, (_, i) => `/images/defaults/slide${i + 1}.jpg`);
const review = (over: Partial<PublishedReview>): PublishedReview => ({
  id: 1,
  guestName: 'Ann L.',
  rating: 5,
  title: 'Lovely',
  content: 'We loved the views.',
  stayDate: '2026-06-12',
  stayMonth: '2026-06',
  source: 'direct',
  createdAt: '2026-06-20T12:00:00.000Z',
  ...over,
});

/**
 * The fields Google's vacation rental guidelines require
 * (developers.google.com/search/docs/appearance/structured-data/vacation-rental): containsPlace
 * with occupancy.value, identifier, image (8 or more recommended), latitude, longitude, name.
 */
function expectGoogleRequired(data: Record<string, unknown>) {
  expect(data['@context']).toBe('https://schema.org');
  expect(data['@type']).toContain('VacationRental');
  expect(typeof data.identifier).toBe('string');
  expect(typeof data.name).toBe('string');
  expect(typeof data.latitude).toBe('number');
  expect(typeof data.longitude).toBe('number');
  expect((data.image as string[]).length).toBeGreaterThanOrEqual(MIN_LISTING_IMAGES);
  for (const image of data.image as string[]) expect(image).toMatch(/^https:\/\//);
  const place = data.containsPlace as Record<string, unknown>;
  expect(place['@type']).toBe('Accommodation');
  expect(place.additionalType).toBe('EntirePlace');
  expect(typeof (place.occupancy as { value: unknown }).value).toBe('number');
}

describe('the listing schema ([listing.defaults])', () => {
  it("fills every field with today's texts", () => {
    const { taxCertificateNumber, rentalRegistrationNumber, accessibilityFacts, sleeps, checkInTime, checkOutTime, ...listing } = DEFAULT_PUBLIC_LISTING;
    expect(listingSchema.parse({})).toEqual(listing);
    expect([taxCertificateNumber, rentalRegistrationNumber, accessibilityFacts, sleeps, checkInTime, checkOutTime]).toEqual(['', '', '', 12, '16:00', '10:00']);
  });
});

describe('vacationRentalJsonLd ([listing.structured-data])', () => {
  it("describes a fresh install with Google's required fields, its beds and amenities by Google's names", () => {
    const data = vacationRentalJsonLd({ listing: DEFAULT_PUBLIC_LISTING, publicUrl: URL_, imagePaths: images, reviews: [] });
    expectGoogleRequired(data);
    expect(data).toMatchObject({
      name: 'Ridgeline',
      url: `${URL_}/`,
      checkinTime: '16:00:00',
      checkoutTime: '10:00:00',
      knowsLanguage: ['en'],
      address: { addressLocality: 'Blue Ridge', addressRegion: 'GA', addressCountry: 'US' },
      containsPlace: { numberOfBedrooms: 5, numberOfBathroomsTotal: 3, occupancy: { value: 12 }, floorSize: { value: 3000, unitCode: 'FTK' } },
    });
    const place = data.containsPlace as { bed: { numberOfBeds: number; typeOfBed: string }[]; amenityFeature: { name: string }[] };
    expect(place.bed).toContainEqual({ '@type': 'BedDetails', numberOfBeds: 1, typeOfBed: 'King' });
    expect(place.bed.reduce((n, b) => n + b.numberOfBeds, 0)).toBe(6);
    expect(place.amenityFeature.map((a) => a.name)).toEqual(['wifi', 'Outdoor Firepit', 'kidFriendly', 'Pool Table', 'hotTub', 'Mountain Views']);
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('review');
  });

  it("follows the owner's listing: a new name, a bunk room, half baths, no floor size", () => {
    const listing: PublicListing = {
      ...DEFAULT_PUBLIC_LISTING,
      name: 'Ridgeline Lodge',
      bedrooms: [...DEFAULT_PUBLIC_LISTING.bedrooms, { name: 'Bunk room', beds: [{ type: 'bunk', count: 2 }] }],
      bathrooms: { full: 3, half: 1 },
      squareFeet: null,
    };
    const data = vacationRentalJsonLd({ listing, publicUrl: URL_, imagePaths: images, reviews: [] });
    expect(data.name).toBe('Ridgeline Lodge');
    expect(data.containsPlace).toMatchObject({ numberOfBedrooms: 6, numberOfBathroomsTotal: 4 });
    expect((data.containsPlace as { bed: unknown[] }).bed).toContainEqual({ '@type': 'BedDetails', numberOfBeds: 2, typeOfBed: 'Bunk' });
    expect(data.containsPlace).not.toHaveProperty('floorSize');
  });

  it('rates from every real review, low ones included, and never from demo reviews', () => {
    const reviews = [review({ id: 1, rating: 5 }), review({ id: 2, rating: 2, source: 'airbnb', guestName: 'Bo' }), review({ id: 3, rating: 5, source: 'demo', guestName: 'Demo' })];
    const data = vacationRentalJsonLd({ listing: DEFAULT_PUBLIC_LISTING, publicUrl: URL_, imagePaths: images, reviews });
    expect(data.aggregateRating).toMatchObject({ ratingValue: 3.5, ratingCount: 2, reviewCount: 2, bestRating: 5 });
    const listed = data.review as Record<string, unknown>[];
    expect(listed).toHaveLength(2);
    expect(listed[1]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Bo' },
      datePublished: '2026-06-20',
      contentReferenceTime: '2026-06-12',
      reviewRating: { '@type': 'Rating', ratingValue: 2, bestRating: 5, worstRating: 1 },
      name: 'Lovely',
      reviewBody: 'We loved the views.',
    });
    expect(JSON.stringify(data)).not.toContain('Demo');
  });

  it('holds no field only the owner sees', () => {
    const data = JSON.stringify(vacationRentalJsonLd({ listing: { ...DEFAULT_PUBLIC_LISTING, taxCertificateNumber: 'AET-1' }, publicUrl: URL_, imagePaths: images, reviews: [] }));
    expect(data).not.toMatch(/streetAddress|emergency|localContact|wifi[Pp]assword/);
  });
});

describe('socialCard ([listing.social-card])', () => {
  it("is the name and headline, the description's first paragraph, and the card picture", () => {
    expect(socialCard(DEFAULT_PUBLIC_LISTING, URL_, '/og-image.jpg', 'The house')).toEqual({
      title: 'Ridgeline | A mountain estate above Blue Ridge, Georgia',
      description: expect.stringMatching(/^A 5-bedroom, 3-bath mountain estate .* kids gaming room\.$/),
      image: `${URL_}/og-image.jpg`,
      imageAlt: 'The house',
    });
  });

  it('shortens a long first paragraph at a word, with an ellipsis', () => {
    const card = socialCard({ ...DEFAULT_PUBLIC_LISTING, description: 'word '.repeat(100) }, URL_, '/x.jpg', '');
    expect(card.description.length).toBeLessThanOrEqual(300);
    expect(card.description).toMatch(/word…$/);
  });
});

describe('listingGaps ([listing.check])', () => {
  it("names what a fresh install lacks, each with where to fix it", () => {
    expect(listingGaps(DEFAULT_PUBLIC_LISTING, 5, 0).map((g) => [g.key, g.fix])).toEqual([
      ['photos', 'images'],
      ['certificate', 'settings'],
      ['reviews', 'reviews'],
      ['accessibility', 'settings'],
    ]);
    expect(listingGaps(DEFAULT_PUBLIC_LISTING, 5, 0)[0]?.message).toBe('5 of the 8 photos Google asks for');
  });

  it('is empty once everything is there, and names a bedroom without beds', () => {
    const complete = { ...DEFAULT_PUBLIC_LISTING, taxCertificateNumber: 'AET-1', accessibilityFacts: 'Two steps.' };
    expect(listingGaps(complete, 8, 1)).toEqual([]);
    expect(listingGaps({ ...complete, bedrooms: [] }, 8, 1).map((g) => g.key)).toEqual(['beds']);
  });
});
