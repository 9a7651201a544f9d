import { describe, expect, it } from 'vitest';
import { eventLabel, isRefusal } from './event-labels';
import { hstsDays } from './security-queries';

describe('security console formatting', () => {
  it('shows the HSTS max age in whole days (SPEC §2)', () => {
    expect(hstsDays(31_536_000)).toBe(365);
    expect(hstsDays(86_400)).toBe(1);
    expect(hstsDays(0)).toBe(0);
  });

  it('names each security-log event and tells refusals from successes', () => {
    expect(eventLabel('login')).toBe('Sign-in');
    expect(eventLabel('ip_blocked')).toBe('IP blocked');
    expect(eventLabel('blocked_request')).toBe('Blocked request');
    expect(eventLabel('something_new')).toBe('something_new');
    expect(isRefusal('refused 403')).toBe(true);
    expect(isRefusal('ok')).toBe(false);
  });
});
