import { addDays, todayIn } from '../../../shared/dates.js';
import { PROPERTY } from '../../../shared/property.js';
import { eachConflictPair, type Stay } from '../../../booking/stays/stays.js';
import { MAX_STAYS_SPAN_DAYS } from '../../../api/stays.js';
import type { Db } from '../../platform/database.js';
import { listStays } from './stays-reader.js';

/**
 * The most new conflicts one check reports ([stays.conflict]): a broken feed of thousands of
 * overlapping events must not write millions of rows or send millions of notices at once; the
 * rest are reported by the next checks, each still once.
 */
export const MAX_NEW_CONFLICTS_PER_CHECK = 50;

/** Two stays sharing a night ([stays.conflict]), ids in sorted order. */
export interface StayConflict {
  stays: [Stay, Stay];
}

/**
 * The conflicts among stays from today on (America/New_York, [data.today]) that were never
 * reported, each recorded as reported in the same transaction: a conflict is returned once, ever
 * ([stays.conflict]: "one e-mail to the owner per new conflict"). A pair that goes away and comes
 * back is not new. Holds are left out: a hold is paid or gone within minutes, and its booking (a
 * new id) is checked when paid, so one double booking is not reported twice.
 * At most `MAX_NEW_CONFLICTS_PER_CHECK` are claimed per call.
 * @returns the new conflicts, by check-in
 */
export function claimNewConflicts(db: Db, now: Date = new Date()): StayConflict[] {
  const today = todayIn(PROPERTY.timeZone, now);
  return db.transaction(() => {
    const stays = listStays(db, today, addDays(today, MAX_STAYS_SPAN_DAYS)).filter((s) => s.channel !== 'hold');
    const byId = new Map(stays.map((s) => [s.id, s]));
    const claim = db.prepare('INSERT OR IGNORE INTO stay_conflicts (first_stay_id, second_stay_id, first_seen) VALUES (?, ?, ?)');
    const fresh: StayConflict[] = [];
    for (const [a, b] of eachConflictPair(stays)) {
      if (claim.run(a, b, now.toISOString()).changes === 0) continue;
      fresh.push({ stays: [byId.get(a) as Stay, byId.get(b) as Stay] });
      if (fresh.length >= MAX_NEW_CONFLICTS_PER_CHECK) break;
    }
    return fresh;
  })();
}
