import { describe, expect, it } from 'vitest';
import { IpBlocklist, InvalidIpRangeError, normalizeBlockEntry } from './ip-blocklist.js';

describe('normalizeBlockEntry', () => {
  it.each([
    ['203.0.113.0/24', '203.0.113.0/24'],
    ['203.0.113.77/24', '203.0.113.0/24'],
    ['10.1.2.3/8', '10.0.0.0/8'],
    ['0.0.0.0/0', '0.0.0.0/0'],
    ['198.51.100.7/32', '198.51.100.7'],
    ['2001:db8::/48', '2001:db8::/48'],
    ['2001:DB8:0:1234::5/48', '2001:db8::/48'],
    ['[2001:db8:1::]/64', '2001:db8:1::/64'],
    ['2001:db8::7/128', '2001:db8::7'],
    ['::ffff:10.9.8.7/104', '10.0.0.0/8'],
    ['::ffff:a09:807/120', '10.9.8.0/24'],
    ['::ffff:0:0/80', '::/80'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['2001:0DB8::0001', '2001:db8::1'],
    ['office printer', 'office printer'],
    ['see ticket 12/4', 'see ticket 12/4'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeBlockEntry(input)).toBe(expected);
  });

  it.each(['10.0.0.0/33', '2001:db8::/129', '10.0.0.0/', '10.0.0.0/abc', '10.0.0.0/-1', '10.0.0/24', '300.1.2.3/8', '2001:db8:::/48', '10.0.0.0/1000'])(
    'refuses the malformed range %s',
    (input) => {
      expect(() => normalizeBlockEntry(input)).toThrow(InvalidIpRangeError);
    },
  );
});

describe('IpBlocklist', () => {
  it('matches IPv4 and IPv6 clients against ranges, and only inside them', () => {
    const list = new IpBlocklist(['203.0.113.0/24', '2001:db8::/48']);
    expect(list.has('203.0.113.0')).toBe(true);
    expect(list.has('203.0.113.255')).toBe(true);
    expect(list.has('203.0.114.1')).toBe(false);
    expect(list.has('2001:db8::1')).toBe(true);
    expect(list.has('2001:db8:0:ffff:ffff:ffff:ffff:ffff')).toBe(true);
    expect(list.has('2001:db8:1::1')).toBe(false);
    expect(list.has('not an ip')).toBe(false);
  });

  it('matches exact addresses and plain text as stored', () => {
    const list = new IpBlocklist(['198.51.100.7', 'office printer']);
    expect(list.has('198.51.100.7')).toBe(true);
    expect(list.has('198.51.100.8')).toBe(false);
    expect(list.has('office printer')).toBe(true);
    expect(list.size).toBe(2);
  });

  it('forgets a deleted range while keeping the others', () => {
    const list = new IpBlocklist(['10.0.0.0/8', '192.0.2.0/24', '192.0.2.9']);
    expect(list.delete('10.0.0.0/8')).toBe(true);
    expect(list.delete('10.0.0.0/8')).toBe(false);
    expect(list.has('10.1.1.1')).toBe(false);
    expect(list.has('192.0.2.200')).toBe(true);
    expect(list.delete('192.0.2.0/24')).toBe(true);
    expect(list.has('192.0.2.200')).toBe(false);
    expect(list.has('192.0.2.9')).toBe(true);
    expect(list.size).toBe(1);
  });

  it('keeps a stored text that is not a valid range as plain text', () => {
    const list = new IpBlocklist(['10.0.0.0/33']);
    expect(list.size).toBe(1);
    expect(list.has('10.0.0.1')).toBe(false);
    expect(list.has('10.0.0.0/33')).toBe(true);
  });
});
