import { describe, expect, it } from 'vitest';
import { pageViewPath } from './page-view';

describe('pageViewPath ([analytics.page-view], [guest.page])', () => {
  it("keeps paths, but never a guest page's token", () => {
    expect(pageViewPath('/')).toBe('/');
    expect(pageViewPath('/checkout')).toBe('/checkout');
    expect(pageViewPath('/stay/abcDEF123_-abcDEF123_-')).toBe('/stay/:token');
    expect(pageViewPath('/review/abcDEF123_-abcDEF123_-/')).toBe('/review/:token/');
    expect(pageViewPath('/stayed/abc')).toBe('/stayed/abc');
  });
});
