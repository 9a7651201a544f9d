import { defaultImageConfig } from '../images/images.js';
import type { Db } from './platform/database.js';
import { setImageSlot } from './images/images-store.js';
import { createReview, type NewReview } from './reviews/reviews-store.js';

/**
 * The home page's demo guest reviews ([home.reviews]: author, date, rating, content): invented,
 * so seeded only with DEMO_CONTENT and marked `isDemo` ([reviews.demo]; fake reviews on a live site
 * mislead guests and break the U.S. FTC's 2024 rule, 16 CFR Part 465). Stored approved and
 * published so a demo site looks complete; the owner removes them in one action.
 */
export const DEMO_REVIEWS: NewReview[] = [
  {
    guestName: 'Sarah Mitchell',
    email: 'sarah.mitchell@example.com',
    rating: 5,
    title: 'The view from the hot tub is unreal',
    content:
      'We watched the sun come up over the ridges every morning. The house is spotless, the kitchen has everything, and the kids never wanted to leave the gaming room.',
    stayDate: '2026-10-18',
    isApproved: true,
    isPublished: true,
  },
  {
    guestName: 'David Chen',
    email: 'david.chen@example.com',
    rating: 5,
    title: 'Perfect for two families',
    content:
      'Five bedrooms meant nobody had to share a couch. Five minutes to downtown Blue Ridge for dinner, then s’mores at the firepit. We have already booked next fall.',
    stayDate: '2026-09-06',
    isApproved: true,
    isPublished: true,
  },
  {
    guestName: 'Emily Rodriguez',
    email: 'emily.rodriguez@example.com',
    rating: 5,
    title: 'A real mountain retreat',
    content:
      'Quiet, comfortable beds, and a great room with a fireplace that made the rainy day the best one of the trip. The scenic railway is a must.',
    stayDate: '2026-07-21',
    isApproved: true,
    isPublished: true,
  },
  {
    guestName: 'Michael Thompson',
    email: 'michael.thompson@example.com',
    rating: 4,
    title: 'Great house, steep driveway',
    content:
      'Everything we hoped for, with long pool-table nights and fast WiFi for a bit of work. The driveway is steep, so bring a car with decent tires in winter.',
    stayDate: '2026-03-14',
    isApproved: true,
    isPublished: true,
  },
  {
    guestName: 'Jessica Williams',
    email: 'jessica.williams@example.com',
    rating: 5,
    title: 'Our new family tradition',
    content:
      'Apple picking at the orchard, a hike to the waterfall, and evenings on the deck. The owners thought of every detail. We will be back.',
    stayDate: '2025-10-25',
    isApproved: true,
    isPublished: true,
  },
  {
    guestName: 'Robert Johnson',
    email: 'robert.johnson@example.com',
    rating: 5,
    title: 'Better than the photos',
    content:
      'Twelve of us celebrated my parents’ anniversary here. Plenty of room, a beautiful setting, and check-in was effortless.',
    stayDate: '2025-08-09',
    isApproved: true,
    isPublished: true,
  },
];

/**
 * Fills a fresh database: the default image config (real photos of the house, always) and, when
 * `options.demoReviews` is true (the default; DEMO_CONTENT in the server), the demo reviews above.
 */
export function seedDemoContent(db: Db, now: Date = new Date(), options: { demoReviews?: boolean } = {}): void {
  db.transaction(() => {
    const config = defaultImageConfig();
    for (const [key, path] of Object.entries(config.property)) setImageSlot(db, key, path, now);
    for (const [key, path] of Object.entries(config.location)) setImageSlot(db, key, path, now);
    for (const [key, path] of Object.entries(config.carousel)) if (path) setImageSlot(db, key, path, now);
    if (options.demoReviews !== false) for (const review of DEMO_REVIEWS) createReview(db, { ...review, isDemo: true }, now);
  })();
}
