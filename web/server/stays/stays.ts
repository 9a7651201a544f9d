import type { StaysResponse } from '@ridgeline/core';
import { listStays } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/**
 * Every stay with a night in [from, to) (`YYYY-MM-DD`) ([stays.list]): paid bookings, imported
 * reservations and blocks of active calendar sources, owner blocks and live holds, sorted by
 * check-in, overlapping ones marked `conflict` ([stays.conflict]).
 */
export function staysBetween(deps: Pick<AppDeps, 'db'>, from: string, to: string): StaysResponse['stays'] {
  return listStays(deps.db, from, to);
}
