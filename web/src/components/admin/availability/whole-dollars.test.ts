import { describe, expect, it } from 'vitest';
import { formatDollars, parseWholeDollars } from './whole-dollars';

describe('parseWholeDollars', () => {
  it('accepts whole numbers from 0', () => {
    expect(parseWholeDollars('250')).toBe(250);
    expect(parseWholeDollars(' 0 ')).toBe(0);
    expect(parseWholeDollars('1200')).toBe(1200);
  });

  it('refuses empty, negative, fractional and non-numeric entries ([validation.numbers])', () => {
    for (const bad of ['', '  ', '-1', '12.5', '1e3', 'abc', '250$', '99999999999999999999']) {
      expect(parseWholeDollars(bad), bad).toBeUndefined();
    }
  });
});

describe('formatDollars', () => {
  it('writes whole dollars with a thousands separator', () => {
    expect(formatDollars(250)).toBe('$250');
    expect(formatDollars(1200)).toBe('$1,200');
  });
});
