import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, E2E_SECURITY_PASSWORD, expect, startServer, test, type RunningServer } from './fixtures';
import { loginAsAdmin } from './admin-dashboard-helpers';
import {
  SECURITY_FLAG,
  consoleSection,
  loginToSecurityConsole,
  readSecurityFlag,
  securityPasswordField,
  toasts,
} from './security-helpers';

/**
 * /security-console ([security.console], [security.status], [security.ip-block]): its own password gate with a
 * show/hide toggle, the server's real protection status, blocking and unblocking addresses
 * (proven against the server from the blocked address), the blocked list and the security log,
 * and a session that is separate from the admin's.
 */

type Server = RunningServer & { stop: () => Promise<void> };

/** A client that presents itself as `ip` to a server with TRUST_PROXY=1. */
async function clientAt(playwright: PlaywrightWorkerArgs['playwright'], server: Server, ip: string): Promise<APIRequestContext> {
  return playwright.request.newContext({ baseURL: server.url, extraHTTPHeaders: { 'X-Forwarded-For': ip } });
}

const protection = (page: Page, name: string) => consoleSection(page, 'Security Status').getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

test.describe('security console gate', () => {
  test('asks for the security password, with a show/hide toggle and a way back to the admin dashboard', async ({ page, consoleErrors }) => {
    await page.goto('/security-console');
    await expect(page.getByRole('heading', { level: 1, name: 'Security Console' })).toBeVisible();
    await expect(page).toHaveTitle('Security Console Access · Ridgeline');
    const password = securityPasswordField(page);
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toBeFocused();
    // getByLabel('Password') finds the field alone: the toggle is named by its own text.
    await expect(page.getByLabel('Password')).toHaveCount(1);

    await password.fill('typed secret');
    const show = page.getByRole('button', { name: 'Show password' });
    await expect(show).toHaveAttribute('aria-pressed', 'false');
    await show.click();
    await expect(password).toHaveAttribute('type', 'text');
    const hide = page.getByRole('button', { name: 'Hide password' });
    await expect(hide).toHaveAttribute('aria-pressed', 'true');
    await expect(password).toHaveValue('typed secret');
    await hide.click();
    await expect(password).toHaveAttribute('type', 'password');
    await expect(page.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'false');

    const back = page.getByRole('link', { name: 'Back to Admin Dashboard' });
    await expect(back).toHaveAttribute('href', '/admin');
    await back.click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });

  test('a wrong password shows "Incorrect security password", clears the field and sets no flag', async ({ page }) => {
    await page.goto('/security-console');
    const password = securityPasswordField(page);
    await password.fill('not-the-security-password');
    await password.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Incorrect security password');
    await expect(password).toHaveValue('');
    await expect(password).toBeFocused();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    expect(await readSecurityFlag(page)).toBeNull();
    expect((await page.request.get('/api/security/status')).status()).toBe(401);
  });

  test('the admin password does not open the console', async ({ page }) => {
    await page.goto('/security-console');
    await securityPasswordField(page).fill('e2e-admin-password');
    await page.getByRole('button', { name: 'Access Security Console' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect security password');
  });
});

test.describe('security console status (a server with the default rate limit)', () => {
  let server: Server;
  test.beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_MAX: '100' });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('shows the server’s real status, environment and HSTS details, and survives a reload', async ({ page, consoleErrors }) => {
    await loginToSecurityConsole(page, server.url);
    await expect(page).toHaveTitle('Security Console · Ridgeline');
    expect(await readSecurityFlag(page)).toBe('true');

    const names = ['Content Security Policy', 'Rate Limiting', 'IP Blocking', 'HSTS', 'Request Validation', 'Security Logging'];
    await expect(consoleSection(page, 'Security Status').getByRole('listitem').getByRole('heading')).toHaveText(names);
    for (const name of ['Content Security Policy', 'Rate Limiting', 'IP Blocking', 'Request Validation', 'Security Logging']) {
      await expect(protection(page, name)).toContainText('Enabled');
    }
    // Served over http: HSTS is not sent (the server's real value), with its max age in days.
    await expect(protection(page, 'HSTS')).toContainText('Disabled');
    await expect(protection(page, 'HSTS')).toContainText('Max age 365 days');
    await expect(protection(page, 'Rate Limiting')).toContainText('100 requests per 15 minutes');
    await expect(protection(page, 'IP Blocking')).toContainText('0 addresses blocked');

    const environment = consoleSection(page, 'Environment');
    await expect(environment).toContainText('Production');
    await expect(environment.getByRole('definition').filter({ hasText: 'days' })).toHaveText('365 days (31,536,000 seconds)');
    await expect(environment).toContainText('Include subdomainsYes');
    await expect(environment).toContainText('PreloadYes');

    const features = consoleSection(page, 'How the site is protected');
    await expect(features).toContainText('100 requests per 15-minute window');
    await expect(features).toContainText('max age of 1 year, including subdomains');
    await expect(features).toContainText('preload');
    await expect(features).toContainText('X-Frame-Options DENY');
    await expect(features).toContainText('nosniff');

    await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin');

    const sessionCheck = page.waitForResponse((res) => res.url().endsWith('/api/security/session'));
    await page.reload();
    expect(await (await sessionCheck).json()).toEqual({ authenticated: true });
    await expect(protection(page, 'Rate Limiting')).toContainText('100 requests per 15 minutes');
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('security console status (a server with the rate limit off)', () => {
  let server: Server;
  test.beforeAll(async () => {
    server = await startServer({ RATE_LIMIT_MAX: '0' });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('shows Rate Limiting as Disabled, saying why, and the other protections as they are', async ({ page, consoleErrors }) => {
    await loginToSecurityConsole(page, server.url);
    await expect(protection(page, 'Rate Limiting')).toContainText('Disabled');
    await expect(protection(page, 'Rate Limiting')).toContainText('Off: RATE_LIMIT_MAX is 0');
    await expect(protection(page, 'Rate Limiting')).not.toContainText('requests per 15 minutes');
    for (const name of ['Content Security Policy', 'IP Blocking', 'Request Validation', 'Security Logging']) {
      await expect(protection(page, name)).toContainText('Enabled');
    }
    await expect(protection(page, 'HSTS')).toContainText('Disabled');
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('blocking and unblocking addresses (a server behind one trusted proxy)', () => {
  let server: Server;
  test.beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: '1' });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('block with Enter → refused from that address; unblock → allowed again; the log shows it all', async ({ page, playwright, consoleErrors }) => {
    const blockedIp = '203.0.113.50';
    const visitor = await clientAt(playwright, server, blockedIp);
    const neighbour = await clientAt(playwright, server, '203.0.113.51');
    try {
      expect((await visitor.get('/api/health')).status()).toBe(200);
      await loginToSecurityConsole(page, server.url);
      const blockedList = consoleSection(page, 'Blocked IP Addresses');
      await expect(blockedList).toContainText('No IP addresses are blocked');

      // Trimmed, submitted with Enter ([security.ip-block]).
      const blockField = page.getByLabel('IP address to block');
      await blockField.fill(`  ${blockedIp}  `);
      await page.getByLabel('Reason (optional)').fill('scraping the calendar');
      await blockField.press('Enter');
      await expect(toasts(page)).toContainText('IP address blocked successfully');
      await expect(blockField).toHaveValue('');
      const row = blockedList.getByRole('row').filter({ hasText: blockedIp });
      await expect(row).toContainText('scraping the calendar');
      await expect(row.getByRole('rowheader')).toHaveText(blockedIp);
      await expect(protection(page, 'IP Blocking')).toContainText('1 address blocked');

      // The server refuses that address on every route; others are served.
      for (const path of ['/api/health', '/', '/security-console', '/api/images/config']) {
        const refused = await visitor.get(path);
        expect(refused.status(), path).toBe(403);
        expect((await refused.json()) as unknown).toEqual({ error: 'Access from your IP address has been blocked.' });
      }
      expect((await neighbour.get('/api/health')).status()).toBe(200);

      const unblockField = page.getByLabel('IP address to unblock');
      await unblockField.fill(blockedIp);
      await unblockField.press('Enter');
      await expect(toasts(page)).toContainText('IP address unblocked successfully');
      await expect(blockedList).toContainText('No IP addresses are blocked');
      expect((await visitor.get('/api/health')).status()).toBe(200);

      // The security log: the sign-in, the block, the refused requests and the unblock.
      const events = consoleSection(page, 'Recent Security Events');
      await events.getByRole('button', { name: 'Refresh' }).click();
      const eventRow = (label: string) => events.getByRole('row').filter({ hasText: label });
      await expect(eventRow('Sign-in').first()).toContainText('/api/security/login');
      await expect(eventRow('Sign-in').first()).toContainText('security (browser)');
      await expect(eventRow('IP blocked')).toContainText(blockedIp);
      await expect(eventRow('IP blocked')).toContainText('/api/security/block-ip');
      await expect(eventRow('Blocked request').first()).toContainText(blockedIp);
      await expect(eventRow('Blocked request').first()).toContainText('refused 403');
      await expect(eventRow('IP unblocked')).toContainText(blockedIp);
      expect(consoleErrors).toEqual([]);
    } finally {
      await visitor.dispose();
      await neighbour.dispose();
    }
  });

  test('a CIDR range blocks every address in it and is listed as a range; a malformed range is refused', async ({ page, playwright }) => {
    const inside = await clientAt(playwright, server, '198.51.100.200');
    const outside = await clientAt(playwright, server, '198.51.101.1');
    try {
      await loginToSecurityConsole(page, server.url);
      const blockField = page.getByLabel('IP address to block');
      await blockField.fill('198.51.100.0/33');
      await blockField.press('Enter');
      await expect(toasts(page)).toContainText('Block Failed');
      await expect(toasts(page)).toContainText('CIDR range');
      await expect(blockField).toHaveValue('198.51.100.0/33');

      await blockField.fill('198.51.100.7/24');
      await blockField.press('Enter');
      await expect(toasts(page)).toContainText('IP address blocked successfully');
      const blockedList = consoleSection(page, 'Blocked IP Addresses');
      const row = blockedList.getByRole('row').filter({ hasText: '198.51.100.0/24' });
      await expect(row.getByRole('rowheader')).toHaveText('198.51.100.0/24Range: 256 addresses');
      expect((await inside.get('/')).status()).toBe(403);
      expect((await inside.get('/api/health')).status()).toBe(403);
      expect((await outside.get('/api/health')).status()).toBe(200);

      await row.getByRole('button', { name: 'Unblock 198.51.100.0/24' }).click();
      await expect(toasts(page)).toContainText('IP address unblocked successfully');
      await expect(blockedList).toContainText('No IP addresses are blocked');
      expect((await inside.get('/api/health')).status()).toBe(200);
    } finally {
      await inside.dispose();
      await outside.dispose();
    }
  });

  test('each blocked address can be unblocked from the list; blank input and unknown addresses are refused', async ({ page, playwright }) => {
    const visitor = await clientAt(playwright, server, '2001:db8::42');
    try {
      await loginToSecurityConsole(page, server.url);
      const blockButton = page.getByRole('button', { name: 'Block IP', exact: true });

      // Only spaces: nothing to submit, by click or Enter.
      await page.getByLabel('IP address to block').fill('   ');
      await expect(blockButton).toBeDisabled();
      await page.getByLabel('IP address to block').press('Enter');
      await expect(toasts(page)).toHaveCount(0);

      // No format check: any text is blocked as typed; an IPv6 address is normalised.
      await page.getByLabel('IP address to block').fill('2001:DB8:0:0:0:0:0:42');
      await blockButton.click();
      await expect(toasts(page)).toContainText('IP address blocked successfully');
      const blockedList = consoleSection(page, 'Blocked IP Addresses');
      await expect(blockedList.getByRole('rowheader')).toHaveText(['2001:db8::42']);
      expect((await visitor.get('/api/health')).status()).toBe(403);

      await blockedList.getByRole('button', { name: 'Unblock 2001:db8::42' }).click();
      await expect(toasts(page)).toContainText('IP address unblocked successfully');
      await expect(blockedList).toContainText('No IP addresses are blocked');
      expect((await visitor.get('/api/health')).status()).toBe(200);

      // Unblocking an address that is not blocked: the server's message, as a destructive toast.
      await page.getByLabel('IP address to unblock').fill('198.51.100.99');
      await page.getByRole('button', { name: 'Unblock IP', exact: true }).click();
      await expect(toasts(page)).toContainText('Unblock Failed');
      await expect(toasts(page)).toContainText('198.51.100.99 is not blocked');
      await expect(toasts(page)).toHaveClass(/destructive/);
      await expect(page.getByLabel('IP address to unblock')).toHaveValue('198.51.100.99');
    } finally {
      await visitor.dispose();
    }
  });
});

test.describe('blocking the address in use', () => {
  let server: Server;
  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('is allowed, with the server’s warning kept in view', async ({ page }) => {
    await loginToSecurityConsole(page, server.url);
    await page.getByLabel('IP address to block').fill('127.0.0.1');
    await page.getByLabel('IP address to block').press('Enter');
    await expect(toasts(page)).toContainText('IP address blocked successfully');
    await expect(toasts(page)).toContainText('This is the address you are using now');
    await expect(consoleSection(page, 'IP Address Management').getByRole('alert')).toContainText('This is the address you are using now');
    // It is really blocked: this browser is refused from now on.
    expect((await page.request.get(`${server.url}/api/health`)).status()).toBe(403);
  });
});

test.describe('security console session', () => {
  test('Logout ends the session: the gate returns, the flag is cleared and the API answers 401', async ({ page }) => {
    await loginToSecurityConsole(page);
    expect((await page.request.get('/api/security/status')).status()).toBe(200);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(securityPasswordField(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    expect(await readSecurityFlag(page)).toBeNull();
    expect((await page.request.get('/api/security/status')).status()).toBe(401);
    expect(await (await page.request.get('/api/security/session')).json()).toEqual({ authenticated: false });
    await page.reload();
    await expect(securityPasswordField(page)).toBeVisible();
  });

  test('a session lost on the server brings the gate back on the next console call', async ({ page, context }) => {
    await loginToSecurityConsole(page);
    await context.clearCookies();
    await consoleSection(page, 'Recent Security Events').getByRole('button', { name: 'Refresh' }).click();
    await expect(securityPasswordField(page)).toBeVisible();
    await expect(page.getByText('Your security session has ended. Please sign in again.')).toBeVisible();
    expect(await readSecurityFlag(page)).toBeNull();
    await securityPasswordField(page).fill(E2E_SECURITY_PASSWORD);
    await securityPasswordField(page).press('Enter');
    await expect(consoleSection(page, 'Recent Security Events')).toBeVisible();
  });

  test('the flag lives in session storage: a new tab asks again', async ({ page, context }) => {
    await loginToSecurityConsole(page);
    const other = await context.newPage();
    await other.goto('/security-console');
    await expect(securityPasswordField(other)).toBeVisible();
    await other.close();
  });

  test('an admin session does not open the console, even with a forged flag', async ({ page }) => {
    await loginAsAdmin(page);
    await page.goto('/security-console');
    await expect(securityPasswordField(page)).toBeVisible();
    await page.evaluate((key) => window.sessionStorage.setItem(key, 'true'), SECURITY_FLAG);
    const sessionCheck = page.waitForResponse((res) => res.url().endsWith('/api/security/session'));
    await page.reload();
    expect(await (await sessionCheck).json()).toEqual({ authenticated: false });
    await expect(securityPasswordField(page)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0);
    await expect.poll(() => readSecurityFlag(page)).toBeNull();
    expect((await page.request.get('/api/security/status')).status()).toBe(401);
    expect((await page.request.post('/api/security/block-ip', { data: { ip: '203.0.113.9' } })).status()).toBe(401);
  });

  test('a console session does not open the admin dashboard, even with a forged flag', async ({ page }) => {
    await loginToSecurityConsole(page);
    await page.getByRole('link', { name: 'Admin Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
    await page.evaluate(() => window.localStorage.setItem('adminAuthenticated', 'true'));
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    expect((await page.request.get('/api/booking-inquiries')).status()).toBe(401);
  });
});

test.describe('open sessions (own server)', () => {
  let server: Server;
  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** Signs the admin in as the desktop app would, with its own user agent; returns the token. */
  const desktopAdmin = async (userAgent: string) => {
    const res = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': userAgent },
      body: JSON.stringify({ password: E2E_ADMIN_PASSWORD, client: 'desktop' }),
    });
    return ((await res.json()) as { token: string }).token;
  };
  const adminSignedIn = async (token: string) =>
    ((await (await fetch(`${server.url}/api/auth/session`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { authenticated: boolean })
      .authenticated;

  test('lists the sessions of both areas; Revoke ends one, Sign out everywhere all but this console', async ({ page }) => {
    const first = await desktopAdmin('Ridgeline Desktop (e2e)');
    await loginToSecurityConsole(page, server.url);
    const section = consoleSection(page, 'Open sessions');
    const items = section.getByRole('list', { name: 'Open sessions' }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.filter({ hasText: 'Ridgeline Desktop (e2e)' })).toContainText('Admin dashboard · Desktop app');
    await expect(items.filter({ hasText: 'This browser' })).toContainText('Security console · Browser');

    await section.getByRole('button', { name: /^Revoke session Admin dashboard, Desktop app, / }).click();
    await expect(toasts(page)).toContainText('Session signed out');
    await expect(items).toHaveCount(1);
    expect(await adminSignedIn(first)).toBe(false);

    const second = await desktopAdmin('Second desktop (e2e)');
    await section.getByRole('button', { name: 'Refresh' }).click();
    await expect(items).toHaveCount(2);
    await section.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect(toasts(page)).toContainText('Signed out everywhere');
    await expect(items).toHaveCount(1);
    expect(await adminSignedIn(second)).toBe(false);
    // This console stayed signed in.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Security Console' })).toBeVisible();
    await expect(items).toHaveCount(1);
  });
});
