import { describe, expect, it } from 'vitest';
import { groupSecret, secondFactorOf } from './use-two-factor';

describe('secondFactorOf', () => {
  it('reads six digits as an app code and anything else as a recovery code', () => {
    expect(secondFactorOf('123 456')).toEqual({ totp: '123456' });
    expect(secondFactorOf(' 654321 ')).toEqual({ totp: '654321' });
    expect(secondFactorOf('abcd-efgh-jkmn-pqrs')).toEqual({ recoveryCode: 'abcd-efgh-jkmn-pqrs' });
    expect(secondFactorOf('12345')).toEqual({ recoveryCode: '12345' });
  });
});

describe('groupSecret', () => {
  it('groups the key by four without a trailing space', () => {
    expect(groupSecret('ABCDEFGHIJKLMNOP')).toBe('ABCD EFGH IJKL MNOP');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
  });
});
