import type { Page } from '@playwright/test';
import { dashboardTab, insertBooking, loginAsAdmin, toasts } from './admin-dashboard-helpers';
import { googleTest } from './support/google';
import { expect, ownServerTest as test } from './fixtures';

/**
 * The admin Calendar tab ([google.status], [cleaning.settings]):
 * the real Google Calendar status and the cleaning settings panel.
 * Each test gets its own server: the settings are one row per installation.
 */
test.describe.configure({ timeout: 60_000 });

const panel = (page: Page) => page.getByRole('region', { name: 'Automatic cleaning' });

async function openCalendarTab(page: Page, origin = ''): Promise<void> {
  await loginAsAdmin(page, origin);
  await dashboardTab(page, 'Calendar').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Google Calendar' })).toBeVisible();
}

test('shows that Google is not configured, without a made-up "active"', async ({ page, consoleErrors }) => {
  await openCalendarTab(page);
  await expect(page.getByTestId('google-calendar-status')).toHaveText('Not configured');
  await expect(page.getByRole('region', { name: 'Google Calendar integration' })).toContainText(
    'Google Calendar is not configured on this server',
  );
  await expect(page.getByRole('link', { name: /Connect Google Calendar/ })).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('cleaning settings: disabled while blank, saved with toasts, and kept after a reload', async ({ page, consoleErrors }) => {
  await openCalendarTab(page);
  const email = panel(page).getByLabel('Cleaning Crew Email');
  const auto = panel(page).getByRole('switch', { name: 'Auto-create calendar events' });
  const active = panel(page).getByRole('switch', { name: 'Active', exact: true });
  const save = panel(page).getByRole('button', { name: 'Save Settings' });

  // [cleaning.settings] defaults; Save waits for an e-mail.
  await expect(email).toHaveAttribute('type', 'email');
  await expect(email).toHaveValue('');
  await expect(auto).toBeChecked();
  await expect(active).toBeChecked();
  await expect(save).toBeDisabled();
  await email.fill('   ');
  await expect(save).toBeDisabled();

  // A refused save: "Update Failed".
  await email.fill('not-an-email');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(toasts(page).getByText('Update Failed', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText('Failed to update cleaning settings. Please try again.', { exact: true })).toBeVisible();

  // Disabled while the save is pending; the body is what [cleaning.settings] lists, eventTime 13:00.
  await email.fill('crew@example.com');
  await auto.click();
  await expect(auto).not.toBeChecked();
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/cleaning-settings', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    expect(route.request().postDataJSON()).toEqual({ cleaningCrewEmail: 'crew@example.com', autoCreateEvents: false, isActive: true, eventTime: '13:00' });
    await held;
    await route.continue();
  });
  await save.click();
  await expect(save).toBeDisabled();
  release();
  await expect(toasts(page).getByText('Settings Updated', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText('Cleaning crew settings have been saved successfully.', { exact: true })).toBeVisible();
  await expect(save).toBeEnabled();

  await page.reload();
  await expect(panel(page).getByLabel('Cleaning Crew Email')).toHaveValue('crew@example.com');
  await expect(panel(page).getByRole('switch', { name: 'Auto-create calendar events' })).not.toBeChecked();
  await expect(panel(page).getByRole('switch', { name: 'Active', exact: true })).toBeChecked();
  expect(consoleErrors.filter((e) => !e.includes('400'))).toEqual([]);
});

googleTest.describe('with Google (stand-in)', () => {
  googleTest('not connected: a connect button leads to /calendar-auth', async ({ page, ownServer: server }) => {
    await openCalendarTab(page, server.url);
    await expect(page.getByTestId('google-calendar-status')).toHaveText('Not connected');
    await page.getByRole('link', { name: 'Connect Google Calendar' }).click();
    await expect(page).toHaveURL(`${server.url}/calendar-auth`);
    await expect(page.getByRole('heading', { level: 1, name: 'Google Calendar Authentication' })).toBeVisible();
  });

  googleTest('connected: saving the settings puts the cleaning of a paid stay in Google Calendar, 1:00-5:00 PM', async ({ page, google, ownServer: server }) => {
    await openCalendarTab(page, server.url);
    const res = await page.request.post(`${server.url}/api/calendar/update-token`, { data: { refreshToken: google.issueRefreshToken() } });
    expect(res.ok()).toBe(true);
    await page.reload();
    await expect(page.getByTestId('google-calendar-status')).toHaveText('Connected');
    await expect(page.getByRole('link', { name: 'Reconnect Google Calendar' })).toHaveAttribute('href', '/calendar-auth');

    insertBooking(server.dataDir, { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', checkin: '2099-06-10', checkout: '2099-06-12', paymentStatus: 'paid' });
    await panel(page).getByLabel('Cleaning Crew Email').fill('crew@example.com');
    await panel(page).getByRole('button', { name: 'Save Settings' }).click();
    await expect(toasts(page).getByText('Settings Updated', { exact: true })).toBeVisible();
    await expect.poll(() => google.events.size).toBe(1);
    const [event] = [...google.events.values()];
    expect(event).toMatchObject({
      start: { dateTime: '2099-06-12T13:00:00', timeZone: 'America/New_York' },
      end: { dateTime: '2099-06-12T17:00:00', timeZone: 'America/New_York' },
      attendees: [{ email: 'crew@example.com' }],
    });

    await page.getByRole('button', { name: 'Disconnect' }).click();
    await expect(page.getByTestId('google-calendar-status')).toHaveText('Not connected');
  });
});
