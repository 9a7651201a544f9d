import { chromium } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { startProductionServer } from './server.mjs';
const server = await startProductionServer({ DEMO_CONTENT: 'true' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  const page = await browser.newPage();
  const reqs = [];
  page.on('response', async (r) => { if (r.request().resourceType() === 'script') { const b = await r.body().catch(() => Buffer.alloc(0)); reqs.push(`${gzipSync(b, { level: 9 }).length}\t${r.url().replace(server.url, '')}`); } });
  await page.goto(server.url + '/');
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3000);
  reqs.push('--- after idle');
  await page.locator('#booking').scrollIntoViewIfNeeded();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(2000);
  console.log(reqs.join('\n'));
} finally { await browser.close(); await server.stop(); }
