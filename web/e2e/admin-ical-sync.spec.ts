import type { Page, Request } from '@playwright/test';
import { PROPERTY, addDays, todayIn } from '@ridgeline/core';
import { airbnbFeed, serve, startFeedServer, vrboFeed } from '../server/test-support/feed-server';
import { dashboardTab, insertBooking, loginAsAdmin, openDashboardTab, toasts } from './admin-dashboard-helpers';
import { expect, ownServerTest } from './fixtures';

/**
 * Admin iCal Sync tab ([ical.panel], [ical.status],
 * [ical.sources], [ical.rate-limit-hint]). Each test gets its own server (the source list starts empty) and its own
 * local HTTP server standing in for Airbnb's and VRBO's calendar feeds.
 */
type Feeds = Awaited<ReturnType<typeof startFeedServer>>;

const today = todayIn(PROPERTY.timeZone);
const day = (n: number) => addDays(today, n);
/** Nights the feeds reserve: Airbnb 20–22 days out (check-out on day 23), VRBO 30–31. */
const AIRBNB_STAY = { uid: 'e2e-airbnb-1@airbnb.com', start: day(20), end: day(23) };
const VRBO_STAY = { uid: 'e2e-vrbo-1', start: day(30), end: day(32), name: 'Maria' };

const test = ownServerTest.extend<{ feeds: Feeds }>({
  feeds: async ({}, use) => {
    const feeds = await startFeedServer({
      '/airbnb.ics': serve(() =>
        airbnbFeed([AIRBNB_STAY, { uid: 'e2e-blk@airbnb.com', start: day(40), end: day(41), blocked: true }]),
      ),
      '/vrbo.ics': serve(() => vrboFeed([VRBO_STAY])),
      // A rate limit that does not clear: its Retry-After is longer than the server waits.
      '/limited.ics': (_req, res) => res.writeHead(429, { 'Retry-After': '3600' }).end('Too Many Requests'),
      '/login-page.ics': (_req, res) =>
        res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!DOCTYPE html><html><body>Log in</body></html>'),
    });
    await use(feeds);
    await feeds.close();
  },
});

test.describe.configure({ timeout: 90_000 });

async function expectToast(page: Page, title: string, description?: string | RegExp) {
  await expect(toasts(page).getByText(title, { exact: true })).toBeVisible();
  if (description !== undefined) await expect(toasts(page).getByText(description)).toBeVisible();
}

const openIcalSync = (page: Page) => openDashboardTab(page, 'iCal Sync');

const overallStatus = (page: Page) => page.getByTestId('ical-overall-status');
const sourceItem = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
const addForm = (page: Page) => page.getByRole('form', { name: 'Add calendar source' });

async function addSourceInForm(page: Page, name: string, icalUrl: string, platform?: string) {
  const form = addForm(page);
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('iCal URL', { exact: true }).fill(icalUrl);
  if (platform) await form.getByLabel('Platform', { exact: true }).selectOption(platform);
  await form.getByRole('button', { name: 'Add Source' }).click();
}

interface ApiSource {
  id: number;
  name: string;
  autoSyncEnabled: boolean;
  lastSyncStatus: string | null;
}

async function apiSources(page: Page): Promise<ApiSource[]> {
  const res = await page.request.get('/api/calendar-sources');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { sources: ApiSource[] }).sources;
}

/** Adds a source through the API (as another browser tab would) and waits for its first import. */
async function addSourceByApi(page: Page, name: string, icalUrl: string, platform = 'airbnb'): Promise<ApiSource> {
  const res = await page.request.post('/api/calendar-sources', { data: { name, icalUrl, platform } });
  expect(res.status()).toBe(201);
  const { source } = (await res.json()) as { source: ApiSource };
  await expect
    .poll(async () => (await apiSources(page)).find((s) => s.id === source.id)?.lastSyncStatus ?? null)
    .not.toBeNull();
  return source;
}

/** `GET /api/availability/public` from the page: which of `dates` can be booked. */
async function bookable(page: Page, dates: string[]): Promise<Record<string, boolean>> {
  const sorted = [...dates].sort();
  const url = `/api/availability/public?startDate=${sorted[0]}&endDate=${sorted.at(-1)}`;
  const days = await page.evaluate(async (u) => {
    const res = await fetch(u);
    return ((await res.json()) as { days: { date: string; bookable: boolean }[] }).days;
  }, url);
  return Object.fromEntries(dates.map((d) => [d, days.find((x) => x.date === d)?.bookable ?? true]));
}

test('adds Airbnb and VRBO sources: empty state, Missing Information, Running, their nights close', async ({
  page,
  feeds,
  consoleErrors,
}) => {
  await openIcalSync(page);
  await expect(page.getByText('No calendar sources yet', { exact: true })).toBeVisible();
  await expect(overallStatus(page)).toHaveText('No Active Sources');
  await expect(page.getByTestId('ical-auto-sync-status')).toHaveText('Off · last sync never');

  const posts: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/calendar-sources') posts.push(r);
  });

  // [ical.sources]: both fields are needed; nothing is sent without them.
  const form = addForm(page);
  const platform = form.getByLabel('Platform', { exact: true });
  await expect(platform).toHaveValue('airbnb');
  await expect(platform.locator('option')).toHaveText(['Airbnb', 'VRBO', 'Booking.com', 'Manual']);
  expect(
    await platform.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value)),
  ).toEqual(['airbnb', 'vrbo', 'booking', 'manual']);
  await form.getByRole('button', { name: 'Add Source' }).click();
  await expectToast(page, 'Missing Information', 'Please enter both name and iCal URL');
  await form.getByLabel('Name', { exact: true }).fill('Airbnb');
  await form.getByLabel('iCal URL', { exact: true }).fill('   ');
  await form.getByRole('button', { name: 'Add Source' }).click();
  await expectToast(page, 'Missing Information', 'Please enter both name and iCal URL');
  expect(posts).toHaveLength(0);

  await addSourceInForm(page, 'Airbnb', feeds.url('/airbnb.ics'));
  await expectToast(page, 'Calendar Source Added');
  // The form starts over.
  await expect(form.getByLabel('Name', { exact: true })).toHaveValue('');
  await expect(form.getByLabel('iCal URL', { exact: true })).toHaveValue('');
  await expect(platform).toHaveValue('airbnb');

  await addSourceInForm(page, 'VRBO', feeds.url('/vrbo.ics'), 'vrbo');
  await expectToast(page, 'Calendar Source Added');
  expect(posts.map((p) => p.postDataJSON() as unknown)).toEqual([
    { name: 'Airbnb', icalUrl: feeds.url('/airbnb.ics'), platform: 'airbnb' },
    { name: 'VRBO', icalUrl: feeds.url('/vrbo.ics'), platform: 'vrbo' },
  ]);

  const airbnb = sourceItem(page, 'Airbnb');
  const vrbo = sourceItem(page, 'VRBO');
  await expect(airbnb).toBeVisible();
  await expect(vrbo).toBeVisible();
  await expect(page.getByText('No calendar sources yet')).toHaveCount(0);
  await expect(airbnb.getByText('Airbnb', { exact: true }).last()).toBeVisible();
  await expect(vrbo.getByText('VRBO', { exact: true }).last()).toBeVisible();
  // The full URL is in the title (the text may be cut short).
  await expect(airbnb.getByTitle(feeds.url('/airbnb.ics'))).toBeVisible();
  await expect(overallStatus(page)).toHaveText('Running');
  await expect(page.getByTestId('ical-auto-sync-status')).toContainText('On');

  // The first import runs right after adding; the list shows its result without a reload.
  await expect(airbnb.getByText('Success', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(vrbo.getByText('Success', { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(airbnb).toContainText('Last good fetch just now');
  await expect(airbnb).toContainText('Imported 2 event(s)');

  // Their nights close in the home page's booking data; the check-out days stay open.
  await expect
    .poll(() => bookable(page, [day(19), day(20), day(21), day(22), day(23), day(30), day(31), day(32), day(40)]))
    .toEqual({
      [day(19)]: true,
      [day(20)]: false,
      [day(21)]: false,
      [day(22)]: false,
      [day(23)]: true,
      [day(30)]: false,
      [day(31)]: false,
      [day(32)]: true,
      [day(40)]: false,
    });
  expect(consoleErrors).toEqual([]);
});

test('refuses a bad URL with the server message, and says so when the server cannot be reached', async ({ page }) => {
  await openIcalSync(page);
  await addSourceInForm(page, 'Old link', 'ftp://calendar.example.com/listing.ics');
  await expectToast(page, 'Failed to Add Source', 'icalUrl: must be an http:// or https:// URL');
  // The entries stay, to be corrected.
  await expect(addForm(page).getByLabel('Name', { exact: true })).toHaveValue('Old link');

  await page.route('**/api/calendar-sources', (route) =>
    route.request().method() === 'POST' ? route.abort('connectionrefused') : route.continue(),
  );
  await addSourceInForm(page, 'Airbnb', 'https://www.airbnb.com/calendar/ical/1.ics');
  await expectToast(page, 'Error', 'An error occurred while adding the calendar source');
  await expect(page.getByText('No calendar sources yet', { exact: true })).toBeVisible();
});

test('Test shows Connection Successful with sample events; Sync shows Sync Successful', async ({
  page,
  feeds,
  consoleErrors,
}) => {
  await loginAsAdmin(page);
  await addSourceByApi(page, 'Airbnb', feeds.url('/airbnb.ics'));
  await dashboardTab(page, 'iCal Sync').click();
  const item = sourceItem(page, 'Airbnb');
  await expect(item.getByText('Success', { exact: true })).toBeVisible();

  const testPanel = page.getByRole('region', { name: 'Connection test results' });
  await expect(testPanel).toContainText('Press Test on a source');
  await item.getByRole('button', { name: 'Test', exact: true }).click();
  await expectToast(page, 'Connection Successful', 'Connected: 2 event(s) found');
  await expect(testPanel).toContainText('Airbnb');
  await expect(testPanel.getByRole('definition').first()).toHaveText('Yes');
  await expect(testPanel.getByRole('definition').nth(1)).toHaveText('2');
  const rows = testPanel.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveText(['Summary', 'Start', 'End'].join(''));
  await expect(rows.nth(1).getByRole('cell').first()).toHaveText('Reserved');
  await expect(rows.nth(1).locator('time').first()).toHaveAttribute('datetime', AIRBNB_STAY.start);
  await expect(rows.nth(1).locator('time').last()).toHaveAttribute('datetime', AIRBNB_STAY.end);
  await expect(rows.nth(2).getByRole('cell').first()).toHaveText('Airbnb (Not available)');

  const syncPanel = page.getByRole('region', { name: 'Last sync results' });
  await item.getByRole('button', { name: 'Sync', exact: true }).click();
  await expectToast(page, 'Sync Successful', 'Synced 2 event(s) from Airbnb');
  await expect(syncPanel).toContainText('Sync of “Airbnb”');
  await expect(syncPanel.getByRole('definition').first()).toHaveText('Yes');
  await expect(syncPanel.getByRole('definition').nth(1)).toHaveText('2');
  await expect(syncPanel).toContainText('Synced 2 event(s) from Airbnb');
  await expect(item.getByText('Events processed')).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('a feed that answers 429: Connection Failed with the wait-and-retry hint', async ({ page, feeds }) => {
  await loginAsAdmin(page);
  await addSourceByApi(page, 'Airbnb', feeds.url('/limited.ics'));
  await dashboardTab(page, 'iCal Sync').click();
  const item = sourceItem(page, 'Airbnb');
  await expect(item.getByText('Error', { exact: true })).toBeVisible();

  await item.getByRole('button', { name: 'Test', exact: true }).click();
  await expectToast(page, 'Connection Failed', /HTTP 429/);
  await expect(toasts(page).getByText(/Wait 5–10 minutes/)).toBeVisible();
  await expect(toasts(page).getByText(/avoid repeated tests/)).toBeVisible();
  await expect(toasts(page).getByText(/automatic sync already retries with delays/)).toBeVisible();
  const testPanel = page.getByRole('region', { name: 'Connection test results' });
  await expect(testPanel.getByRole('definition').first()).toHaveText('No');
  await expect(testPanel).toContainText('Too Many Requests');
  await expect(testPanel.getByText(/Wait 5–10 minutes before testing again/)).toBeVisible();
});

test('a broken feed: Sync Failed, Issues Detected, and the earlier import is kept', async ({ page, feeds }) => {
  await loginAsAdmin(page);
  await addSourceByApi(page, 'Airbnb', feeds.url('/airbnb.ics'));
  await dashboardTab(page, 'iCal Sync').click();
  await expect(overallStatus(page)).toHaveText('Running');

  // The listing's link starts answering a login page instead of the calendar.
  feeds.routes['/airbnb.ics'] = feeds.routes['/login-page.ics']!;
  const item = sourceItem(page, 'Airbnb');
  await item.getByRole('button', { name: 'Sync', exact: true }).click();
  await expectToast(page, 'Sync Failed', /web page, not an iCal feed/);
  await expect(overallStatus(page)).toHaveText('Issues Detected');
  await expect(item.getByText('Error', { exact: true })).toBeVisible();
  await expect(item).toContainText('Last message: The URL answered a web page');
  await expect(page.getByRole('region', { name: 'Last sync results' }).getByRole('definition').first()).toHaveText(
    'No',
  );
  // The nights of the last good import stay closed.
  expect(await bookable(page, [day(21)])).toEqual({ [day(21)]: false });
});

test('the auto-sync switch turns hourly sync off and on, and says when it fails', async ({ page, feeds }) => {
  await loginAsAdmin(page);
  const source = await addSourceByApi(page, 'Airbnb', feeds.url('/airbnb.ics'));
  await dashboardTab(page, 'iCal Sync').click();
  const item = sourceItem(page, 'Airbnb');
  const toggle = item.getByRole('switch', { name: 'Auto-sync', exact: true });
  await expect(toggle).toBeChecked();

  await toggle.click();
  await expectToast(page, 'Auto-Sync Disabled');
  await expect(toggle).not.toBeChecked();
  await expect(overallStatus(page)).toHaveText('No Active Sources');
  expect((await apiSources(page)).find((s) => s.id === source.id)?.autoSyncEnabled).toBe(false);

  await toggle.focus();
  await page.keyboard.press('Space');
  await expectToast(page, 'Auto-Sync Enabled');
  await expect(toggle).toBeChecked();
  await expect(overallStatus(page)).toHaveText('Running');
  expect((await apiSources(page)).find((s) => s.id === source.id)?.autoSyncEnabled).toBe(true);

  await page.route('**/api/calendar-sources/*', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Database is busy"}' })
      : route.continue(),
  );
  await toggle.click();
  await expectToast(page, 'Update Failed', 'Failed to update auto-sync setting');
  await expect(toggle).toBeChecked();
});

test('Delete asks first, then removes the source and reopens its nights', async ({ page, feeds }) => {
  await loginAsAdmin(page);
  await addSourceByApi(page, 'Airbnb', feeds.url('/airbnb.ics'));
  await addSourceByApi(page, 'VRBO', feeds.url('/vrbo.ics'), 'vrbo');
  await dashboardTab(page, 'iCal Sync').click();
  const item = sourceItem(page, 'Airbnb');
  await expect(item).toBeVisible();
  // With several sources each button also names its source for screen readers.
  const remove = item.getByRole('button', { name: 'Delete Airbnb', exact: true });
  await expect(remove).toHaveText('Delete');
  await expect(item.getByRole('button', { name: /^Test/ })).toHaveAccessibleName('Test Airbnb');

  const deletes: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'DELETE') deletes.push(r);
  });
  let message = '';
  page.once('dialog', (d) => {
    message = d.message();
    void d.dismiss();
  });
  await remove.click();
  expect(message).toBe('Are you sure you want to delete "Airbnb"?');
  await expect(item).toBeVisible();
  expect(deletes).toHaveLength(0);
  expect(await bookable(page, [day(21)])).toEqual({ [day(21)]: false });

  page.once('dialog', (d) => {
    message = d.message();
    void d.accept();
  });
  await remove.click();
  await expectToast(page, 'Calendar Source Deleted', 'Calendar source "Airbnb" deleted');
  expect(message).toBe('Are you sure you want to delete "Airbnb"?');
  await expect(item).toHaveCount(0);
  await expect(sourceItem(page, 'VRBO')).toBeVisible();
  expect(await bookable(page, [day(21), day(30)])).toEqual({ [day(21)]: true, [day(30)]: false });

  // The last one: the buttons are plain words again, and the empty state returns.
  await expect(sourceItem(page, 'VRBO').getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
  page.once('dialog', (d) => void d.accept());
  await sourceItem(page, 'VRBO').getByRole('button', { name: 'Delete', exact: true }).click();
  await expectToast(page, 'Calendar Source Deleted');
  await expect(page.getByText('No calendar sources yet', { exact: true })).toBeVisible();
  await expect(overallStatus(page)).toHaveText('No Active Sources');
});

test('the export feed: platform and owner addresses, open, copy, share by e-mail and rotate', async ({
  page,
  ownServer,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ownServer.url });
  await loginAsAdmin(page);
  // A night the owner blocked and a paid direct booking: both belong in the feed.
  const blockedNight = day(50);
  const put = await page.request.put(`/api/availability/${blockedNight}`, {
    data: { price: 300, isAvailable: false, isBlocked: true },
  });
  expect(put.ok()).toBe(true);
  insertBooking(ownServer.dataDir, {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    checkin: day(60),
    checkout: day(63),
    paymentStatus: 'paid',
  });
  await dashboardTab(page, 'iCal Sync').click();

  const exportCard = page.getByRole('region', { name: 'Export feed' });
  const platformFeed = exportCard.getByRole('group', { name: 'Platform feed' });
  const ownerFeed = exportCard.getByRole('group', { name: 'Owner feed' });
  await expect(platformFeed).toContainText('Give this one to platforms');
  await expect(platformFeed).toContainText('Import calendar');
  await expect(ownerFeed).toContainText('guest');
  const platformInput = platformFeed.getByLabel('Platform feed URL');
  await expect(platformInput).toHaveValue(new RegExp(`^${ownServer.url}/api/calendar/feed\\.ics\\?token=`));
  const platformUrl = await platformInput.inputValue();
  const ownerUrl = await ownerFeed.getByLabel('Owner feed URL').inputValue();
  expect(ownerUrl).not.toBe(platformUrl);

  // Open: a new tab on the feed itself, which is an iCalendar with the closed nights.
  const open = platformFeed.getByRole('link', { name: /^Open/ });
  await expect(open).toHaveText('Open');
  await expect(open).toHaveAttribute('href', platformUrl);
  await expect(open).toHaveAttribute('target', '_blank');
  const fetchFeed = (url: string) =>
    page.evaluate(async (u) => {
      // The feed may be cached for 5 minutes: ask the server itself.
      const res = await fetch(u, { cache: 'no-store' });
      return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() };
    }, url);
  const platform = await fetchFeed(platformUrl);
  expect(platform.status).toBe(200);
  expect(platform.type).toMatch(/^text\/calendar/);
  const compact = (d: string) => d.replaceAll('-', '');
  expect(platform.body).toContain(`DTSTART;VALUE=DATE:${compact(blockedNight)}`);
  expect(platform.body).toContain(`DTSTART;VALUE=DATE:${compact(day(60))}`);
  expect(platform.body).not.toContain('Lovelace');
  const owner = await fetchFeed(ownerUrl);
  expect(owner.body).toContain('Lovelace');

  // Copy puts the address on the clipboard.
  await platformFeed.getByRole('button', { name: /^Copy/ }).click();
  await expectToast(page, 'Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(platformUrl);

  // Share by e-mail: a mail with the address in its body.
  const share = platformFeed.getByRole('link', { name: /^Share by e-mail/ });
  const mailto = (await share.getAttribute('href')) ?? '';
  expect(mailto.startsWith('mailto:?')).toBe(true);
  expect(new URLSearchParams(mailto.slice('mailto:?'.length)).get('body')).toContain(platformUrl);

  // Rotate: asks first; the old address stops working, the new one works.
  let question = '';
  page.once('dialog', (d) => {
    question = d.message();
    void d.accept();
  });
  await platformFeed.getByRole('button', { name: /^Rotate/ }).click();
  await expectToast(page, 'Feed Address Changed', /old platform feed address stopped working/);
  expect(question).toMatch(/stops working/);
  await expect(platformInput).not.toHaveValue(platformUrl);
  const rotatedUrl = await platformInput.inputValue();
  await expect(open).toHaveAttribute('href', rotatedUrl);
  expect((await fetchFeed(platformUrl)).status).toBe(404);
  expect((await fetchFeed(rotatedUrl)).status).toBe(200);
  await expect(ownerFeed.getByLabel('Owner feed URL')).toHaveValue(ownerUrl);
});

test('the status and the list refresh every 30 s without a reload', async ({ page, feeds }) => {
  await page.clock.install();
  await openIcalSync(page);
  await expect(page.getByText('No calendar sources yet', { exact: true })).toBeVisible();
  await expect(overallStatus(page)).toHaveText('No Active Sources');
  // The page's clock keeps running (TanStack Query hands its updates over with setTimeout), but a
  // test takes far less than 30 s to get here: only `runFor` brings the next refresh.

  // Another tab (here: the API) adds a source.
  const source = await addSourceByApi(page, 'Airbnb', feeds.url('/airbnb.ics'));
  await expect(page.getByText('No calendar sources yet', { exact: true })).toBeVisible();
  await page.clock.runFor(30_000);
  const item = sourceItem(page, 'Airbnb');
  await expect(item).toBeVisible();
  await expect(item.getByText('Success', { exact: true })).toBeVisible();
  await expect(overallStatus(page)).toHaveText('Running');
  await expect(page.getByTestId('ical-auto-sync-status')).not.toContainText('never');

  // The feed breaks and the hourly sync (here: the API) finds out.
  feeds.routes['/airbnb.ics'] = feeds.routes['/login-page.ics']!;
  const sync = await page.request.post(`/api/calendar-sources/${source.id}/sync`);
  expect(((await sync.json()) as { success: boolean }).success).toBe(false);
  await expect(overallStatus(page)).toHaveText('Running');
  await page.clock.runFor(30_000);
  await expect(overallStatus(page)).toHaveText('Issues Detected');
  await expect(item.getByText('Error', { exact: true })).toBeVisible();
});
