import { expect, startServer, test } from './fixtures';
import { loginToSecurityConsole, securityPasswordField } from './security-helpers';

test('screens', async ({ page, playwright }) => {
  const server = await startServer({ TRUST_PROXY: '1', RATE_LIMIT_MAX: '100' });
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/security-console`);
    await securityPasswordField(page).fill('wrong');
    await securityPasswordField(page).press('Enter');
    await expect(page.getByRole('alert')).toBeVisible();
    await page.getByRole('button', { name: 'Show password' }).click();
    await page.screenshot({ path: '/tmp/shots/gate.png' });
    await loginToSecurityConsole(page, server.url);
    const v = await playwright.request.newContext({ baseURL: server.url, extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.50' } });
    await v.post('/api/auth/login', { data: { password: 'nope' } });
    for (const ip of ['203.0.113.50', '2001:db8::42', 'bad.actor.example']) {
      await page.getByLabel('IP address to block').fill(ip);
      await page.getByLabel('Reason (optional)').fill(ip === 'bad.actor.example' ? '' : 'Repeated failed sign-ins from this address over the weekend');
      await page.getByLabel('IP address to block').press('Enter');
      await expect(page.getByRole('row').filter({ hasText: ip }).first()).toBeVisible();
    }
    await v.get('/api/health');
    await page.getByRole('region', { name: 'Recent Security Events' }).getByRole('button', { name: 'Refresh' }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: '/tmp/shots/console.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    const wide = await page.evaluate(() => {
      const out: string[] = [String(document.documentElement.scrollWidth)];
      for (const el of Array.from(document.querySelectorAll('body *'))) {
        const r = el.getBoundingClientRect();
        if (r.right > window.innerWidth + 1 && el.children.length === 0) out.push(`${el.tagName}.${String(el.className).slice(0, 60)} ${Math.round(r.right)}`);
      }
      return out.slice(0, 15);
    });
    console.log(wide.join('\n'));
    await page.screenshot({ path: '/tmp/shots/m-top.png' });
    await page.getByRole('region', { name: 'Blocked IP Addresses' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/shots/m-blocked.png' });
    await page.getByRole('region', { name: 'Recent Security Events' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/shots/m-events.png' });
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(securityPasswordField(page)).toBeVisible();
    await page.screenshot({ path: '/tmp/shots/gate-mobile.png' });
    await v.dispose();
  } finally {
    await server.stop();
  }
});
