/**
 * Validation of the owner password bodies ([auth.login]; issue 11 items 3 and 4), shared by the
 * server's sign-in routes and the change-password form. Browser-safe.
 */
import { z } from 'zod';

/** Shortest password the owner may choose (the same rule as ADMIN_PASSWORD in config.ts). */
export const PASSWORD_MIN_LENGTH = 8;

/** The two-factor fields a request may carry beside a password (issue 11 item 4). */
export const secondFactorFields = {
  /** Six digits from the authenticator app; spaces ignored ("123 456"). */
  totp: z
    .string({ message: 'must be a string' })
    .max(20, 'is too long')
    .transform((v) => v.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, 'must be 6 digits'))
    .optional(),
  /** One of the ten recovery codes, e.g. "abcd-efgh-jkmn-pqrs" (case, spaces and dashes ignored). */
  recoveryCode: z.string({ message: 'must be a string' }).trim().min(1, 'is required').max(64, 'is too long').optional(),
};

/**
 * Body of `POST /api/auth/password` and `POST /api/security/password`
 * `{ currentPassword, newPassword (≥ PASSWORD_MIN_LENGTH, ≤ 256 characters), totp? | recoveryCode? }`.
 */
export const passwordChangeSchema = z.object({
  currentPassword: z.string({ message: 'is required' }).min(1, 'is required').max(256, 'is too long'),
  newPassword: z
    .string({ message: 'is required' })
    .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(256, 'is too long'),
  ...secondFactorFields,
});
