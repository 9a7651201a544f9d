import type { OwnerNoticesResponse, OwnerNoticeView } from '@ridgeline/core';

/**
 * Whether a notice reached the owner's inbox, in the owner's words ([owner.notices]): "E-mailed",
 * or why not (no owner e-mail, no SMTP, the last send's error), or that the job will send it.
 */
export function noticeEmailStatus(notice: Pick<OwnerNoticeView, 'sentAt' | 'sendError'>, notEmailedBecause: OwnerNoticesResponse['notEmailedBecause']): { sent: boolean; label: string } {
  if (notice.sentAt) return { sent: true, label: 'E-mailed' };
  if (notEmailedBecause === 'owner-email') return { sent: false, label: 'Not e-mailed: set an owner e-mail in Settings' };
  if (notEmailedBecause === 'smtp') return { sent: false, label: 'Not e-mailed: SMTP is not set up' };
  if (notice.sendError) return { sent: false, label: `Not e-mailed: ${notice.sendError}` };
  return { sent: false, label: 'Being e-mailed' };
}
