/**
 * Reviews ([reviews.fields], [reviews.public]). Browser-safe shapes.
 */

/**
 * Where a review comes from ([reviews.source]): `direct` a verified stay here (left from the
 * stay's review link), `airbnb`, `vrbo`, `booking` (Booking.com) and `guestbook` one the owner
 * copies in, `demo` the shipped demo reviews ([reviews.demo]).
 */
export const REVIEW_SOURCES = ['direct', 'airbnb', 'vrbo', 'booking', 'guestbook', 'demo'] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

/** The sources the owner may give a review they copy in ([reviews.create]): never `direct` nor `demo`. */
export const OWNER_REVIEW_SOURCES = ['guestbook', 'airbnb', 'vrbo', 'booking'] as const satisfies readonly ReviewSource[];
export type OwnerReviewSource = (typeof OWNER_REVIEW_SOURCES)[number];

/** The source's words after the stay month on the public page ([reviews.source]): "Stayed June 2026 · Verified stay". */
export const REVIEW_SOURCE_LABELS: Record<ReviewSource, string> = {
  direct: 'Verified stay',
  airbnb: 'From Airbnb',
  vrbo: 'From Vrbo',
  booking: 'From Booking.com',
  guestbook: 'From our guest book',
  demo: 'Sample review',
};

/** The owner's name for each source they may choose in the create form ([reviews.create]). */
export const OWNER_REVIEW_SOURCE_NAMES: Record<OwnerReviewSource, string> = {
  guestbook: 'Guest book',
  airbnb: 'Airbnb',
  vrbo: 'Vrbo',
  booking: 'Booking.com',
};

/** Why the owner took a published review off the home page ([reviews.hidden-reason]). */
export const HIDDEN_REASONS = ['personal_data', 'profanity', 'off_topic', 'other'] as const;
export type HiddenReason = (typeof HIDDEN_REASONS)[number];

/** The reasons as the Unpublish dialog and the review's badge word them ([reviews.hidden-reason]). */
export const HIDDEN_REASON_LABELS: Record<HiddenReason, string> = {
  personal_data: 'Personal data',
  profanity: 'Profanity',
  off_topic: 'Off-topic',
  other: 'Other',
};

/** A review as the admin API returns it ([reviews.fields]). */
export interface Review {
  id: number;
  guestName: string;
  email: string;
  /** 1-5 */
  rating: number;
  title: string;
  content: string;
  /** YYYY-MM-DD */
  stayDate: string;
  isApproved: boolean;
  isPublished: boolean;
  /**
   * Demo content seeded with DEMO_CONTENT ([config.demo-content]), not a real guest's words: the admin
   * shows a Demo badge, one action removes them all, and the public page hides them while
   * DEMO_CONTENT is off.
   */
  isDemo: boolean;
  /**
   * Left by a guest from their stay's review link ([reviews.verified]): the admin shows a
   * "Verified stay" badge.
   */
  verifiedStay: boolean;
  /** Where it comes from ([reviews.source]). */
  source: ReviewSource;
  /** YYYY-MM: the month of `stayDate` ([reviews.source]). */
  stayMonth: string;
  /** Why the owner unpublished it; null while published or never unpublished ([reviews.hidden-reason]). */
  hiddenReason: HiddenReason | null;
  /** ISO 8601 UTC */
  createdAt: string;
}

/**
 * A review as the public home page gets it: no e-mail address, no flags, no hidden reason; a
 * verified stay's `guestName` is the first name and last initial only ([reviews.public-name]).
 */
export type PublishedReview = Omit<Review, 'email' | 'isApproved' | 'isPublished' | 'isDemo' | 'verifiedStay' | 'hiddenReason'>;

/**
 * A guest's name as the public sees it on a verified stay's review ([reviews.public-name]): the
 * first word and the last word's initial, "Jane Doe" → "Jane D."; one word stays as it is.
 */
export function publicGuestName(guestName: string): string {
  const words = guestName.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  if (!first) return 'Guest';
  return last ? `${first} ${Array.from(last)[0]?.toLocaleUpperCase('en-US') ?? ''}.` : first;
}

/**
 * The hidden reason after a flag change ([reviews.hidden-reason]): unpublishing a published review
 * records `reason` (`other` when none is given); publishing clears it; giving a reason to an
 * unpublished review replaces it; anything else keeps `current.hiddenReason`.
 */
export function hiddenReasonAfter(
  current: Pick<Review, 'isPublished' | 'hiddenReason'>,
  change: { isPublished?: boolean | undefined; hiddenReason?: HiddenReason | undefined },
): HiddenReason | null {
  const published = change.isPublished ?? current.isPublished;
  if (published) return null;
  if (change.hiddenReason) return change.hiddenReason;
  if (current.isPublished) return 'other';
  return current.hiddenReason;
}

/** `POST /api/demo-content/remove` → what was deleted ([reviews.demo]). */
export interface DemoContentRemoved {
  removed: { reviews: number };
}

/**
 * The public summary of the published reviews ([reviews.aggregate]): their count and mean rating
 * (1–5, unrounded; null with none). Every review given counts, low ratings included: the caller
 * passes all published ones, never a chosen few.
 */
export function reviewSummary(reviews: readonly Pick<Review, 'rating'>[]): { count: number; mean: number | null } {
  if (reviews.length === 0) return { count: 0, mean: null };
  return { count: reviews.length, mean: reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length };
}

/** The round initial shown beside a review ([home.reviews]: "initial"). */
export function reviewInitial(guestName: string): string {
  const first = guestName.trim().charAt(0);
  return first ? first.toUpperCase() : '?';
}
