import type { Page } from '@playwright/test';
import { signInThroughForm } from './admin-dashboard-helpers';
import { expect, test } from './fixtures';
import { googleTest } from './support/google';

/**
 * /calendar-auth ([google.auth-page], [google.oauth], [google.manual-token], [google.messages]). Tests that connect use their
 * own server wired to a local Google stand-in (GOOGLE_OAUTH_BASE / GOOGLE_API_BASE); the
 * worker's server has no Google client configured.
 */
test.describe.configure({ timeout: 60_000 });

/** A state the server issued to `page`'s admin session, as the page gets one before going to Google. */
async function issuedState(page: Page, origin: string): Promise<string> {
  const res = await page.request.post(`${origin}/api/calendar/oauth-state`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { state: string }).state;
}

const title = (page: Page) => page.getByRole('heading', { level: 1, name: 'Google Calendar Authentication' });
const success = (page: Page) => page.getByRole('heading', { name: 'Google Calendar Integration Active!' });

test.describe('without Google configured', () => {
  test('asks to sign in first when there is no admin session', async ({ page, consoleErrors }) => {
    await page.goto('/calendar-auth');
    await expect(title(page)).toBeVisible();
    await expect(page.getByText('Sign in to the admin dashboard first')).toBeVisible();
    await page.getByRole('link', { name: 'Sign in to the admin dashboard' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    // The 401 of the status check is the only console error.
    expect(consoleErrors.filter((e) => !e.includes('401'))).toEqual([]);
  });

  test('shows both tabs, says Google is not configured, and refuses a blank token without a call', async ({ page, consoleErrors }) => {
    await signInThroughForm(page);
    await page.goto('/calendar-auth');
    await expect(title(page)).toBeVisible();
    const tabs = page.getByRole('tablist', { name: 'Connection method' });
    await expect(tabs.getByRole('tab')).toHaveText(['OAuth Flow', 'Manual Token']);
    await expect(page.getByRole('note')).toContainText('Google Calendar is not configured on this server');

    let calls = 0;
    page.on('request', (r) => r.url().includes('/api/calendar/update-token') && calls++);
    await tabs.getByRole('tab', { name: 'Manual Token' }).click();
    await page.getByLabel('Refresh Token').fill('   ');
    await page.getByRole('button', { name: 'Set Refresh Token' }).click();
    await expect(page.getByRole('alert')).toHaveText('Please enter a refresh token');
    expect(calls).toBe(0);

    // The OAuth button says plainly why it cannot work here.
    await tabs.getByRole('tab', { name: 'OAuth Flow' }).click();
    await page.getByRole('button', { name: 'Authorize with Google' }).click();
    await expect(page.getByRole('alert')).toContainText('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET');
    expect(consoleErrors.filter((e) => !e.includes('503'))).toEqual([]);
  });

  test('a denied consent shows "Authorization denied or failed"', async ({ page }) => {
    await signInThroughForm(page);
    await page.goto('/calendar-auth?error=access_denied&state=calendar_auth');
    await expect(page.getByRole('alert')).toHaveText('Authorization denied or failed');
    await expect(page.getByRole('tab', { name: 'OAuth Flow' })).toBeVisible();
  });

  test('a code with a state that is not ours is refused without an exchange', async ({ page }) => {
    await signInThroughForm(page);
    let exchanges = 0;
    page.on('request', (r) => r.url().includes('/api/calendar/exchange-code') && exchanges++);
    await page.goto('/calendar-auth?code=4/0Aforeign&state=someone_else');
    await expect(page.getByRole('alert')).toHaveText('Authorization denied or failed');
    expect(exchanges).toBe(0);
  });
});

googleTest.describe('with Google (stand-in)', () => {
  googleTest('sets a refresh token by hand: active, shown read-only, and back to the dashboard', async ({ page, google, ownServer: googleServer, consoleErrors }) => {
    await signInThroughForm(page, googleServer.url);
    await page.goto(`${googleServer.url}/calendar-auth`);
    await page.getByRole('tab', { name: 'Manual Token' }).click();

    await page.getByLabel('Refresh Token').fill('1//0g-not-a-token-google-knows');
    await page.getByRole('button', { name: 'Set Refresh Token' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid refresh token');

    const token = google.issueRefreshToken();
    await page.getByLabel('Refresh Token').fill(token);
    await page.getByRole('button', { name: 'Set Refresh Token' }).click();
    await expect(success(page)).toBeVisible();
    const shown = page.getByLabel('Refresh Token');
    await expect(shown).toHaveValue(token);
    await expect(shown).toHaveAttribute('readonly', '');
    await page.getByRole('button', { name: 'Go to Admin Dashboard' }).click();
    await expect(page).toHaveURL(/\/admin\?tab=calendar$/);
    await expect(page.getByTestId('google-calendar-status')).toHaveText('Connected');
    expect(consoleErrors.filter((e) => !e.includes('400'))).toEqual([]);
  });

  googleTest("the OAuth button goes to Google's consent page and the code it returns is exchanged automatically", async ({
    page,
    google,
    ownServer: googleServer,
    consoleErrors,
  }) => {
    await signInThroughForm(page, googleServer.url);
    await page.goto(`${googleServer.url}/calendar-auth`);
    // Intercept the navigation to Google (the stand-in's origin), then let it answer: it
    // redirects back here with a code, as Google does after consent.
    let consentUrl: URL | undefined;
    await page.route(`${google.url}/o/oauth2/v2/auth**`, async (route) => {
      consentUrl = new URL(route.request().url());
      await route.continue();
    });
    await page.getByRole('button', { name: 'Authorize with Google' }).click();
    await expect(success(page)).toBeVisible();

    expect(consentUrl?.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/calendar');
    expect(consentUrl?.searchParams.get('access_type')).toBe('offline');
    expect(consentUrl?.searchParams.get('prompt')).toBe('consent');
    // A fresh state bound to this session, not the fixed "calendar_auth" of old ([google.oauth-state]).
    expect(consentUrl?.searchParams.get('state')).toMatch(/^calendar_auth\.[A-Za-z0-9_-]{43}$/);
    expect(consentUrl?.searchParams.get('redirect_uri')).toBe(`${googleServer.url}/calendar-auth`);
    expect(consentUrl?.searchParams.get('client_id')).toBe(google.clientId);
    expect(consentUrl?.searchParams.get('response_type')).toBe('code');

    // The code was spent and taken out of the address bar; the token endpoint got it.
    await expect(page).toHaveURL(`${googleServer.url}/calendar-auth`);
    const exchange = google.requests.find((r) => r.path === '/token' && r.body.grant_type === 'authorization_code');
    expect(exchange?.body.redirect_uri).toBe(`${googleServer.url}/calendar-auth`);
    await expect(page.getByLabel('Refresh Token')).toHaveValue(/^1\/\/0g/);
    expect(consoleErrors).toEqual([]);
  });

  googleTest('a return with ?code= is exchanged on arrival; a bad code says "Failed to get refresh token"', async ({ page, google, ownServer: googleServer }) => {
    await signInThroughForm(page, googleServer.url);
    const redirectUri = `${googleServer.url}/calendar-auth`;
    await page.goto(`${redirectUri}?code=4/0Abogus&state=${await issuedState(page, googleServer.url)}`);
    await expect(page.getByRole('alert')).toContainText('Failed to get refresh token');

    const state = await issuedState(page, googleServer.url);
    await page.goto(`${redirectUri}?code=${encodeURIComponent(google.issueCode(redirectUri))}&state=${state}&scope=x`);
    await expect(success(page)).toBeVisible();
    // Reloading does not replay the spent code.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'OAuth Flow' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByText('Google Calendar is connected.')).toBeVisible();
  });

  googleTest('a forged callback with a state of another session says "Authorization denied or failed" and connects nothing', async ({
    page,
    browser,
    google,
    ownServer: googleServer,
  }) => {
    // The attacker signs in elsewhere, starts a consent of their own and lures the owner to
    // Google's redirect with their code and state (login CSRF, RFC 6749 §10.12).
    const attacker = await browser.newPage();
    await signInThroughForm(attacker, googleServer.url);
    const redirectUri = `${googleServer.url}/calendar-auth`;
    const forged = `${redirectUri}?code=${encodeURIComponent(google.issueCode(redirectUri))}&state=${await issuedState(attacker, googleServer.url)}`;
    await attacker.close();

    await signInThroughForm(page, googleServer.url);
    const exchanged = page.waitForResponse((r) => r.url().endsWith('/api/calendar/exchange-code'));
    await page.goto(forged);
    expect((await exchanged).status()).toBe(400);
    await expect(page.getByRole('alert')).toContainText('Authorization denied or failed');
    await expect(page.getByRole('tab', { name: 'OAuth Flow' })).toBeVisible();
    await expect(page.getByText('Google Calendar is connected.')).toHaveCount(0);
    expect(google.requests.filter((r) => r.path === '/token')).toHaveLength(0);
  });

  googleTest('a consent the owner denies at Google shows "Authorization denied or failed"', async ({ page, google, ownServer: googleServer }) => {
    await signInThroughForm(page, googleServer.url);
    await page.goto(`${googleServer.url}/calendar-auth`);
    google.denyNextConsent();
    await page.getByRole('button', { name: 'Authorize with Google' }).click();
    await expect(page.getByRole('alert')).toHaveText('Authorization denied or failed');
    await expect(page).toHaveURL(/error=access_denied/);
  });
});
