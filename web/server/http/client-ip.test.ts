import { describe, expect, it } from 'vitest';
import { normalizeIp, rateLimitKey } from './client-ip.js';

describe('normalizeIp', () => {
  it.each([
    ['1.2.3.4', '1.2.3.4'],
    [' 1.2.3.4 ', '1.2.3.4'],
    ['::ffff:1.2.3.4', '1.2.3.4'],
    ['::FFFF:1.2.3.4', '1.2.3.4'],
    ['::ffff:102:304', '1.2.3.4'],
    ['0:0:0:0:0:ffff:1.2.3.4', '1.2.3.4'],
    ['2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['::1', '::1'],
    ['not an ip', 'not an ip'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeIp(input)).toBe(expected);
  });
});

describe('rateLimitKey', () => {
  it('groups the addresses of one IPv6 /64 under one key', () => {
    const key = rateLimitKey('2001:db8:1:2::1');
    expect(rateLimitKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe(key);
    expect(rateLimitKey('[2001:DB8:1:2:0:0:0:9]')).toBe(key);
    expect(rateLimitKey('2001:db8:1:3::1')).not.toBe(key);
  });

  it('keeps IPv4 addresses apart and counts IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(rateLimitKey('::ffff:192.0.2.1')).toBe(rateLimitKey('192.0.2.1'));
    expect(rateLimitKey('192.0.2.1')).not.toBe(rateLimitKey('192.0.2.2'));
  });
});
