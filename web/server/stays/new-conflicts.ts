import { claimNewConflicts, type StayConflict } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/**
 * Looks for double bookings nobody was told of yet ([stays.conflict]) and tells
 * `deps.onNewConflict` of each, once. Called whenever stays may have come to overlap: after a
 * calendar sync stored its events and after a payment confirmed a booking. The app's hook tells
 * the owner ([owner.notices]); without one each new conflict is only logged as a warning. Never
 * throws: a failed check or hook is logged.
 * @returns the conflicts found new by this call
 */
export function checkNewConflicts(deps: Pick<AppDeps, 'db' | 'logger' | 'now' | 'onNewConflict'>): StayConflict[] {
  let fresh: StayConflict[];
  try {
    fresh = claimNewConflicts(deps.db, deps.now?.() ?? new Date());
  } catch (err) {
    deps.logger.error('double-booking check failed', { err });
    return [];
  }
  for (const conflict of fresh) {
    const [a, b] = conflict.stays;
    deps.logger.warn('double booking: two stays share a night', { stays: [a.id, b.id], checkin: [a.checkin, b.checkin], checkout: [a.checkout, b.checkout] });
    try {
      void Promise.resolve(deps.onNewConflict?.(conflict)).catch((err: unknown) => deps.logger.error('new-conflict hook failed', { err, stays: [a.id, b.id] }));
    } catch (err) {
      deps.logger.error('new-conflict hook failed', { err, stays: [a.id, b.id] });
    }
  }
  return fresh;
}
