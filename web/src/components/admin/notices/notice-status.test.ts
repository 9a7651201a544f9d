import { describe, expect, it } from 'vitest';
import { noticeEmailStatus } from './notice-status';

describe('noticeEmailStatus [owner.notices]', () => {
  it('says E-mailed, or why not', () => {
    expect(noticeEmailStatus({ sentAt: '2026-11-21T15:00:00Z', sendError: null }, 'smtp')).toEqual({ sent: true, label: 'E-mailed' });
    expect(noticeEmailStatus({ sentAt: null, sendError: null }, 'owner-email').label).toBe('Not e-mailed: set an owner e-mail in Settings');
    expect(noticeEmailStatus({ sentAt: null, sendError: null }, 'smtp').label).toBe('Not e-mailed: SMTP is not set up');
    expect(noticeEmailStatus({ sentAt: null, sendError: '451 Mailbox temporarily unavailable' }, null)).toEqual({ sent: false, label: 'Not e-mailed: 451 Mailbox temporarily unavailable' });
    expect(noticeEmailStatus({ sentAt: null, sendError: null }, null).label).toBe('Being e-mailed');
  });
});
