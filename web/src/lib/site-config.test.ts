import { afterEach, describe, expect, it } from 'vitest';
import { getGuideUrl, getListingUrl, readMetaContent } from './site-config';

function setMeta(name: string, content: string) {
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.append(meta);
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('site config', () => {
  it('falls back while the server has not filled in the placeholders (vite dev)', () => {
    setMeta('ridgeline:listing-url', '__LISTING_URL__');
    setMeta('ridgeline:guide-url', '__GUIDE_URL__');
    expect(getListingUrl()).toBe('');
    expect(getGuideUrl()).toBe('/guide');
  });

  it('reads the values the server wrote', () => {
    setMeta('ridgeline:listing-url', 'https://www.airbnb.com/rooms/123');
    setMeta('ridgeline:guide-url', 'https://guide.example.com/ridgeline');
    expect(getListingUrl()).toBe('https://www.airbnb.com/rooms/123');
    expect(getGuideUrl()).toBe('https://guide.example.com/ridgeline');
  });

  it('falls back for a missing or blank meta', () => {
    expect(readMetaContent('nope', 'fallback')).toBe('fallback');
    setMeta('blank', '  ');
    expect(readMetaContent('blank', 'fallback')).toBe('fallback');
  });
});
