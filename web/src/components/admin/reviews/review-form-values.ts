/**
 * The Create New Review form's values and checks ([reviews.fields], [reviews.create]).
 * Pure, so the rules are unit-tested without a browser.
 */

export interface ReviewFormValues {
  guestName: string;
  email: string;
  /** As typed; a whole number from 1 to 5 is sent. */
  rating: string;
  /** YYYY-MM-DD (a date input's value) */
  stayDate: string;
  title: string;
  content: string;
  isApproved: boolean;
  isPublished: boolean;
}

/** Body of `POST /api/reviews`. */
export interface NewReviewBody {
  guestName: string;
  email: string;
  rating: number;
  title: string;
  content: string;
  stayDate: string;
  isApproved: boolean;
  isPublished: boolean;
}

/** [reviews.create]: a new review starts at rating 5, neither approved nor published. */
export const EMPTY_REVIEW_FORM: ReviewFormValues = {
  guestName: '',
  email: '',
  rating: '5',
  stayDate: '',
  title: '',
  content: '',
  isApproved: false,
  isPublished: false,
};

export const MIN_RATING = 1;
export const MAX_RATING = 5;

export type ReviewFormCheck = { ok: true; body: NewReviewBody } | { ok: false; title: string; description: string };

/**
 * [reviews.create]: name, e-mail, title, content and stay date must be non-empty (after trimming), else
 * "Missing Fields: Please fill in all required fields". The rating must be a whole number from 1
 * to 5 (the input's min and max). The server checks everything again.
 */
export function checkReviewForm(values: ReviewFormValues): ReviewFormCheck {
  const guestName = values.guestName.trim();
  const email = values.email.trim();
  const title = values.title.trim();
  const content = values.content.trim();
  const stayDate = values.stayDate.trim();
  if (!guestName || !email || !title || !content || !stayDate) {
    return { ok: false, title: 'Missing Fields', description: 'Please fill in all required fields' };
  }
  const rating = /^\d+$/.test(values.rating.trim()) ? Number(values.rating.trim()) : NaN;
  if (!(rating >= MIN_RATING && rating <= MAX_RATING)) {
    return {
      ok: false,
      title: 'Invalid Rating',
      description: `Rating must be a whole number from ${MIN_RATING} to ${MAX_RATING}`,
    };
  }
  return {
    ok: true,
    body: {
      guestName,
      email,
      rating,
      title,
      content,
      stayDate,
      isApproved: values.isApproved,
      isPublished: values.isPublished,
    },
  };
}
