/**
 * Validation of review bodies ([reviews.fields], [reviews.create]), shared by the server and the
 * admin form. The schemas are the endpoints' contracts and live in `api/reviews.ts`; re-exported
 * here for the modules that import them by this name.
 */
export { newReviewSchema, reviewFlagsSchema } from '../api/reviews.js';
