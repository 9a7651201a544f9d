import { describe, expect, it } from 'vitest';
import { EMPTY_GUEST_DETAILS } from './guest-details';
import { DEFAULT_GUESTS, parseDraft } from './booking-draft';

const today = '2026-11-21';

describe('parseDraft', () => {
  it('restores a stored draft', () => {
    const draft = { checkin: '2026-12-10', checkout: '2026-12-12', guests: 4, details: { ...EMPTY_GUEST_DETAILS, firstName: 'Ann' } };
    expect(parseDraft(JSON.stringify(draft), today)).toEqual(draft);
  });

  it('forgets past or malformed dates and keeps the rest', () => {
    const stored = JSON.stringify({ checkin: '2026-11-01', checkout: '2026-11-03', guests: 3, details: { email: 'a@b.co', phone: 5 } });
    expect(parseDraft(stored, today)).toEqual({ guests: 3, details: { ...EMPTY_GUEST_DETAILS, email: 'a@b.co' } });
    expect(parseDraft(JSON.stringify({ checkin: '2026-12-10', checkout: '2026-12-09', guests: 40 }), today)).toEqual({
      checkin: '2026-12-10',
      guests: DEFAULT_GUESTS,
      details: EMPTY_GUEST_DETAILS,
    });
  });

  it('ignores nothing or garbage', () => {
    expect(parseDraft(null, today)).toBeUndefined();
    expect(parseDraft('{not json', today)).toBeUndefined();
    expect(parseDraft('"text"', today)).toBeUndefined();
  });
});
