import type { OwnerNoticesResponse } from '@ridgeline/core';
import { addOwnerNotice, getOwnerSettings, recordBookingEvent, listOwnerNotices, listUnsentOwnerNotices, markOwnerNotice, type OwnerNotice, type OwnerNoticeKind } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { OWNER_NOTICES_JOB } from '../jobs/job-names.js';

/** Notices older than this are no longer e-mailed (the Overview still lists them). */
export const OWNER_NOTICE_SEND_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Tells the owner something happened ([owner.notices]): stores the notice (once per
 * `dedupeKey`), logs its subject, and triggers the `owner-notices` job that e-mails it to the
 * `ownerEmail` setting. Never throws for a failed e-mail: the job retries it.
 * @returns the stored notice, or undefined when its `dedupeKey` was already told
 */
export function notifyOwner(
  deps: Pick<AppDeps, 'db' | 'logger' | 'now' | 'jobs'>,
  notice: { kind: OwnerNoticeKind; subject: string; text: string; bookingId?: number | null; dedupeKey?: string },
): OwnerNotice | undefined {
  const stored = addOwnerNotice(deps.db, notice, deps.now?.() ?? new Date());
  if (!stored) return undefined;
  // The subject names the stay and what happened, never the guest's contact details.
  deps.logger.info('owner notice', { kind: stored.kind, subject: stored.subject, bookingId: stored.bookingId });
  deps.jobs?.trigger(OWNER_NOTICES_JOB);
  return stored;
}

/**
 * The `owner-notices` job's pass: e-mails each notice of the last 7 days not yet sent to the
 * owner's `ownerEmail`. Without an `ownerEmail` or without SMTP nothing is sent (the notices stay
 * on the Overview, and were logged when made).
 * @throws when a send failed (the notice keeps its error; the job's back-off retries it)
 */
export async function sendOwnerNotices(deps: Pick<AppDeps, 'db' | 'mailer' | 'now'>): Promise<{ sent: number }> {
  const to = getOwnerSettings(deps.db).ownerEmail;
  if (!to || !deps.mailer?.enabled) return { sent: 0 };
  const now = deps.now?.() ?? new Date();
  let sent = 0;
  const failures: string[] = [];
  for (const notice of listUnsentOwnerNotices(deps.db, new Date(now.getTime() - OWNER_NOTICE_SEND_WINDOW_MS))) {
    try {
      const result = await deps.mailer.send({ to, subject: notice.subject, text: notice.text });
      if (result.sent) {
        const at = deps.now?.() ?? new Date();
        markOwnerNotice(deps.db, notice.id, { sentAt: at });
        // The booking's history says the owner was told ([booking.timeline]).
        if (notice.bookingId !== null) recordBookingEvent(deps.db, notice.bookingId, 'owner-notified', `E-mailed the owner: ${notice.subject}`, at);
        sent++;
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      markOwnerNotice(deps.db, notice.id, { error: message });
      failures.push(`notice ${notice.id}: ${message}`);
    }
  }
  if (failures.length > 0) throw new Error(`owner notice e-mail not sent for ${failures.join('; ')}`);
  return { sent };
}

/**
 * What the Overview lists of what the owner was told ([owner.notices]): the newest `limit`
 * notices first; `emailConfigured` when an `ownerEmail` is set and SMTP is configured, else
 * `notEmailedBecause` names what is missing (`owner-email`, then `smtp`).
 */
export function ownerNoticesOverview(deps: Pick<AppDeps, 'db' | 'mailer'>, limit: number): OwnerNoticesResponse {
  const ownerEmail = getOwnerSettings(deps.db).ownerEmail;
  const smtp = deps.mailer?.enabled === true;
  const notEmailedBecause = !ownerEmail ? 'owner-email' : !smtp ? 'smtp' : null;
  return { notices: listOwnerNotices(deps.db, limit), emailConfigured: notEmailedBecause === null, notEmailedBecause };
}
