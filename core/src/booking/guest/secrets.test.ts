import { describe, expect, it } from 'vitest';
import { type SecretsFacts, secretsRelease, secretsWaitText } from './secrets.js';

const stay: SecretsFacts = {
  status: 'confirmed',
  checkin: '2026-12-18',
  checkout: '2026-12-21',
  checkInTime: '16:00',
  checkOutTime: '10:00',
  balanceDueCents: 0,
  agreementPublished: true,
  agreementSigned: true,
  leadHours: 72,
};
// Check-in 2026-12-18 16:00 EST = 21:00Z; 72 h earlier is 2026-12-15 16:00 EST, whose day starts at 05:00Z. Check-out 2026-12-21 10:00 EST = 15:00Z.
const at = (iso: string) => new Date(iso);

describe('secretsRelease [stay.secrets]', () => {
  it('opens on the day secretsLeadHours before the check-in time and closes at the check-out time', () => {
    expect(secretsRelease(stay, at('2026-12-15T04:59:59Z'))).toMatchObject({ released: false, missing: ['too-early'], opensAt: '2026-12-15T05:00:00.000Z' });
    expect(secretsRelease(stay, at('2026-12-15T05:00:00Z'))).toMatchObject({ released: true, missing: [] });
    // The default check-in message, 10:00 three days before, is inside.
    expect(secretsRelease(stay, at('2026-12-15T15:00:00Z')).released).toBe(true);
    // 12 hours before a 4:00 PM check-in opens that same day.
    expect(secretsRelease({ ...stay, leadHours: 12 }, at('2026-12-18T05:00:00Z')).released).toBe(true);
    expect(secretsRelease({ ...stay, leadHours: 12 }, at('2026-12-18T04:59:00Z')).released).toBe(false);
    expect(secretsRelease(stay, at('2026-12-21T14:59:00Z')).released).toBe(true);
    expect(secretsRelease(stay, at('2026-12-21T15:00:00Z'))).toMatchObject({ released: false, missing: ['ended'], closesAt: '2026-12-21T15:00:00.000Z' });
  });

  it('counts the lead on the property clock across the daylight-saving change', () => {
    // Check-in 2026-03-09 00:30 EDT = 04:30Z; 48 real hours earlier is 2026-03-07 04:30Z = 2026-03-06 23:30 EST: the 6th opens (05:00Z).
    const spring = { ...stay, checkin: '2026-03-09', checkout: '2026-03-12', checkInTime: '00:30', leadHours: 48 };
    expect(secretsRelease(spring, at('2026-03-06T05:00:00Z')).released).toBe(true);
    expect(secretsRelease(spring, at('2026-03-06T04:59:00Z')).missing).toEqual(['too-early']);
    // In summer time the day starts at 04:00Z.
    expect(secretsRelease({ ...stay, checkin: '2026-07-10', checkout: '2026-07-12' }, at('2026-07-07T04:00:00Z')).released).toBe(true);
  });

  it('holds every secret back while a condition is missing, and names each', () => {
    const open = at('2026-12-17T12:00:00Z');
    expect(secretsRelease({ ...stay, balanceDueCents: 80_000 }, open).missing).toEqual(['unpaid']);
    expect(secretsRelease({ ...stay, agreementSigned: false }, open).missing).toEqual(['agreement']);
    expect(secretsRelease({ ...stay, agreementPublished: false, agreementSigned: false }, open).released).toBe(true);
    expect(secretsRelease({ ...stay, status: 'pending' }, open).missing).toEqual(['not-confirmed']);
    expect(secretsRelease({ ...stay, status: 'cancelled' }, open).missing).toEqual(['cancelled']);
    expect(secretsRelease({ ...stay, balanceDueCents: 1, agreementSigned: false }, at('2026-12-01T12:00:00Z')).missing).toEqual(['unpaid', 'agreement', 'too-early']);
  });
});

describe('secretsWaitText', () => {
  const text = (facts: Partial<SecretsFacts>, now: string) => secretsWaitText('Your door code', secretsRelease({ ...stay, ...facts }, at(now)), facts.leadHours ?? stay.leadHours);
  it('says when and on what the secret waits', () => {
    expect(text({ balanceDueCents: 5_000 }, '2026-12-01T12:00:00Z')).toBe('Your door code will be here 3 days before check-in, once the balance is paid.');
    expect(text({}, '2026-12-01T12:00:00Z')).toBe('Your door code will be here 3 days before check-in.');
    expect(text({ balanceDueCents: 5_000, agreementSigned: false }, '2026-12-17T12:00:00Z')).toBe('Your door code will be here once the balance is paid and the rental agreement is signed.');
    expect(text({ leadHours: 12 }, '2026-12-01T12:00:00Z')).toBe('Your door code will be here 12 hours before check-in.');
    expect(text({ status: 'cancelled' }, '2026-12-17T12:00:00Z')).toBe('Your door code is not available: this booking is cancelled.');
    expect(text({}, '2026-12-22T12:00:00Z')).toBe('Your door code is no longer available: this stay has ended.');
    expect(text({}, '2026-12-17T12:00:00Z')).toBeNull();
  });
});
