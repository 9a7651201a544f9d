/**
 * The home page's structured data and social card from the listing ([listing.structured-data],
 * [listing.social-card]), following Google's vacation rental structured data guidelines
 * (developers.google.com/search/docs/appearance/structured-data/vacation-rental): a
 * `VacationRental` with its required `containsPlace` (occupancy with `value`), `identifier`,
 * `image`, `latitude`, `longitude` and `name`, and the recommended address, check-in and
 * check-out times, languages, rating and reviews. Browser-safe, pure.
 *
 * Only public listing fields go in: never the street address, the local contact or anything
 * else only the owner sees. Demo reviews are never in it.
 */
import { PROPERTY } from '../shared/property.js';
import { LOCATION_IMAGE_KEYS, PROPERTY_IMAGE_KEYS, PUBLIC_CAROUSEL_KEYS, effectiveImagePath, isEmptyImagePath, type ImageConfig } from '../images/images.js';
import type { PublishedReview } from '../reviews/reviews.js';
import { BED_LABELS, descriptionParagraphs, googleAmenityName, type PublicListing } from './listing.js';

/** What the structured data is made from. */
export interface StructuredDataInput {
  listing: PublicListing;
  /** The site's origin without a trailing slash (PUBLIC_URL), e.g. `https://ridgeline.example`. */
  publicUrl: string;
  /** Site paths (`/images/…`) of the listing's photos, hero first. */
  imagePaths: readonly string[];
  /** The published reviews; those with `source: 'demo'` are left out. */
  reviews: readonly PublishedReview[];
}

/** Google recommends at least this many photos ([listing.check]). */
export const MIN_LISTING_IMAGES = 8;

const absolute = (publicUrl: string, path: string) => (/^https?:\/\//.test(path) ? path : `${publicUrl}${path.startsWith('/') ? '' : '/'}${path}`);

/** `HH:MM` → schema.org Time `HH:MM:SS`. */
const time = (clock: string) => `${clock}:00`;

/**
 * The JSON-LD object of the home page ([listing.structured-data]).
 * @returns a plain object for `JSON.stringify`; `aggregateRating` and `review` only when there is a real review
 */
export function vacationRentalJsonLd({ listing, publicUrl, imagePaths, reviews }: StructuredDataInput): Record<string, unknown> {
  const real = reviews.filter((r) => r.source !== 'demo');
  const bathrooms = listing.bathrooms.full + listing.bathrooms.half;
  const occupancy = { '@type': 'QuantitativeValue', value: listing.sleeps, maxValue: listing.sleeps };
  const floorSize = listing.squareFeet === null ? undefined : { '@type': 'QuantitativeValue', value: listing.squareFeet, unitCode: 'FTK' };
  const amenityFeature = listing.amenities.map((a) => ({ '@type': 'LocationFeatureSpecification', name: googleAmenityName(a.key), value: true }));
  const beds = listing.bedrooms.flatMap((room) =>
    room.beds.map((bed) => ({ '@type': 'BedDetails', numberOfBeds: bed.count, typeOfBed: BED_LABELS[bed.type].one.replace(/ bed$/, '') })),
  );
  const description = descriptionParagraphs(listing.description).join('\n\n');
  const rating = real.length === 0 ? undefined : real.reduce((sum, r) => sum + r.rating, 0) / real.length;
  const images = [...new Set(imagePaths.map((p) => absolute(publicUrl, p)))];
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': ['VacationRental', 'LodgingBusiness'],
    '@id': `${publicUrl}/#rental`,
    identifier: `${new URL(publicUrl).host}-rental`,
    name: listing.name,
    url: `${publicUrl}/`,
    description,
    image: images,
    email: listing.contactEmail,
    telephone: listing.contactPhone,
    address: {
      '@type': 'PostalAddress',
      addressLocality: PROPERTY.address.locality,
      addressRegion: PROPERTY.address.region,
      addressCountry: PROPERTY.address.country,
    },
    latitude: listing.latitude,
    longitude: listing.longitude,
    geo: { '@type': 'GeoCoordinates', latitude: listing.latitude, longitude: listing.longitude },
    checkinTime: time(listing.checkInTime),
    checkoutTime: time(listing.checkOutTime),
    knowsLanguage: listing.languages,
    containsPlace: {
      '@type': 'Accommodation',
      additionalType: 'EntirePlace',
      occupancy,
      numberOfBedrooms: listing.bedrooms.length,
      numberOfBathroomsTotal: bathrooms,
      ...(beds.length > 0 ? { bed: beds } : {}),
      amenityFeature,
      ...(floorSize ? { floorSize } : {}),
    },
    numberOfBedrooms: listing.bedrooms.length,
    numberOfBathroomsTotal: bathrooms,
    occupancy,
    ...(floorSize ? { floorSize } : {}),
    amenityFeature,
  };
  if (rating !== undefined) {
    data.aggregateRating = { '@type': 'AggregateRating', ratingValue: Math.round(rating * 10) / 10, ratingCount: real.length, reviewCount: real.length, bestRating: 5, worstRating: 1 };
    data.review = real.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.guestName },
      datePublished: r.createdAt.slice(0, 10),
      contentReferenceTime: r.stayDate,
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      ...(r.title ? { name: r.title } : {}),
      reviewBody: r.content,
    }));
  }
  return data;
}

/**
 * The site paths of the listing's photos for the structured data ([listing.structured-data]):
 * the five property photos (hero first), the public carousel's and the location's, each the
 * owner's upload or the built-in one, without repeats.
 */
export function listingImagePaths(imageConfig: Pick<ImageConfig, 'property' | 'carousel' | 'location'>): string[] {
  const paths = [
    ...PROPERTY_IMAGE_KEYS.map((key) => effectiveImagePath(imageConfig.property?.[key], key)),
    ...PUBLIC_CAROUSEL_KEYS.map((key) => effectiveImagePath(imageConfig.carousel?.[key], key)),
    ...LOCATION_IMAGE_KEYS.map((key) => effectiveImagePath(imageConfig.location?.[key], key)),
  ];
  return [...new Set(paths.filter((p) => !isEmptyImagePath(p)))];
}

/** The social card's texts and picture ([listing.social-card]). */
export interface SocialCard {
  /** `<title>`, `og:title`, `twitter:title`: "{name} | {headline}". */
  title: string;
  /** `meta description`, `og:description`: the description's first paragraph, at most 300 characters. */
  description: string;
  /** Absolute URL of the 1200×630 picture. */
  image: string;
  imageAlt: string;
}

/** The social card of the listing; `imagePath` is the 1200×630 card picture's site path. */
export function socialCard(listing: Pick<PublicListing, 'name' | 'headline' | 'description'>, publicUrl: string, imagePath: string, imageAlt: string): SocialCard {
  const first = descriptionParagraphs(listing.description)[0] ?? listing.headline;
  const description = first.length <= 300 ? first : `${first.slice(0, 299).replace(/\s+\S*$/, '')}…`;
  return { title: `${listing.name} | ${listing.headline}`, description, image: absolute(publicUrl, imagePath), imageAlt };
}

/** One thing Google's guidelines need that the listing lacks ([listing.check]), and where to fix it. */
export interface ListingGap {
  key: 'photos' | 'beds' | 'certificate' | 'reviews' | 'accessibility';
  message: string;
  /** The dashboard tab that fixes it. */
  fix: 'images' | 'settings' | 'reviews';
  /** The link's text. */
  action: string;
}

/**
 * What the listing still lacks for Google's vacation rental guidelines and the county
 * ([listing.check]), in this order: fewer than 8 photos, a bedroom without beds or no bedroom,
 * no tax certificate number, no real published review, no accessibility facts.
 * @param photoCount the listing's distinct photos (`imagePaths` of the structured data)
 * @param realReviewCount published reviews that are not demo ones
 */
export function listingGaps(
  listing: Pick<PublicListing, 'bedrooms' | 'taxCertificateNumber' | 'accessibilityFacts'>,
  photoCount: number,
  realReviewCount: number,
): ListingGap[] {
  const gaps: ListingGap[] = [];
  if (photoCount < MIN_LISTING_IMAGES)
    gaps.push({ key: 'photos', message: `${photoCount} of the ${MIN_LISTING_IMAGES} photos Google asks for`, fix: 'images', action: 'Add photos' });
  if (listing.bedrooms.length === 0 || listing.bedrooms.some((room) => room.beds.length === 0))
    gaps.push({ key: 'beds', message: 'No beds listed for a bedroom', fix: 'settings', action: 'List the beds' });
  if (!listing.taxCertificateNumber) gaps.push({ key: 'certificate', message: 'No Fannin County tax certificate number', fix: 'settings', action: 'Fill in the certificate number' });
  if (realReviewCount === 0) gaps.push({ key: 'reviews', message: 'No published guest review (sample reviews do not count)', fix: 'reviews', action: 'Add or publish a review' });
  if (!listing.accessibilityFacts.trim()) gaps.push({ key: 'accessibility', message: 'No accessibility facts', fix: 'settings', action: 'Describe the accessibility' });
  return gaps;
}
