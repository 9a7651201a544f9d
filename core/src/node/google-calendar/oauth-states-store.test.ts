import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CALENDAR_AUTH_STATE_TTL_MS, calendarAuthNonce, calendarAuthState } from '../../google-calendar/calendar-auth.js';
import { consumeOAuthNonce, issueOAuthNonce, purgeExpiredOAuthNonces } from './oauth-states-store.js';
import { createTestDatabase } from '../test-db.js';

let t: ReturnType<typeof createTestDatabase>;
beforeEach(() => (t = createTestDatabase()));
afterEach(() => t.cleanup());

const at = (ms: number) => new Date(Date.UTC(2026, 10, 23, 12) + ms);

describe('OAuth state nonces ([google.oauth-state])', () => {
  it('round-trips through the state and rejects anything else', () => {
    const nonce = issueOAuthNonce(t.db, 'session-a', at(0));
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(calendarAuthNonce(calendarAuthState(nonce))).toBe(nonce);
    for (const bad of [null, undefined, '', 'calendar_auth', `calendar_auth.${nonce}x`, `other.${nonce}`, ` calendar_auth.${nonce}`]) {
      expect(calendarAuthNonce(bad)).toBeUndefined();
    }
  });

  it('is good once, for the session it was issued to, for 10 minutes', () => {
    const nonce = issueOAuthNonce(t.db, 'session-a', at(0));
    expect(consumeOAuthNonce(t.db, nonce, 'session-a', at(CALENDAR_AUTH_STATE_TTL_MS - 1))).toBe(true);
    expect(consumeOAuthNonce(t.db, nonce, 'session-a', at(1))).toBe(false);

    const other = issueOAuthNonce(t.db, 'session-a', at(0));
    expect(consumeOAuthNonce(t.db, other, 'session-b', at(1))).toBe(false);
    expect(consumeOAuthNonce(t.db, other, 'session-a', at(2))).toBe(false); // presented once: gone

    const late = issueOAuthNonce(t.db, 'session-a', at(0));
    expect(consumeOAuthNonce(t.db, late, 'session-a', at(CALENDAR_AUTH_STATE_TTL_MS))).toBe(false);
    expect(consumeOAuthNonce(t.db, 'never-issued', 'session-a', at(0))).toBe(false);
  });

  it('stores only hashes and forgets expired nonces', () => {
    const nonce = issueOAuthNonce(t.db, 'session-secret-token', at(0));
    const stored = JSON.stringify(t.db.prepare('SELECT * FROM oauth_states').all());
    expect(stored).not.toContain(nonce);
    expect(stored).not.toContain('session-secret-token');
    issueOAuthNonce(t.db, 'session-a', at(CALENDAR_AUTH_STATE_TTL_MS / 2));
    expect(purgeExpiredOAuthNonces(t.db, at(CALENDAR_AUTH_STATE_TTL_MS))).toBe(1);
    // Issuing purges too.
    issueOAuthNonce(t.db, 'session-a', at(3 * CALENDAR_AUTH_STATE_TTL_MS));
    expect((t.db.prepare('SELECT COUNT(*) AS n FROM oauth_states').get() as { n: number }).n).toBe(1);
  });
});
