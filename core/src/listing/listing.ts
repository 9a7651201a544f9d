/**
 * The listing ([listing.fields]): what the house is, as the owner describes it to guests and to
 * search engines: the amenity and bed lists, today's texts as defaults, and the public view.
 * Browser-safe and free of zod, so the home page's first load can read it; the schema that
 * validates it is `listing-schema.ts`.
 *
 * Everything here is public: it is shown on the home page and in its JSON-LD. What only the
 * owner and booked guests may see (the street address, Wi-Fi, door codes) stays in the settings.
 */
import { PROPERTY } from '../shared/property.js';
import { maxOccupancy } from '../settings/compliance.js';
import type { Settings } from '../settings/schema.js';

/** Bed types of [listing.bedrooms], in the order the form offers them. */
export const BED_TYPES = ['king', 'queen', 'double', 'single', 'bunk', 'sofaBed', 'crib'] as const;
export type BedType = (typeof BED_TYPES)[number];

/**
 * What each bed type is called on the page, and in schema.org's `BedDetails.typeOfBed` (Google's
 * vacation-rental guidelines use the bed's plain English name).
 */
export const BED_LABELS: Record<BedType, { one: string; many: string }> = {
  king: { one: 'King bed', many: 'King beds' },
  queen: { one: 'Queen bed', many: 'Queen beds' },
  double: { one: 'Double bed', many: 'Double beds' },
  single: { one: 'Single bed', many: 'Single beds' },
  bunk: { one: 'Bunk bed', many: 'Bunk beds' },
  sofaBed: { one: 'Sofa bed', many: 'Sofa beds' },
  crib: { one: 'Crib', many: 'Cribs' },
};

/**
 * The fixed list of amenities ([listing.amenities]). The key is Google's vacation-rental amenity
 * name in camelCase; `google` is the `amenityFeature.name` Google's structured data guidelines
 * list for it, where Google has one (otherwise the label is used, which Google reads as a
 * free-form feature). `label` is what the home page shows, with the owner's note or else
 * `description`: the six of [home.amenities] have theirs; the others (kept short, as this list
 * is in the home page's first load) show the owner's note only.
 */
export const AMENITY_CATALOGUE = {
  wifi: { label: 'High-Speed WiFi', description: 'Fast, reliable internet for streaming, gaming and the odd video call.', google: 'wifi' },
  firepit: { label: 'Outdoor Firepit', description: 'Circle up for s’mores and stories under the mountain stars.' },
  gameRoom: { label: 'Kids Gaming Room', description: 'A big screen, consoles and bean bags: the kids’ own hideout.', google: 'kidFriendly' },
  poolTable: { label: 'Pool Table', description: 'Rack up a game in the lower lounge after a day on the trails.' },
  hotTub: { label: 'Hot Tub', description: 'Soak on the deck while the ridges fade from green to blue.', google: 'hotTub' },
  mountainView: { label: 'Mountain Views', description: 'Long-range Blue Ridge views from the deck and the great room.' },
  fireplace: { label: 'Fireplace', google: 'fireplace' },
  airConditioning: { label: 'Air Conditioning', google: 'ac' },
  heating: { label: 'Heating', google: 'heating' },
  kitchen: { label: 'Full Kitchen', google: 'kitchen' },
  dishwasher: { label: 'Dishwasher', google: 'dishwasher' },
  washer: { label: 'Washer and Dryer', google: 'washerDryer' },
  outdoorGrill: { label: 'Outdoor Grill', google: 'outdoorGrill' },
  patio: { label: 'Deck or Patio', google: 'patio' },
  tv: { label: 'TV', google: 'tv' },
  crib: { label: 'Crib', google: 'crib' },
  freeParking: { label: 'Free Parking', google: 'freeParking' },
  evCharger: { label: 'EV Charger' },
  petsAllowed: { label: 'Pets Allowed', google: 'petsAllowed' },
  selfCheckIn: { label: 'Self Check-in', google: 'selfCheckinCheckout' },
  wheelchairAccessible: { label: 'Wheelchair Accessible', google: 'wheelchairAccessible' },
  pool: { label: 'Pool', google: 'pool' },
  gym: { label: 'Gym', google: 'gym' },
} as const satisfies Record<string, { label: string; description?: string; google?: string }>;
export type AmenityKey = keyof typeof AMENITY_CATALOGUE;
export const AMENITY_KEYS = Object.keys(AMENITY_CATALOGUE) as AmenityKey[];

/** schema.org's `amenityFeature.name` of an amenity: Google's name when it has one, else its label. */
export function googleAmenityName(key: AmenityKey): string {
  const entry: { label: string; google?: string } = AMENITY_CATALOGUE[key];
  return entry.google ?? entry.label;
}


/** One bed line of a bedroom ([listing.bedrooms]). */
export interface Bed {
  type: BedType;
  /** 1–10 */
  count: number;
}

/** A bedroom with its beds ([listing.bedrooms]). */
export interface Bedroom {
  name: string;
  beds: Bed[];
}

/** One amenity the house has, with the owner's optional note ([listing.amenities]). */
export interface ListingAmenity {
  key: AmenityKey;
  note?: string;
}

/** House rules ([listing.rules]): what is allowed, and the quiet hours (`HH:MM`, null = none). */
export interface HouseRules {
  smoking: boolean;
  pets: boolean;
  events: boolean;
  quietHours: { start: string; end: string } | null;
}

/** Social profiles the footer's three buttons open; '' = none (the button stays inert, [home.footer]). */
export interface SocialLinks {
  facebook: string;
  instagram: string;
  twitter: string;
}

/** The listing ([listing.fields]); validated by `listingSchema` (listing-schema.ts). */
export interface Listing {
  /** The house's name (the hero's title, the page title, the JSON-LD's `name`). */
  name: string;
  /** The one line under the name (the hero's subtitle, the social card's title). */
  headline: string;
  /** Plain paragraphs separated by a blank line; the first is the lead and the meta description. */
  description: string;
  bedrooms: Bedroom[];
  /** full: with a shower or bath; half: toilet and basin. */
  bathrooms: { full: number; half: number };
  /** Living area (schema.org `floorSize`, unit FTK); null = not given. */
  squareFeet: number | null;
  /** In the order the home page shows them. */
  amenities: ListingAmenity[];
  houseRules: HouseRules;
  /** [listing.location]: the approximate area, never the street address (given after booking). */
  locationText: string;
  /** Roughly where the house is (the JSON-LD's `latitude`/`longitude`). */
  latitude: number;
  longitude: number;
  /** Languages the host speaks with guests (BCP 47 tags, e.g. `en`); the JSON-LD's `knowsLanguage`. */
  languages: string[];
  /** The public contact (footer, booking section, JSON-LD). */
  contactPhone: string;
  contactEmail: string;
  socialLinks: SocialLinks;
  /** [home.book-your-stay]: the external listing Book Your Stay opens; '' = the server's LISTING_URL. */
  listingUrl: string;
}

/** The home page's description of the house today ([home.property]): two paragraphs. */
export const DEFAULT_DESCRIPTION = `${PROPERTY.description}

Gather around the stone fireplace in the vaulted great room, cook together in the open kitchen, then spread out: the kids take over the gaming room, the grown-ups rack up the pool table, and everyone meets again in the hot tub as the ridges turn blue.`;


/** Today's texts ([listing.defaults]): a fresh install shows the home page of SPEC.md. */
export const DEFAULT_LISTING: Listing = {
  name: PROPERTY.name,
  headline: PROPERTY.tagline,
  description: DEFAULT_DESCRIPTION,
  bedrooms: [
    { name: 'Primary suite', beds: [{ type: 'king', count: 1 }] },
    { name: 'Ridge-view bedroom', beds: [{ type: 'queen', count: 1 }] },
    { name: 'Forest bedroom', beds: [{ type: 'queen', count: 1 }] },
    { name: 'Lake bedroom', beds: [{ type: 'queen', count: 1 }] },
    { name: 'Loft bedroom', beds: [{ type: 'double', count: 2 }] },
  ],
  bathrooms: { full: PROPERTY.bathrooms, half: 0 },
  squareFeet: PROPERTY.squareFeet,
  amenities: [{ key: 'wifi' }, { key: 'firepit' }, { key: 'gameRoom' }, { key: 'poolTable' }, { key: 'hotTub' }, { key: 'mountainView' }],
  houseRules: { smoking: false, pets: false, events: false, quietHours: { start: '22:00', end: '08:00' } },
  locationText: `Near downtown ${PROPERTY.address.locality} in ${PROPERTY.address.county}, Georgia`,
  latitude: PROPERTY.geo.latitude,
  longitude: PROPERTY.geo.longitude,
  languages: ['en'],
  contactPhone: PROPERTY.contact.phone,
  contactEmail: PROPERTY.contact.email,
  socialLinks: { facebook: '', instagram: '', twitter: '' },
  listingUrl: '',
};

/** The description's paragraphs (split at blank lines, each trimmed, none empty). */
export function descriptionParagraphs(description: string): string[] {
  return description
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);
}

/** Number of beds in all bedrooms. */
export function bedCount(bedrooms: readonly Bedroom[]): number {
  return bedrooms.reduce((sum, room) => sum + room.beds.reduce((n, bed) => n + bed.count, 0), 0);
}

/** "2 Bunk beds", "1 King bed". */
export function bedLabel(bed: Bed): string {
  return `${bed.count} ${bed.count === 1 ? BED_LABELS[bed.type].one : BED_LABELS[bed.type].many}`;
}

/** How the page writes the bathrooms: "3", or "3 full, 1 half". */
export function bathroomsLabel(bathrooms: Listing['bathrooms']): string {
  return bathrooms.half === 0 ? bathrooms.full.toLocaleString('en-US') : `${bathrooms.full} full, ${bathrooms.half} half`;
}

/** What the home page shows of an amenity: its label, and the owner's note or else the standard line. */
export function amenityText(amenity: ListingAmenity): { label: string; description: string } {
  const entry: { label: string; description?: string } = AMENITY_CATALOGUE[amenity.key];
  return { label: entry.label, description: amenity.note && amenity.note !== '' ? amenity.note : (entry.description ?? '') };
}

/**
 * What the public pages show of the house (`GET /api/listing`, embedded in the server-rendered
 * home page; [listing.public]): the listing, and from the settings the county's numbers for the
 * footer ([compliance.numbers]), the accessibility facts ([a11y.facts]), how many it sleeps
 * ([compliance.occupancy]) and the check-in and check-out times. '' = not filled in.
 */
export interface PublicListing extends Listing {
  taxCertificateNumber: string;
  rentalRegistrationNumber: string;
  accessibilityFacts: string;
  /** The most guests a stay may bring (`maxOccupancy`). */
  sleeps: number;
  /** `HH:MM`, the property's zone. */
  checkInTime: string;
  checkOutTime: string;
}

/** The public listing of `listing` and `settings` ([listing.public]). */
export function publicListing(
  settings: Pick<Settings, 'taxCertificateNumber' | 'rentalRegistrationNumber' | 'accessibilityFacts' | 'maxGuests' | 'permittedOccupancy' | 'checkInTime' | 'checkOutTime'>,
  listing: Listing = DEFAULT_LISTING,
): PublicListing {
  return {
    ...listing,
    taxCertificateNumber: settings.taxCertificateNumber,
    rentalRegistrationNumber: settings.rentalRegistrationNumber,
    accessibilityFacts: settings.accessibilityFacts,
    sleeps: maxOccupancy(settings),
    checkInTime: settings.checkInTime,
    checkOutTime: settings.checkOutTime,
  };
}

/**
 * The public listing of a fresh install ([listing.defaults]): what a page shows before its data
 * is known (the SPA's shell, a failed fetch), so it never shows a blank house.
 */
export const DEFAULT_PUBLIC_LISTING: PublicListing = {
  ...DEFAULT_LISTING,
  taxCertificateNumber: '',
  rentalRegistrationNumber: '',
  accessibilityFacts: '',
  sleeps: PROPERTY.sleeps,
  checkInTime: '16:00',
  checkOutTime: '10:00',
};

/** The `tel:` address of a phone number as written ("+1 (706) 555-0142" → "+17065550142"). */
export function telHref(phone: string): string {
  return phone.replace(/[^+\d]/g, '');
}

/**
 * The house rules as short lines for guests ([listing.rules]): "No smoking" / "Smoking allowed",
 * "No pets" / "Pets welcome", "No parties or events" / "Events allowed", "Quiet hours 10:00 PM – 8:00 AM".
 */
/** "22:00" → "10:00 PM" (as the dates module's clockTimeText, which the home page's first load does not carry). */
export function timeOfDayText(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

export function houseRuleLines(rules: HouseRules): string[] {
  return [
    rules.smoking ? 'Smoking allowed' : 'No smoking',
    rules.pets ? 'Pets welcome' : 'No pets',
    rules.events ? 'Events allowed' : 'No parties or events',
    ...(rules.quietHours ? [`Quiet hours ${timeOfDayText(rules.quietHours.start)} – ${timeOfDayText(rules.quietHours.end)}`] : []),
  ];
}
