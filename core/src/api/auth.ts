/**
 * Contracts of sign-in ([auth.login], [auth.areas]), two-factor sign-in (TOTP, RFC 6238;
 * [auth.two-factor]) and the open sessions of the security console ([security.sessions]). Each
 * area has the same endpoints under its base: `/api/auth` (admin) and `/api/security` (console).
 * Browser-safe.
 */
import { z } from 'zod';

/** The two password-protected areas ([auth.areas]). */
export const PASSWORD_AREAS = ['admin', 'security'] as const;
export type PasswordArea = (typeof PASSWORD_AREAS)[number];

/** Shortest password the owner may choose (the same rule as ADMIN_PASSWORD in config.ts). */
export const PASSWORD_MIN_LENGTH = 8;

/** The two-factor fields a request may carry beside a password ([auth.two-factor]). */
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

/** Body of `POST {base}/login`; `client: "desktop"` answers a bearer token instead of setting a cookie. */
export const loginRequestSchema = z.object({
  password: z.string({ message: 'is required' }).min(1, 'is required').max(256, 'is too long'),
  client: z.enum(['browser', 'desktop']).optional().default('browser'),
  ...secondFactorFields,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** `POST {base}/login` → 200: a cookie was set, or (desktop) the token and its lifetime in seconds. */
export const loginResponseSchema = z.object({
  success: z.literal(true),
  token: z.string().optional(),
  expiresIn: z.number().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * A refused sign-in or password change (401/403): `twoFactorRequired: true` when the server asks
 * for (another) two-factor code, `field` naming a wrong current password.
 */
export const signInRefusalSchema = z.object({
  error: z.string(),
  twoFactorRequired: z.boolean().optional(),
  field: z.string().optional(),
});
export type SignInRefusal = z.infer<typeof signInRefusalSchema>;

/** `POST {base}/logout`. */
export const logoutResponseSchema = z.object({ success: z.literal(true) });

/** `GET {base}/session`. */
export const sessionResponseSchema = z.object({ authenticated: z.boolean() });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Body of `POST {base}/password` (signed in). */
export const passwordChangeRequestSchema = z.object({
  currentPassword: z.string({ message: 'is required' }).min(1, 'is required').max(256, 'is too long'),
  newPassword: z
    .string({ message: 'is required' })
    .min(PASSWORD_MIN_LENGTH, `must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(256, 'is too long'),
  ...secondFactorFields,
});
export type PasswordChangeRequest = z.input<typeof passwordChangeRequestSchema>;

/** `POST {base}/password`: how many other sessions of the area were ended. */
export const passwordChangeResponseSchema = z.object({ success: z.literal(true), sessionsEnded: z.number() });
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponseSchema>;

/** `GET {base}/two-factor`. */
export const twoFactorStatusSchema = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number() });
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** `POST {base}/two-factor/setup`: the pending secret (base32), its otpauth:// URI and a QR PNG `data:` URL. */
export const twoFactorSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** Body of `POST {base}/two-factor/enable`. */
export const twoFactorEnableRequestSchema = z.object({ totp: secondFactorFields.totp.unwrap() });
export type TwoFactorEnableRequest = z.input<typeof twoFactorEnableRequestSchema>;

/** `POST {base}/two-factor/enable`: the ten recovery codes, shown once. */
export const twoFactorEnabledResponseSchema = z.object({ enabled: z.literal(true), recoveryCodes: z.array(z.string()) });
export type TwoFactorEnabledResponse = z.infer<typeof twoFactorEnabledResponseSchema>;

/** Body of `POST {base}/two-factor/disable`: an app code or a recovery code. */
export const twoFactorDisableRequestSchema = z
  .object(secondFactorFields)
  .refine((body) => body.totp !== undefined || body.recoveryCode !== undefined, { message: 'is required', path: ['totp'] });
export type TwoFactorDisableRequest = z.input<typeof twoFactorDisableRequestSchema>;

/** `POST {base}/two-factor/disable`. */
export const twoFactorDisabledResponseSchema = z.object({ enabled: z.literal(false) });
export type TwoFactorDisabledResponse = z.infer<typeof twoFactorDisabledResponseSchema>;

/** One open session (never its token or the token's hash). Times ISO 8601 UTC. */
export const openSessionSchema = z.object({
  /** Random public id (32 hex digits): names the session for Revoke. */
  id: z.string(),
  area: z.enum(PASSWORD_AREAS),
  client: z.enum(['browser', 'desktop']),
  userAgent: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  expiresAt: z.string(),
  /** A session the request carries. */
  current: z.boolean(),
});
export type OpenSession = z.infer<typeof openSessionSchema>;

/** `GET /api/security/sessions`. */
export const sessionsResponseSchema = z.object({ sessions: z.array(openSessionSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

/** Path of `POST /api/security/sessions/{id}/revoke`. */
export const sessionIdParamsSchema = z.object({ id: z.string().regex(/^[0-9a-f]{32}$/, 'must be a session id') });

/** `POST /api/security/sessions/{id}/revoke`: the area the session belonged to. */
export const sessionRevokedResponseSchema = z.object({ success: z.literal(true), area: z.enum(PASSWORD_AREAS) });
export type SessionRevokedResponse = z.infer<typeof sessionRevokedResponseSchema>;

/** Body of `POST /api/security/sessions/revoke-all`: one area, or both when left out (or no body). */
export const revokeAllRequestSchema = z.object({ area: z.enum(PASSWORD_AREAS).optional() }).optional().default({});
export type RevokeAllRequest = z.input<typeof revokeAllRequestSchema>;

/** `POST /api/security/sessions/revoke-all`: how many sessions were ended. */
export const revokeAllResponseSchema = z.object({ success: z.literal(true), ended: z.number() });
export type RevokeAllResponse = z.infer<typeof revokeAllResponseSchema>;
