import { Router } from 'express';
import { bookingIdParamsSchema, claimDamageDepositRequestSchema, formatCents, type DamageDepositResponse, type DamageDeposits, type UnclaimableWhy } from '@ridgeline/core';
import { requireSession } from '../http/sessions.js';
import type { AppDeps } from '../deps.js';
import { HttpError } from '../http/errors.js';
import { parseOr400 } from '../http/validate.js';
import { bookingById } from './bookings.js';
import { damageDepositOf } from './damage-deposits.js';
import { bookingByToken, privateGuestAnswer } from './guest-token.js';

/** The 409's words for why nothing can be claimed ([deposit.claim-guard]). */
const UNCLAIMABLE: Readonly<Record<UnclaimableWhy, string>> = {
  none: 'This booking has no damage deposit held on the card to claim from',
  released: 'The damage deposit was already released: nothing is held on the card any more, so nothing can be claimed',
  claimed: 'The damage deposit was already claimed: the rest was released, so nothing more can be claimed',
  'under-way': 'A release or claim of this damage deposit is under way at Stripe; look again in a minute',
};

/**
 * The owner's side of the damage deposit ([deposit.release], [deposit.claim]), admin; contracts
 * in `core/src/api/damage-deposit.ts`:
 * - `GET /api/bookings/{id}/damage-deposit` → `{ deposit }` (state, amount, dates, claim); 404 unknown id.
 * - `POST /api/bookings/{id}/damage-deposit/claim` `{ amountCents, reason }` → 200 `{ deposit }`
 *   once Stripe captured that part of the hold (the rest released). 400 `{ error, field }` for a
 *   bad body, an amount above the hold (`field: 'amountCents'`) or a blank reason; 404 unknown
 *   id; 409 `{ error, reason }` with nothing claimable: `reason` `none` (none yet or declined),
 *   `released`, `claimed`, `under-way` (a claim or release at Stripe) or `cancelled` (the booking);
 *   a claim runs in the booking's turn, after a cancel or the job's release of it
 *   ([deposit.claim-guard]); 503 card payments off; 502 Stripe refused or failed, with its message (nothing
 *   claimed; trying again is safe). A capture whose answer is lost is read back from Stripe
 *   ([deposit.unknown-outcome]): captured → 200; still held → 502 (nothing claimed); not
 *   readable → 502 saying the claim stays pending (the job settles it; a new claim is 409).
 * - `GET /api/stay/{token}/damage-deposit` (public, the guest's page) → `{ deposit }`; 404 for a
 *   malformed or unknown token, as `GET /api/stay/{token}`. Never cached.
 */
export function damageDepositRoutes(deps: AppDeps, { damageDeposits }: { damageDeposits: DamageDeposits }): Router {
  const admin = requireSession(deps, 'admin');
  const router = Router();

  const bookingOr404 = (id: number) => {
    const booking = bookingById(deps, id);
    if (!booking) throw new HttpError(404, `No booking with id ${id}`);
    return booking;
  };

  router.get('/api/bookings/:id/damage-deposit', admin, (req, res) => {
    const { id } = parseOr400(bookingIdParamsSchema, req.params, 'id');
    res.set('Cache-Control', 'no-store').json({ deposit: damageDepositOf(deps, bookingOr404(id)) } satisfies DamageDepositResponse);
  });

  router.get('/api/stay/:token/damage-deposit', (req, res) => {
    const booking = bookingByToken(deps, req.params);
    privateGuestAnswer(res).json({ deposit: damageDepositOf(deps, booking) } satisfies DamageDepositResponse);
  });

  router.post('/api/bookings/:id/damage-deposit/claim', admin, async (req, res) => {
    const { id } = parseOr400(bookingIdParamsSchema, req.params, 'id');
    const body = parseOr400(claimDamageDepositRequestSchema, req.body ?? {});
    const booking = bookingOr404(id);
    const result = await damageDeposits.claim({ booking, amountCents: body.amountCents, reason: body.reason });
    if (result.ok) {
      res.json({ deposit: damageDepositOf(deps, booking) } satisfies DamageDepositResponse);
      return;
    }
    switch (result.reason) {
      case 'not-found':
        throw new HttpError(404, `No booking with id ${id}`);
      case 'no-authorized-hold':
        throw new HttpError(409, UNCLAIMABLE[result.why], { reason: result.why });
      case 'booking-cancelled':
        throw new HttpError(409, 'This booking is cancelled: its damage deposit is released, not claimed', { reason: 'cancelled' });
      case 'invalid': {
        const held = damageDepositOf(deps, booking).amountCents;
        const message = result.field === 'amountCents' && held !== null && body.amountCents > held ? `must be at most ${formatCents(held)} (the hold)` : result.message;
        throw new HttpError(400, `${result.field}: ${message}`, { field: result.field });
      }
      case 'payments-unavailable':
        throw new HttpError(503, 'Card payments are not set up on this server (STRIPE_SECRET_KEY), so the deposit cannot be claimed.');
      case 'provider-failed':
        throw new HttpError(502, result.message || 'Stripe could not be reached; nothing was claimed. Try again.');
      case 'outcome-unknown':
        throw new HttpError(502, 'Stripe did not answer, so whether the claim went through is not known yet. It stays pending and is settled from Stripe automatically (within about an hour); do not claim again.');
    }
  });
  return router;
}
