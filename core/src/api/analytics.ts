/**
 * Contract of `POST /api/analytics/pageview` ([analytics.page-view], [api.public]): answered 204
 * without a body. Browser-safe.
 */
import { z } from 'zod';
import { plainText } from '../shared/text.js';

/** Body of `POST /api/analytics/pageview`. */
export const pageViewSchema = z.object({
  /** The route's path, e.g. `/` or `/checkout` (no origin). */
  path: plainText(
    z
      .string()
      .min(1)
      .max(2048)
      .regex(/^\//, 'must start with /'),
  ),
  /** `document.referrer`, or empty. */
  referrer: plainText(z.string().max(2048)).optional().default(''),
});
export type PageView = z.infer<typeof pageViewSchema>;
