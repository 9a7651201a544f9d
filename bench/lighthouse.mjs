/**
 * Lighthouse (mobile preset, its default throttling) in Debian's Chromium for `/` and a
 * `/checkout?…` URL: the four category scores, LCP, TBT, CLS, total transfer and JS bytes.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export async function runLighthouse(urls) {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const rows = [];
  try {
    for (const url of urls) {
      const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
      if (lhr.runtimeError) {
        rows.push({ page: new URL(url).pathname, error: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` });
        continue;
      }
      const audit = (id) => lhr.audits[id]?.numericValue;
      const scripts = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script');
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      rows.push({
        page: new URL(url).pathname,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(audit('largest-contentful-paint') ?? NaN),
        tbtMs: Math.round(audit('total-blocking-time') ?? NaN),
        cls: Number((audit('cumulative-layout-shift') ?? NaN).toFixed(3)),
        transferKB: Math.round((audit('total-byte-weight') ?? NaN) / 1024),
        jsKB: Math.round((scripts?.transferSize ?? NaN) / 1024),
        failing: Object.values(lhr.categories)
          .flatMap((c) => c.auditRefs.map((r) => lhr.audits[r.id]))
          .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id)
          .slice(0, 8),
      });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}
