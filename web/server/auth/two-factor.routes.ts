import { Router, type RequestHandler } from 'express';
import QRCode from 'qrcode';
import {
  twoFactorDisableRequestSchema,
  twoFactorEnableRequestSchema,
  type TwoFactorDisabledResponse,
  type TwoFactorEnabledResponse,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '@ridgeline/core';
import type { PasswordArea } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { parseOr400 } from '../http/validate.js';
import type { SecurityState } from '../security/security-state.js';
import { startTwoFactorSetup, turnOffTwoFactor, turnOnTwoFactor, twoFactorStatus } from './two-factor-setup.js';
import { requireSession } from '../http/sessions.js';

const BASE: Record<PasswordArea, string> = { admin: '/api/auth', security: '/api/security' };
/**
 * Two-factor sign-in (TOTP, RFC 6238) of one area, each behind that area's session
 * ([auth.two-factor]); `{base}` is `/api/auth` (admin) or `/api/security` (console); contracts in
 * `core/src/api/auth.ts`:
 * - `GET {base}/two-factor` → `{ enabled, recoveryCodesLeft }`.
 * - `POST {base}/two-factor/setup` → `{ secret, otpauthUrl, qrDataUrl }`: a new secret (base32,
 *   to type), its `otpauth://` URI (Google Authenticator "Key Uri Format") and that URI as a QR
 *   code (`data:image/png;base64,…`). Pending until confirmed; 409 while it is on.
 * - `POST {base}/two-factor/enable` `{ totp }` → `{ enabled: true, recoveryCodes: [10 strings] }`,
 *   shown once (stored hashed); 403 for a wrong code, 409 without a pending set-up.
 * - `POST {base}/two-factor/disable` `{ totp }` or `{ recoveryCode }` → `{ enabled: false }`;
 *   403 for a wrong code (counts toward the sign-in throttle and the area's account-wide limit),
 *   409 when it is off, 429 while the area's codes are locked ([auth.two-factor-limit]).
 * Audit entries "two-factor enabled" / "two-factor disabled" come from the automatic writer.
 */
export function twoFactorRoutes(deps: AppDeps, area: PasswordArea, limiter: RequestHandler, security?: SecurityState): Router {
  const base = BASE[area];
  const guard = requireSession(deps, area);
  const router = Router();

  router.get(`${base}/two-factor`, guard, (_req, res) => {
    res.set('Cache-Control', 'no-store').json(twoFactorStatus(deps, area) satisfies TwoFactorStatus);
  });

  router.post(`${base}/two-factor/setup`, guard, async (_req, res) => {
    const setup = startTwoFactorSetup(deps, area);
    const qrDataUrl = await QRCode.toDataURL(setup.otpauthUrl, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
    res.set('Cache-Control', 'no-store').json({ ...setup, qrDataUrl } satisfies TwoFactorSetup);
  });

  router.post(`${base}/two-factor/enable`, guard, (req, res) => {
    const { totp } = parseOr400(twoFactorEnableRequestSchema, req.body);
    const recoveryCodes = turnOnTwoFactor(deps, area, totp);
    res.set('Cache-Control', 'no-store').json({ enabled: true, recoveryCodes } satisfies TwoFactorEnabledResponse);
  });

  router.post(`${base}/two-factor/disable`, guard, limiter, (req, res) => {
    const { totp, recoveryCode } = parseOr400(twoFactorDisableRequestSchema, req.body);
    turnOffTwoFactor(deps, req, area, totp !== undefined ? { totp } : { recoveryCode: recoveryCode as string }, security);
    res.json({ enabled: false } satisfies TwoFactorDisabledResponse);
  });

  return router;
}
