import { describe, expect, it } from 'vitest';
import { calendarAuthFailure, readGoogleReturn } from './calendar-auth-messages';
import { ApiError, UnexpectedAnswerError } from '@/lib/api-error';

describe('readGoogleReturn', () => {
  it('reads a grant, a denial, a foreign state and nothing', () => {
    const state = `calendar_auth.${'n'.repeat(43)}`;
    expect(readGoogleReturn(new URLSearchParams(`code=4/abc&state=${state}&scope=x`))).toEqual({ kind: 'code', code: '4/abc', state });
    expect(readGoogleReturn(new URLSearchParams(`error=access_denied&state=${state}`))).toEqual({ kind: 'denied' });
    expect(readGoogleReturn(new URLSearchParams('code=4/abc&state=other'))).toEqual({ kind: 'denied' });
    // The bare fixed state of old is no request of ours any more ([google.oauth-state]).
    expect(readGoogleReturn(new URLSearchParams('code=4/abc&state=calendar_auth'))).toEqual({ kind: 'denied' });
    expect(readGoogleReturn(new URLSearchParams('code=4/abc'))).toEqual({ kind: 'denied' });
    expect(readGoogleReturn(new URLSearchParams(''))).toEqual({ kind: 'none' });
  });
});

describe('calendarAuthFailure', () => {
  it("keeps the server's message, prefixes the words of [google.messages], and names network errors", () => {
    expect(calendarAuthFailure(new ApiError(400, '{"error":"Failed to get refresh token: invalid_grant"}'), 'Failed to get refresh token')).toBe(
      'Failed to get refresh token: invalid_grant',
    );
    expect(calendarAuthFailure(new ApiError(503, '{"error":"Google Calendar is not configured"}'), 'Invalid refresh token')).toBe(
      'Invalid refresh token: Google Calendar is not configured',
    );
    expect(calendarAuthFailure(new ApiError(500, ''), 'Invalid refresh token')).toBe('Invalid refresh token');
    // A refused state keeps the words of [google.messages] first, not "Failed to get refresh token: …".
    expect(
      calendarAuthFailure(new ApiError(400, '{"error":"Authorization denied or failed: start again"}'), 'Failed to get refresh token'),
    ).toBe('Authorization denied or failed: start again');
    expect(calendarAuthFailure(new TypeError('Failed to fetch'), 'Invalid refresh token')).toBe('Network error: Failed to fetch');
  });

  it('says the call failed, not the network, when the answer was off its contract', () => {
    expect(calendarAuthFailure(new UnexpectedAnswerError('/api/calendar/exchange-code', 'refreshToken: expected string'), 'Failed to get refresh token')).toBe(
      'Failed to get refresh token',
    );
  });
});
