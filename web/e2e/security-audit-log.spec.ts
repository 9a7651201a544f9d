import { expect, ownServerTest } from './fixtures';
import { dashboardTab, signInThroughForm } from './admin-dashboard-helpers';
import { consoleSection, loginToSecurityConsole } from './security-helpers';

/**
 * The audit log ([audit.log]): an owner's change in the admin dashboard shows in the
 * security console, newest first, with the area and a filter.
 */
ownServerTest('a price change and a sign-in show in the console audit log, which filters', async ({ page, browser, consoleErrors, ownServer: server }) => {
  await signInThroughForm(page, server.url);
  await dashboardTab(page, 'Availability').click();
  await page.getByLabel(/Nightly rate for the next 30 days/).fill('345');
  await page.getByRole('button', { name: 'Apply to Next 30 Days' }).click();
  await expect(page.getByText(/Updated 30 date\(s\) successfully/).first()).toBeVisible();

  const consolePage = await browser.newPage();
  await loginToSecurityConsole(consolePage, server.url);
  const log = consoleSection(consolePage, 'Audit Log');
  const entries = log.getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');
  // Newest first: the console's own sign-in, then the price change, then the admin's sign-in.
  await expect(entries.nth(0)).toContainText('sign-in');
  await expect(entries.nth(0)).toContainText('Security console');
  await expect(entries.nth(1)).toContainText('prices set for the next 30 days');
  await expect(entries.nth(1)).toContainText('price=345');
  await expect(entries.nth(1)).toContainText('Admin dashboard');
  await expect(entries.nth(2)).toContainText('sign-in');

  await log.getByLabel('Filter the audit log').fill('prices');
  await expect(entries).toHaveCount(1);
  await log.getByLabel('Filter the audit log').fill('no such action');
  await expect(log.getByText('No entries match “no such action”')).toBeVisible();
  await consolePage.close();
  expect(consoleErrors).toEqual([]);
});

// Its own server: a worker's shared server up for 15 minutes has run confirmation-emails by then.
ownServerTest('the console lists the background jobs with their last and next runs', async ({ page, consoleErrors, ownServer: server }) => {
  await loginToSecurityConsole(page, server.url);
  const jobs = consoleSection(page, 'Background Jobs').getByRole('list', { name: 'Background jobs' }).getByRole('listitem');
  // Every background job of the server, each once.
  const names = ['hold-sweep', 'calendar-auto-sync', 'cleaning-reconcile', 'confirmation-emails', 'housekeeping', 'owner-notices', 'damage-deposits', 'balance-charges', 'late-payment-refunds', 'reconcile', 'review-requests', 'tax-return-reminders'];
  await expect(jobs).toHaveCount(names.length);
  for (const name of names) await expect(jobs.filter({ hasText: `(${name})` })).toHaveCount(1);
  // Housekeeping runs when the server starts, then daily.
  const housekeeping = jobs.filter({ hasText: '(housekeeping)' });
  await expect(housekeeping).toContainText('OK');
  await expect(housekeeping).not.toContainText('Last run: never');
  await expect(jobs.filter({ hasText: '(confirmation-emails)' })).toContainText('Not run yet');
  expect(consoleErrors).toEqual([]);
});
