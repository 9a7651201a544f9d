import { describe, expect, it } from 'vitest';
import { browserFamily, visitorHash } from './page-views-store.js';

describe('browserFamily ([analytics.visitors])', () => {
  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36', 'chrome'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1', 'chrome'],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/120.0.0.0 Chrome/120.0.0.0 Safari/537.36', 'chrome'],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0', 'firefox'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15', 'safari'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1', 'safari'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0', 'edge'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/105.0.0.0', 'other'],
    ['curl/8.5.0', 'other'],
    ['', 'other'],
    ['   ', 'other'],
  ])('%s is %s', (userAgent, family) => {
    expect(browserFamily(userAgent)).toBe(family);
  });

  it('hashes the family, not the User-Agent string', () => {
    const chrome = (v: string) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v} Safari/537.36`;
    expect(visitorHash('salt', { ip: '203.0.113.1', userAgent: chrome('120.0.0.0') })).toBe(visitorHash('salt', { ip: '203.0.113.1', userAgent: chrome('121.0.1.2') }));
    expect(visitorHash('salt', { ip: '203.0.113.1', userAgent: chrome('120.0.0.0') })).not.toBe(visitorHash('salt', { ip: '203.0.113.2', userAgent: chrome('120.0.0.0') }));
    expect(visitorHash('salt', { ip: '203.0.113.1', userAgent: chrome('120.0.0.0') })).not.toBe(visitorHash('other', { ip: '203.0.113.1', userAgent: chrome('120.0.0.0') }));
  });
});
