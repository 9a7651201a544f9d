/**
 * The listing's schema ([listing.fields], [listing.api]): validates `PUT /api/listing` and the
 * stored listing; its defaults are `DEFAULT_LISTING` (listing.ts). Browser-safe.
 */
import { z } from 'zod';
import { plainText } from '../shared/text.js';
import { AMENITY_KEYS, BED_TYPES, DEFAULT_LISTING, type AmenityKey, type Listing } from './listing.js';

const line = (max: number) => plainText(z.string({ message: 'must be text' }).trim().max(max, `must be at most ${max} characters`));
const required = (max: number) =>
  plainText(z.string({ message: 'must be text' }).trim().min(1, 'is required').max(max, `must be at most ${max} characters`));
const whole = (min: number, max: number, what: string) =>
  z
    .number({ message: `must be a number of ${what}` })
    .int(`must be a whole number of ${what}`)
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);
const clock = z.string({ message: 'must be a time written HH:MM' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time written HH:MM (24 h)');
/** An https (or http) address, or '' = none. */
const webAddress = z
  .string({ message: 'must be a web address' })
  .trim()
  .max(500, 'must be at most 500 characters')
  .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), 'must be a web address starting with https://');

/** One bed line of a bedroom ([listing.bedrooms]). */
export const bedSchema = z
  .object({
    type: z.enum(BED_TYPES, { message: `must be one of ${BED_TYPES.join(', ')}` }),
    count: whole(1, 10, 'beds'),
  })
  .strict();

/** A bedroom with its beds ([listing.bedrooms]). */
export const bedroomSchema = z
  .object({
    name: required(60),
    beds: z.array(bedSchema, { message: 'must be a list of beds' }).min(1, 'must have at least one bed').max(6, 'must have at most 6 bed lines'),
  })
  .strict();

/** One amenity the house has, with the owner's optional note ([listing.amenities]). */
export const listingAmenitySchema = z
  .object({
    key: z.enum(AMENITY_KEYS as [AmenityKey, ...AmenityKey[]], { message: 'must be one of the listed amenities' }),
    note: line(200).optional(),
  })
  .strict();

/** House rules ([listing.rules]): what is allowed, and the quiet hours (null = none). */
export const houseRulesSchema = z
  .object({
    smoking: z.boolean({ message: 'must be true or false' }),
    pets: z.boolean({ message: 'must be true or false' }),
    events: z.boolean({ message: 'must be true or false' }),
    quietHours: z.object({ start: clock, end: clock }).strict().nullable(),
  })
  .strict();

/** Social profiles the footer's three buttons open; '' = none (the button stays inert, [home.footer]). */
export const socialLinksSchema = z.object({ facebook: webAddress, instagram: webAddress, twitter: webAddress }).strict();

const fields = {
  /** [listing.fields]: the house's name (the hero's title, the page title, the JSON-LD's `name`). */
  name: required(80).default(DEFAULT_LISTING.name),
  /** The one line under the name (the hero's subtitle and the social card's title). */
  headline: required(120).default(DEFAULT_LISTING.headline),
  /** Plain paragraphs separated by a blank line; the first is the lead and the page's meta description. */
  description: plainText(z.string({ message: 'must be text' }).trim().min(1, 'is required').max(6_000, 'must be at most 6000 characters'), true).default(DEFAULT_LISTING.description),
  /** [listing.bedrooms]: each bedroom with its beds. */
  bedrooms: z
    .array(bedroomSchema, { message: 'must be a list of bedrooms' })
    .max(30, 'must have at most 30 bedrooms')
    .default(() => structuredClone(DEFAULT_LISTING.bedrooms)),
  /** Bathrooms: full (with a shower or bath) and half (toilet and basin). */
  bathrooms: z.object({ full: whole(0, 30, 'bathrooms'), half: whole(0, 30, 'bathrooms') }).strict().default(() => ({ ...DEFAULT_LISTING.bathrooms })),
  /** Living area in square feet (schema.org `floorSize`, unit FTK); null = not given. */
  squareFeet: whole(1, 100_000, 'square feet').nullable().default(DEFAULT_LISTING.squareFeet),
  /** [listing.amenities]: in the order the home page shows them. */
  amenities: z
    .array(listingAmenitySchema, { message: 'must be a list of amenities' })
    .max(AMENITY_KEYS.length, `must have at most ${AMENITY_KEYS.length} amenities`)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((a, i) => {
        if (seen.has(a.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: 'is listed twice' });
        seen.add(a.key);
      });
    })
    .default(() => structuredClone(DEFAULT_LISTING.amenities)),
  /** [listing.rules]. */
  houseRules: houseRulesSchema.default(() => structuredClone(DEFAULT_LISTING.houseRules)),
  /** [listing.location]: the approximate area, never the street address (that is given after booking). */
  locationText: required(300).default(DEFAULT_LISTING.locationText),
  /** Where the house is, roughly (the JSON-LD's `latitude`/`longitude`; the map pin of search engines). */
  latitude: z.number({ message: 'must be a latitude' }).min(-90, 'must be at least -90').max(90, 'must be at most 90').default(DEFAULT_LISTING.latitude),
  longitude: z.number({ message: 'must be a longitude' }).min(-180, 'must be at least -180').max(180, 'must be at most 180').default(DEFAULT_LISTING.longitude),
  /** Languages the host speaks with guests (BCP 47 tags, e.g. `en`, `es`); the JSON-LD's `knowsLanguage`. */
  languages: z
    .array(z.string({ message: 'must be a language tag' }).regex(/^[a-z]{2,3}(-[A-Z]{2})?$/, 'must be a language tag such as en or es'), {
      message: 'must be a list of language tags',
    })
    .min(1, 'must name at least one language')
    .max(10, 'must have at most 10 languages')
    .default(() => [...DEFAULT_LISTING.languages]),
  /** The public contact of the listing (footer, booking section, JSON-LD). */
  contactPhone: z
    .string({ message: 'must be a telephone number' })
    .trim()
    .max(40, 'must be at most 40 characters')
    .regex(/^\+?[\d\s().-]{7,}$/, 'must be a telephone number (digits, spaces, + - ( ) .)')
    .default(DEFAULT_LISTING.contactPhone),
  contactEmail: z.string({ message: 'must be an e-mail address' }).trim().max(254, 'is too long').pipe(z.email('must be an e-mail address')).default(DEFAULT_LISTING.contactEmail),
  /** [home.footer]: the three social buttons' targets. */
  socialLinks: socialLinksSchema.default(() => ({ ...DEFAULT_LISTING.socialLinks })),
  /** [home.book-your-stay]: the external listing Book Your Stay opens; '' = the server's LISTING_URL. */
  listingUrl: webAddress.default(DEFAULT_LISTING.listingUrl),
};

/** The whole listing: every field, missing ones filled with their defaults; unknown fields refused. */
export const listingSchema = z.object(fields).strict() satisfies z.ZodType<Listing, unknown>;
export type ListingInput = z.input<typeof listingSchema>;

/** Body of `PUT /api/listing`: any subset of the fields (an absent field keeps its stored value; a list replaces the stored list). */
export const listingUpdateSchema = z
  .object(
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.removeDefault().optional()])) as {
      [K in keyof typeof fields]: z.ZodOptional<ReturnType<(typeof fields)[K]['removeDefault']>>;
    },
  )
  .strict();
export type ListingUpdate = z.output<typeof listingUpdateSchema>;

/** `current` with `update`'s defined fields applied, checked whole. */
export function mergeListing(current: Listing, update: ListingUpdate) {
  const defined = Object.fromEntries(Object.entries(update).filter(([, v]) => v !== undefined));
  return listingSchema.safeParse({ ...current, ...defined });
}

