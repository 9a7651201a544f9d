import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures';

/**
 * The home page's first load stays small: the JS that index.html loads up front (entry module
 * plus its modulepreloaded chunks), gzipped. React 19 + react-dom alone are ~68 KB of it, so the
 * 90 KB target of README "Performance" is out of reach with React Router and React Query; this
 * budget catches regressions such as a library (zod, a date library, a whole icon set) or an
 * owner page slipping into the first bundle.
 */
const FIRST_LOAD_BUDGET_BYTES = 125 * 1024;

test('the first load of / stays within the JS budget and excludes the lazy pages', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const urls = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1] as string);
  expect(urls.length).toBeGreaterThan(0);

  let total = 0;
  for (const url of urls) {
    expect(url, 'owner pages and checkout load on demand').not.toMatch(
      /(admin|security-console|calendar-auth|checkout)-page/,
    );
    const res = await request.get(url);
    expect(res.ok()).toBe(true);
    expect(res.headers()['cache-control']).toMatch(/immutable/);
    total += gzipSync(await res.body(), { level: 9 }).length;
  }
  expect(total, `first-load JS is ${(total / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
});
