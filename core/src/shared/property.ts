/**
 * Facts about the one property Ridgeline sells ([home.highlights], [home.amenities], [home.location]).
 * Browser-safe: imported by the SPA (page text, JSON-LD) and the server alike.
 */
export const PROPERTY = {
  name: 'Ridgeline',
  tagline: 'A mountain estate above Blue Ridge, Georgia',
  description:
    'A 5-bedroom, 3-bath mountain estate near downtown Blue Ridge in Fannin County, Georgia: sleeps 12, about 3,000 square feet, with long-range Blue Ridge Mountain views, a hot tub, an outdoor firepit, a pool table and a kids gaming room.',
  bedrooms: 5,
  bathrooms: 3,
  sleeps: 12,
  squareFeet: 3000,
  /** IANA zone in which a night (`YYYY-MM-DD`) is counted ([data.night]). */
  timeZone: 'America/New_York',
  address: {
    locality: 'Blue Ridge',
    county: 'Fannin County',
    region: 'GA',
    country: 'US',
  },
  geo: { latitude: 34.8639, longitude: -84.324 },
  contact: {
    email: 'stay@ridgeline-blueridge.com',
    phone: '+1 (706) 555-0142',
  },
} as const;

/** The six amenities of [home.amenities], in that order. */
export const AMENITIES = [
  'High-Speed WiFi',
  'Outdoor Firepit',
  'Kids Gaming Room',
  'Pool Table',
  'Hot Tub',
  'Mountain Views',
] as const;

/** Nearby attractions of [home.location]. */
export const ATTRACTIONS = [
  {
    name: 'Blue Ridge Scenic Railway',
    kind: 'scenic railway',
    description: 'A vintage train along the Toccoa River from the historic downtown depot.',
  },
  {
    name: 'Long Creek Falls',
    kind: 'waterfall',
    description: 'A 186 ft waterfall on the Appalachian Trail, a short hike through the forest.',
    heightFeet: 186,
  },
  {
    name: 'Lake Blue Ridge',
    kind: 'lake',
    description: 'Clear mountain water for kayaking, paddle boarding, fishing and boat days.',
  },
  {
    name: 'Mercier Orchards',
    kind: 'orchard',
    description: 'Family orchard with seasonal apple picking, cider and fried pies.',
  },
] as const;

/** Drive times of [home.location]. */
export const DISTANCES = [
  { minutes: 5, to: 'downtown' },
  { minutes: 10, to: 'the railway' },
  { minutes: 15, to: 'hiking trails' },
] as const;
