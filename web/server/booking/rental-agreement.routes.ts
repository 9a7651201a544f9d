import { Router } from 'express';
import {
  rentalAgreementParamsSchema,
  type CurrentRentalAgreementResponse,
  type RentalAgreementResponse,
  type RentalAgreementsResponse,
} from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { agreementVersion, agreementVersions, currentAgreement } from './bookings.js';

/**
 * The rental agreement ([agreement.publish], [agreement.record]); contracts in
 * `core/src/api/agreement.ts`. Published with `PUT /api/settings` `{ rentalAgreement }`.
 * - `GET /api/rental-agreement` (public) → the current version `{ version, text, publishedAt }`,
 *   or `{ version: null, text: '', publishedAt: null }` when none is published (the checkout
 *   then asks for nothing).
 * - `GET /api/rental-agreement/:version` (public) → that version exactly as published (the text a
 *   booking's guest agreed to); 404 `{ error }` for an unknown version, 400 for a malformed one.
 * - `GET /api/rental-agreements` (admin) → `{ versions }`, newest first.
 */
export function rentalAgreementRoutes(deps: AppDeps): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();
  router.get('/api/rental-agreement', (_req, res) => {
    const current = currentAgreement(deps);
    res
      .set('Cache-Control', 'no-store')
      .json((current ?? { version: null, text: '', publishedAt: null }) satisfies CurrentRentalAgreementResponse);
  });
  router.get('/api/rental-agreement/:version', (req, res) => {
    const { version } = parseOr400(rentalAgreementParamsSchema, req.params, 'version');
    const agreement = agreementVersion(deps, version);
    if (!agreement) throw new HttpError(404, `No rental agreement version ${version}`);
    res.set('Cache-Control', 'no-store').json(agreement satisfies RentalAgreementResponse);
  });
  router.get('/api/rental-agreements', admin, (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ versions: agreementVersions(deps) } satisfies RentalAgreementsResponse);
  });
  return router;
}
