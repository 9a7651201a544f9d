import { describe, expect, it } from 'vitest';
import { eventLabel, isRefusal } from './event-labels';
import { blockRangeNote, rateLimitDetail } from './protection-text';
import { hstsDays } from './security-queries';

describe('security console formatting', () => {
  it('shows the HSTS max age in whole days ([security.headers])', () => {
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

  it('describes the rate limit in force, and says when it is off ([security.status])', () => {
    expect(rateLimitDetail({ rateLimitingEnabled: true, rateLimit: { max: 1000, windowMinutes: 15 } })).toBe(
      '1,000 requests per 15 minutes per IP address on the API (IPv6: per /64).',
    );
    expect(rateLimitDetail({ rateLimitingEnabled: false, rateLimit: { max: 0, windowMinutes: 15 } })).toMatch(/^Off: RATE_LIMIT_MAX is 0/);
  });

  it('says how much a blocked range covers', () => {
    expect(blockRangeNote('203.0.113.0/24')).toBe('256 addresses');
    expect(blockRangeNote('10.0.0.0/8')).toBe('16,777,216 addresses');
    expect(blockRangeNote('2001:db8::/48')).toBe('IPv6 range /48');
    expect(blockRangeNote('203.0.113.7')).toBeUndefined();
    expect(blockRangeNote('see ticket 12/4')).toBeUndefined();
  });
});
