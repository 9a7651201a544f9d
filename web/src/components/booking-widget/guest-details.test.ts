import { describe, expect, it } from 'vitest';
import { checkoutBookingDataSchema } from '@ridgeline/core';
import { EMPTY_GUEST_DETAILS, checkoutPath, fieldsInError, isPhoneNumber, validateGuestDetails } from './guest-details';

const valid = { ...EMPTY_GUEST_DETAILS, firstName: ' Ann ', lastName: 'Lee', email: 'ann@example.com ' };

describe('validateGuestDetails', () => {
  it('accepts the required fields and trims them', () => {
    expect(validateGuestDetails(valid)).toEqual({ ok: true, details: { ...valid, firstName: 'Ann', email: 'ann@example.com' } });
  });

  it('names every missing required field', () => {
    const result = validateGuestDetails({ ...EMPTY_GUEST_DETAILS, firstName: '   ' });
    expect(result).toEqual({
      ok: false,
      errors: { firstName: 'First name is required', lastName: 'Last name is required', email: 'Email is required' },
    });
    expect(fieldsInError(result.ok ? {} : result.errors)).toEqual(['firstName', 'lastName', 'email']);
  });

  it('checks the e-mail address and the phone number', () => {
    expect(validateGuestDetails({ ...valid, email: 'ann@' })).toEqual({ ok: false, errors: { email: 'Email must be an e-mail address' } });
    const phone = validateGuestDetails({ ...valid, phone: 'call me' });
    expect(phone.ok ? undefined : phone.errors.phone).toMatch(/^Phone must be a phone number/);
    expect(validateGuestDetails({ ...valid, phone: ' +1 (706) 555-0142 ' })).toMatchObject({ ok: true, details: { phone: '+1 (706) 555-0142' } });
  });

  it('applies the server lengths', () => {
    const result = validateGuestDetails({ ...valid, message: 'x'.repeat(2001) });
    expect(result).toEqual({ ok: false, errors: { message: 'Message must be at most 2000 characters' } });
  });

  it.each([
    ['706-555-0142', true],
    ['+44 20 7946 0958', true],
    ['555', false],
    ['12345678901234567', false],
    ['706 555 0142 ext', false],
  ])('isPhoneNumber(%j) is %s', (value, expected) => {
    expect(isPhoneNumber(value)).toBe(expected);
  });
});

describe('checkoutPath', () => {
  it('carries the booking data as URL-encoded JSON and the total in dollars', () => {
    const details = { ...valid, firstName: 'Ann', email: 'ann@example.com', message: '100% excited & ready?' };
    const path = checkoutPath({ checkin: '2026-12-10', checkout: '2026-12-12', guests: 4 }, details, 116699);
    expect(path.startsWith('/checkout?bookingData=')).toBe(true);
    const params = new URLSearchParams(path.split('?')[1]);
    expect(params.get('amount')).toBe('1166.99');
    const data = JSON.parse(params.get('bookingData') ?? '') as Record<string, unknown>;
    expect(Object.keys(data)).toEqual(['checkin', 'checkout', 'guests', 'firstName', 'lastName', 'email', 'phone', 'message', 'specialRequests']);
    expect(data).toMatchObject({ checkin: '2026-12-10', checkout: '2026-12-12', guests: 4, message: '100% excited & ready?' });
    expect(checkoutBookingDataSchema.safeParse(data).success).toBe(true);
  });

  it('writes whole totals with cents', () => {
    expect(checkoutPath({ checkin: '2026-12-10', checkout: '2026-12-11', guests: 1 }, valid, 150000)).toMatch(/&amount=1500\.00$/);
  });
});
