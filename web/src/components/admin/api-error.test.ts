import { describe, expect, it } from 'vitest';
import { isTwoFactorRequired, isUnauthorized, serverMessage } from './api-error';
import { ApiError } from '@/lib/api-error';

describe('isUnauthorized', () => {
  it('is true only for errors of 401 responses', () => {
    expect(isUnauthorized(new ApiError(401, '{"error":"Sign in to the admin dashboard first"}'))).toBe(true);
    expect(isUnauthorized(new ApiError(403, '{"error":"Cross-site request refused"}'))).toBe(false);
    expect(isUnauthorized(new Error('Failed to fetch'))).toBe(false);
    expect(isUnauthorized('401')).toBe(false);
  });
});

describe('serverMessage', () => {
  it("reads the JSON body's error", () => {
    expect(serverMessage(new ApiError(503, '{"error":"Card payments are not set up"}'))).toBe(
      'Card payments are not set up',
    );
  });

  it('falls back to the body text, or the status text', () => {
    expect(serverMessage(new ApiError(502, '', 'Bad Gateway'))).toBe('Bad Gateway');
    expect(serverMessage(new ApiError(500, '{"message":"no error field"}'))).toBe('{"message":"no error field"}');
  });

  it('is undefined for errors that are not API errors', () => {
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
    expect(serverMessage(undefined)).toBeUndefined();
  });
});

describe('isTwoFactorRequired', () => {
  it('is true only when the JSON body says twoFactorRequired: true', () => {
    expect(isTwoFactorRequired(new ApiError(401, '{"error":"Two-factor code required","twoFactorRequired":true}'))).toBe(true);
    expect(isTwoFactorRequired(new ApiError(401, '{"error":"Incorrect password"}'))).toBe(false);
    expect(isTwoFactorRequired(new ApiError(401, '{"twoFactorRequired":"yes"}'))).toBe(false);
    expect(isTwoFactorRequired(new ApiError(401, 'twoFactorRequired'))).toBe(false);
    expect(isTwoFactorRequired(undefined)).toBe(false);
  });
});
