import { describe, expect, it } from 'vitest';
import { clockIn, hasCheckedOut, reviewRequestEmail, reviewRequestWindow } from './review-request.js';

describe('review request ([reviews.request])', () => {
  it('asks for check-outs of the last 14 days up to today', () => {
    expect(reviewRequestWindow('2026-12-20')).toEqual({ from: '2026-12-06', to: '2026-12-20' });
  });

  it("is due from the check-out time of the check-out day, in the property's zone", () => {
    expect(hasCheckedOut('2026-12-12', '2026-12-11', '23:00', '10:00')).toBe(false);
    expect(hasCheckedOut('2026-12-12', '2026-12-12', '09:59', '10:00')).toBe(false);
    expect(hasCheckedOut('2026-12-12', '2026-12-12', '10:00', '10:00')).toBe(true);
    expect(hasCheckedOut('2026-12-12', '2026-12-13', '00:01', '10:00')).toBe(true);
    // 14:30 UTC is 09:30 in Georgia in winter.
    expect(clockIn('America/New_York', new Date('2026-12-12T14:30:00Z'))).toBe('09:30');
    expect(clockIn('America/New_York', new Date('2026-12-12T05:05:00Z'))).toBe('00:05');
  });

  it('links to the review page', () => {
    const mail = reviewRequestEmail({ firstName: 'Ann', checkin: '2026-12-10', checkout: '2026-12-12', guestToken: 'tok_tok_tok_tok_tok_' }, 'https://ridgeline.example/');
    expect(mail.subject).toBe('How was your stay at Ridgeline?');
    expect(mail.text).toContain('Hi Ann,');
    expect(mail.text).toContain('https://ridgeline.example/review/tok_tok_tok_tok_tok_');
  });
});
