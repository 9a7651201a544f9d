import type { Page } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, expect, startServer, test } from './fixtures';
import { dashboardTab, signInThroughForm } from './admin-dashboard-helpers';
import { totpCode } from './security-helpers';

/**
 * /admin sign-in ([admin.login], [auth.browser-flag]): the form, messages and
 * storage flag, with the server deciding whether the session is real.
 */

const FLAG = 'adminAuthenticated';
const readFlag = (page: Page) => page.evaluate((key) => window.localStorage.getItem(key), FLAG);

test.describe('admin login', () => {
  test('shows the Admin Access card with a labelled password field and a Security Console link', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
    const password = page.getByLabel('Password');
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toBeFocused();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Security Console' })).toHaveAttribute('href', '/security-console');
    await expect(page).toHaveTitle('Admin Access · Ridgeline');
    await expect(page.getByRole('tab')).toHaveCount(0);
  });

  test('a wrong password shows "Incorrect password", clears the field and keeps the form', async ({ page }) => {
    await page.goto('/admin');
    const password = page.getByLabel('Password');
    await password.fill('not-the-password');
    await password.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('Incorrect password');
    await expect(password).toHaveValue('');
    await expect(password).toBeFocused();
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('tab')).toHaveCount(0);
    expect(await readFlag(page)).toBeNull();
  });

  test('the right password opens the dashboard with the tabs of [admin.tabs], and a reload keeps it open', async ({
    page,
    consoleErrors,
  }) => {
    await signInThroughForm(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText([
      'Overview',
      'Bookings',
      'Availability',
      'iCal Sync',
      'Reports',
      'Reviews',
      'Images',
      'Calendar',
      'Settings',
    ]);
    await expect(dashboardTab(page, 'Overview')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveTitle('Admin Dashboard · Ridgeline');
    expect(await readFlag(page)).toBe('true');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Security Console' })).toHaveAttribute(
      'href',
      '/security-console',
    );

    // The reloaded page's own check: a check the page before the reload still had in flight
    // answers first at times, and its body is gone once the page navigates away.
    let reloaded = false;
    page.once('framenavigated', () => (reloaded = true));
    const sessionCheck = page.waitForResponse((res) => reloaded && res.url().endsWith('/api/auth/session'));
    await page.reload();
    expect(await (await sessionCheck).json()).toEqual({ authenticated: true });
    await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test('Logout ends the session: the login form returns and the API answers 401', async ({ page }) => {
    await signInThroughForm(page);
    expect((await page.request.get('/api/booking-inquiries')).status()).toBe(200);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    expect(await readFlag(page)).toBeNull();
    expect((await page.request.get('/api/booking-inquiries')).status()).toBe(401);
    expect(await (await page.request.get('/api/auth/session')).json()).toEqual({ authenticated: false });

    // Nothing of the owner's data is left to show: a reload stays on the login form.
    await page.reload();
    await expect(page.getByLabel('Password')).toBeVisible();
  });

  test('a session lost on the server brings the login form back on the next admin call', async ({ page, context }) => {
    await signInThroughForm(page);
    await dashboardTab(page, 'Bookings').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Booking Inquiries' })).toBeVisible();
    await context.clearCookies();
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
    await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
    expect(await readFlag(page)).toBeNull();

    // Signing in again works and shows fresh data, not the failed request.
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Booking Inquiries' })).toBeVisible();
    await expect(page.getByText('Could not load booking inquiries.')).toHaveCount(0);
  });

  test('a stored flag without a server session shows the login form and clears the flag', async ({ page }) => {
    await page.addInitScript((key) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem(key, 'true');
        sessionStorage.setItem('seeded', '1');
      }
    }, FLAG);
    await page.goto('/admin');
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    await expect.poll(() => readFlag(page)).toBeNull();
  });

  test('logging out in one tab logs out the other', async ({ page, context }) => {
    await signInThroughForm(page);
    const other = await context.newPage();
    await other.goto('/admin');
    await expect(other.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(other.getByLabel('Password')).toBeVisible();
    await other.close();
  });
});

test.describe('admin login throttling', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('after too many failures the form shows the server message', async ({ page }) => {
    for (let i = 0; i < 10; i += 1) {
      const res = await page.request.post(`${server.url}/api/auth/login`, { data: { password: `wrong-${i}` } });
      expect(res.status()).toBe(401);
    }
    const throttled = await page.request.post(`${server.url}/api/auth/login`, {
      data: { password: E2E_ADMIN_PASSWORD },
    });
    expect(throttled.status()).toBe(429);
    const { error } = (await throttled.json()) as { error: string };
    expect(error).toMatch(/Too many/);

    await page.goto(`${server.url}/admin`);
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toHaveText(error);
    await expect(page.getByLabel('Password')).toHaveValue('');
    await expect(page.getByRole('tab')).toHaveCount(0);
  });
});

test.describe('dashboard tabs', () => {
  test('the selected tab is kept in the URL and survives a reload', async ({ page }) => {
    await signInThroughForm(page);
    await dashboardTab(page, 'Reports').click();
    await expect(page).toHaveURL(/\/admin\?tab=reports$/);
    await page.reload();
    await expect(dashboardTab(page, 'Reports')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { level: 2, name: 'Financial Reports' })).toBeVisible();

    await page.goto('/admin?tab=bookings');
    await expect(dashboardTab(page, 'Bookings')).toHaveAttribute('aria-selected', 'true');
    await page.goto('/admin?tab=nonsense');
    await expect(dashboardTab(page, 'Overview')).toHaveAttribute('aria-selected', 'true');
  });

  test('the tabs work from the keyboard', async ({ page }) => {
    await signInThroughForm(page);
    await dashboardTab(page, 'Overview').focus();
    await page.keyboard.press('ArrowRight');
    await expect(dashboardTab(page, 'Bookings')).toBeFocused();
    await expect(dashboardTab(page, 'Bookings')).toHaveAttribute('aria-selected', 'true');
    await expect(page).toHaveURL(/tab=bookings/);
  });

  test('iCal Sync shows the calendar panel; Calendar says plainly that Google is not configured', async ({ page }) => {
    await signInThroughForm(page);
    await dashboardTab(page, 'iCal Sync').click();
    await expect(page.getByRole('tabpanel').getByRole('button', { name: 'Add Source' })).toBeVisible();
    await expect(page.getByRole('tabpanel').getByRole('textbox', { name: 'iCal URL', exact: true })).toBeVisible();
    await dashboardTab(page, 'Calendar').click();
    // The Calendar tab shows the real connection (this server has no Google client configured).
    await expect(page.getByRole('tabpanel')).toContainText('Google Calendar is not configured on this server');
  });
});

test.describe('two-factor sign-in (own server: it turns two-factor sign-in on)', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('enrol by typing the key shown, then sign in with a code, and with a recovery code', async ({ page }) => {
    await signInThroughForm(page, server.url);
    await page.getByRole('banner').getByRole('button', { name: 'Sign-in security' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign-in security' });
    const section = dialog.getByRole('region', { name: 'Two-factor sign-in' });
    await expect(section).toContainText('Two-factor sign-in is off.');
    await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(section.getByRole('img', { name: /QR code/ })).toHaveAttribute('src', /^data:image\/png;base64,/);
    const secret = (await section.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await section.getByLabel('Code from the app').fill(totpCode(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCode = await codes.first().innerText();
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await expect(section).toContainText('Two-factor sign-in is on. 10 of 10 recovery codes left.');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();

    // The password first, then the code: a wrong one is refused, a right one signs in.
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
    await code.fill(totpCode(secret) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect two-factor code');
    await expect(code).toHaveValue('');
    await code.fill(totpCode(secret, 30));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible();

    // A recovery code instead, once; "Back to password" returns to the first step.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Back to password' }).click();
    await expect(page.getByLabel('Password')).toHaveValue('');
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Sign-in security' }).click();
    await expect(page.getByRole('dialog').getByRole('region', { name: 'Two-factor sign-in' })).toContainText('9 of 10 recovery codes left.');
  });
});
