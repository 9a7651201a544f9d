import { describe, expect, it } from 'vitest';
import { classifyNavigation, isAppUrl } from './trusted-url';

describe('isAppUrl', () => {
  it.each(['app://ridgeline/index.html', 'app://ridgeline/index.html#/admin', 'app://ridgeline/', 'app://ridgeline'])(
    'accepts the app itself: %s',
    (url) => expect(isAppUrl(url)).toBe(true),
  );

  it.each([
    'app://ridgeline.evil.com/index.html',
    'app://evil.com/ridgeline',
    'app://ridgeline@evil.com/',
    'app://x@ridgeline/',
    'app://ridgeline:8080/',
    'app://ridgelinex/',
    'https://ridgeline/index.html',
    'http://localhost:3000@evil.com/',
    'file:///work/desktop/dist/renderer/index.html',
    'javascript:alert(1)',
    'not a url',
    '',
  ])('refuses %s', (url) => expect(isAppUrl(url)).toBe(false));

  it('accepts the dev server origin only when one is given, and exactly it', () => {
    expect(isAppUrl('http://localhost:5174/#/admin')).toBe(false);
    expect(isAppUrl('http://localhost:5174/#/admin', 'http://localhost:5174')).toBe(true);
    expect(isAppUrl('http://localhost:5175/', 'http://localhost:5174')).toBe(false);
    expect(isAppUrl('http://localhost:5174@evil.com/', 'http://localhost:5174')).toBe(false);
    expect(isAppUrl('http://localhost:5174.evil.com/', 'http://localhost:5174')).toBe(false);
  });
});

describe('classifyNavigation', () => {
  it('keeps app URLs in the window', () => {
    expect(classifyNavigation('app://ridgeline/index.html#/security-console')).toEqual({ action: 'allow' });
  });

  it('opens http(s) and mailto links outside, normalised', () => {
    expect(classifyNavigation('https://evil.example')).toEqual({
      action: 'open-externally',
      url: 'https://evil.example/',
    });
    expect(classifyNavigation('http://localhost:3000/')).toEqual({
      action: 'open-externally',
      url: 'http://localhost:3000/',
    });
    expect(classifyNavigation('mailto:guest@example.com')).toEqual({
      action: 'open-externally',
      url: 'mailto:guest@example.com',
    });
  });

  it.each([
    'javascript:alert(document.domain)',
    'JavaScript:alert(1)',
    'file:///etc/passwd',
    'data:text/html,<script>alert(1)</script>',
    'app://ridgeline.evil.com/',
    'http://localhost:3000@evil.com/',
    'https://user:pass@evil.example/',
    'smb://fileserver/share',
    'vbscript:msgbox',
    'tel:+17065550142',
    '//evil.example',
    'not a url',
  ])('refuses %s', (url) => expect(classifyNavigation(url)).toEqual({ action: 'refuse' }));
});
