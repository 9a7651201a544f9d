/**
 * Reviews ([reviews.fields], [reviews.public]). Browser-safe shapes.
 */

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
  /** ISO 8601 UTC */
  createdAt: string;
}

/** A review as the public home page gets it: no e-mail address. */
export type PublishedReview = Omit<Review, 'email' | 'isApproved' | 'isPublished' | 'isDemo' | 'verifiedStay'>;

/** `POST /api/demo-content/remove` → what was deleted ([reviews.demo]). */
export interface DemoContentRemoved {
  removed: { reviews: number };
}

/** The round initial shown beside a review ([home.reviews]: "initial"). */
export function reviewInitial(guestName: string): string {
  const first = guestName.trim().charAt(0);
  return first ? first.toUpperCase() : '?';
}
