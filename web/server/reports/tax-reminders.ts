import { PROPERTY, dueTaxReminder, taxReminderText, todayIn, unfiledAuthorities } from '@ridgeline/core';
import type { AppDeps } from '../deps.js';
import { notifyOwner } from '../notices/owner-notices.js';
import { taxReportOf } from './tax-report-data.js';

/** How often the `tax-return-reminders` job looks whether a reminder is due. */
export const TAX_REMINDERS_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The `tax-return-reminders` job's pass ([reports.tax-returns]): from the 10th (and again from the
 * 17th) to the 20th of a month, when a return of the previous month is not marked filed, tells
 * the owner (an owner notice, e-mailed by the `owner-notices` job) the month's amounts per tax
 * line, zero months included, the due date and the late penalty. Each reminder day is told once
 * (the notice's dedupe key `tax-return:YYYY-MM:DD`), whatever the number of passes or restarts.
 * @returns the reminder told on this pass, if any
 */
export function remindTaxReturns(
  deps: Pick<AppDeps, 'db' | 'logger' | 'now' | 'jobs'>,
): { month: string; reminderDay: number } | undefined {
  const today = todayIn(PROPERTY.timeZone, deps.now?.() ?? new Date());
  const due = dueTaxReminder(today);
  if (!due) return undefined;
  const report = taxReportOf(deps, Number(due.month.slice(0, 4)));
  const unfiled = unfiledAuthorities(report, due.month);
  if (unfiled.length === 0) return undefined;
  const { subject, text } = taxReminderText(report, due.month, unfiled);
  const told = notifyOwner(deps, {
    kind: 'tax-return',
    subject,
    text,
    dedupeKey: `tax-return:${due.month}:${due.reminderDay}`,
  });
  return told ? due : undefined;
}
