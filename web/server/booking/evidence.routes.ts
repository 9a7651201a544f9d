import { Router } from 'express';
import { bookingIdParamsSchema } from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { evidencePackFor, renderEvidencePack } from './evidence-pack.js';

/**
 * `GET /api/bookings/{id}/evidence` (admin, [dispute.evidence]) → the booking's evidence pack as
 * a PDF download (`Content-Disposition: attachment; filename="evidence-booking-<id>.pdf"`): the
 * booking, its quote, payments and refunds, the agreement accepted with name, time, IP and user
 * agent and its text, the e-mails sent and the timeline. 404 `{ error }` for an unknown id, 400
 * naming `id` for a malformed one.
 */
export function evidenceRoutes(deps: AppDeps): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();
  router.get('/api/bookings/:id/evidence', admin, async (req, res) => {
    const { id } = parseOr400(bookingIdParamsSchema, req.params, 'id');
    const pack = evidencePackFor(deps, id);
    if (!pack) throw new HttpError(404, `No booking with id ${id}`);
    const pdf = await renderEvidencePack(pack);
    res
      .set('Cache-Control', 'no-store')
      .type('application/pdf')
      // The id is digits only: the quoted name needs no escaping.
      .set('Content-Disposition', `attachment; filename="evidence-booking-${id}.pdf"`)
      .send(pdf);
  });
  return router;
}
