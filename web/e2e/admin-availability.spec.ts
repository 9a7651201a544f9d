import type { Page } from '@playwright/test';
import { PROPERTY, addDays, addMonths, endOfMonth, todayIn, type AvailabilityDay } from '@ridgeline/core';
import { openDashboardTab, toasts } from './admin-dashboard-helpers';
import { expect, ownServerTest, test } from './fixtures';

/**
 * Admin Availability tab ([availability.grid], [availability.selection], [availability.update]). Tests that share
 * the worker's server use their own months, far in the future, so they never meet.
 */

const longDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const monthTitle = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** Today where the house is (the calendar's "today"). */
const today = () => todayIn(PROPERTY.timeZone);

/** The calendar's button for a date, e.g. "Saturday, November 21, 2026, $300 base rate, Available". */
function day(page: Page, date: string) {
  return page.getByRole('button', { name: new RegExp(`^${longDate.format(utc(date))},`) });
}

const openAvailability = (page: Page, origin = '') => openDashboardTab(page, 'Availability', origin);

/** Moves the calendar `months` months after the current one; returns its first day. */
async function showMonth(page: Page, months: number): Promise<string> {
  const first = addMonths(today(), months);
  for (let i = 0; i < months; i += 1) await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByRole('heading', { name: monthTitle.format(utc(first)) })).toBeVisible();
  await expect(day(page, first)).toBeVisible();
  return first;
}

async function adminDays(page: Page, startDate: string, endDate: string): Promise<AvailabilityDay[]> {
  const res = await page.request.get(`/api/availability?startDate=${startDate}&endDate=${endDate}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { availability: AvailabilityDay[] }).availability;
}

// Each test clicks through many months; leave room for a busy machine.
test.describe.configure({ timeout: 90_000 });

test.describe('availability calendar', () => {
  test('shows a 42-cell month, Sunday first, today ringed, and moves between months', async ({
    page,
    consoleErrors,
  }) => {
    await openAvailability(page);
    const now = today();
    const thisMonth = addMonths(now, 0);

    await expect(page.getByRole('heading', { name: monthTitle.format(utc(thisMonth)) })).toBeVisible();
    await expect(page.locator('[data-testid="calendar-cell"]')).toHaveCount(42);
    await expect(page.getByRole('columnheader')).toHaveText(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    // The 1st sits under its weekday.
    const firstCell = page.locator('[data-testid="calendar-cell"]').nth(utc(thisMonth).getUTCDay());
    await expect(firstCell.getByRole('button')).toHaveAttribute('data-date', thisMonth);
    // Today (in the property's zone) is marked, and only today.
    await expect(page.locator('button[aria-current="date"]')).toHaveCount(1);
    await expect(page.locator('button[aria-current="date"]')).toHaveAttribute('data-date', now);

    // Next month loads the month before to the month after it ([availability.grid]).
    const next = addMonths(now, 1);
    const nextRequest = page.waitForRequest((r) =>
      r.url().endsWith(`/api/availability?startDate=${thisMonth}&endDate=${endOfMonth(addMonths(now, 2))}`),
    );
    await page.getByRole('button', { name: 'Next month' }).click();
    await nextRequest;
    await expect(page.getByRole('heading', { name: monthTitle.format(utc(next)) })).toBeVisible();
    await expect(day(page, next)).toBeVisible();
    await expect(page.locator('button[aria-current="date"]')).toHaveCount(0);

    await page.getByRole('button', { name: 'Previous month' }).click();
    await page.getByRole('button', { name: 'Previous month' }).click();
    const previous = addMonths(now, -1);
    await expect(page.getByRole('heading', { name: monthTitle.format(utc(previous)) })).toBeVisible();
    await expect(day(page, previous)).toBeVisible();
    await expect(page.locator('[data-testid="calendar-cell"]')).toHaveCount(42);
    expect(consoleErrors).toEqual([]);
  });

  test('selects a range in either order, updates it, and the API has the new days', async ({ page, consoleErrors }) => {
    await openAvailability(page);
    const first = await showMonth(page, 20);
    const [d10, d11, d12, d13, d20, d21, d22] = [9, 10, 11, 12, 19, 20, 21].map((n) => addDays(first, n)) as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
    ];

    // Second click earlier than the first: the range is reordered.
    await day(page, d12).click();
    await expect(day(page, d12)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Update 1 Date(s)' })).toBeVisible();
    await day(page, d10).click();
    for (const d of [d10, d11, d12]) await expect(day(page, d)).toHaveAttribute('aria-pressed', 'true');
    for (const d of [addDays(d10, -1), d13]) await expect(day(page, d)).toHaveAttribute('aria-pressed', 'false');

    // An unset first day pre-fills the defaults ([availability.update]).
    const price = page.getByLabel('Price per night', { exact: true });
    await expect(price).toHaveValue('300');
    await expect(page.getByRole('switch', { name: 'Available for booking' })).toBeChecked();
    await expect(page.getByRole('switch', { name: 'Block date(s)' })).not.toBeChecked();

    await price.fill('315');
    await page.getByRole('switch', { name: 'Block date(s)' }).click();
    await page.getByRole('button', { name: 'Update 3 Date(s)' }).click();
    await expect(toasts(page).getByText('Updated 3 date(s) successfully', { exact: true })).toBeVisible();
    for (const d of [d10, d11, d12]) {
      await expect(day(page, d)).toHaveAccessibleName(`${longDate.format(utc(d))}, $315 own price, Blocked`);
      await expect(day(page, d)).toHaveAttribute('aria-pressed', 'false');
    }
    await expect(day(page, d13)).toHaveAccessibleName(`${longDate.format(utc(d13))}, $300 base rate, Not Set`);
    await expect(page.getByRole('button', { name: /^Update \d+ Date\(s\)$/ })).toHaveCount(0);

    // Forward order, not available.
    await day(page, d20).click();
    await day(page, d22).click();
    await expect(page.getByRole('button', { name: 'Update 3 Date(s)' })).toBeVisible();
    await price.fill('199');
    await page.getByRole('switch', { name: 'Available for booking' }).click();
    await page.getByRole('button', { name: 'Update 3 Date(s)' }).click();
    await expect(toasts(page).getByText('Updated 3 date(s) successfully', { exact: true })).toBeVisible();
    for (const d of [d20, d21, d22]) {
      await expect(day(page, d)).toHaveAccessibleName(`${longDate.format(utc(d))}, $199 own price, Unavailable`);
    }
    await expect(day(page, d10)).toHaveAttribute('data-status', 'Blocked');
    await expect(day(page, d20)).toHaveAttribute('data-status', 'Unavailable');

    const saved = await adminDays(page, d10, d22);
    expect(saved).toEqual([
      { date: d10, price: 315, isAvailable: true, isBlocked: true, priceSource: 'own' },
      { date: d11, price: 315, isAvailable: true, isBlocked: true, priceSource: 'own' },
      { date: d12, price: 315, isAvailable: true, isBlocked: true, priceSource: 'own' },
      { date: d20, price: 199, isAvailable: false, isBlocked: false, priceSource: 'own' },
      { date: d21, price: 199, isAvailable: false, isBlocked: false, priceSource: 'own' },
      { date: d22, price: 199, isAvailable: false, isBlocked: false, priceSource: 'own' },
    ]);

    // Selecting a day that is set pre-fills its own values.
    await day(page, d11).click();
    await expect(price).toHaveValue('315');
    await expect(page.getByRole('switch', { name: 'Block date(s)' })).toBeChecked();
    expect(consoleErrors).toEqual([]);
  });

  test('warns about an invalid price and sends nothing; Clear Selection resets', async ({ page, consoleErrors }) => {
    await openAvailability(page);
    const first = await showMonth(page, 23);
    const target = addDays(first, 14);
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/availability')) writes.push(r.url());
    });

    await day(page, target).click();
    const price = page.getByLabel('Price per night', { exact: true });
    for (const bad of ['-5', '12.5', '']) {
      await price.fill(bad);
      await page.getByRole('button', { name: 'Update 1 Date(s)' }).click();
      await expect(toasts(page).getByText('Please select dates and enter valid price', { exact: true })).toBeVisible();
    }
    expect(writes).toEqual([]);
    await expect(day(page, target)).toHaveAttribute('data-status', 'Not Set');

    // Clear Selection: nothing selected, the panel goes away.
    await day(page, addDays(target, 2)).click();
    await expect(page.getByRole('button', { name: 'Update 3 Date(s)' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear Selection' }).click();
    await expect(page.locator('button[data-date][aria-pressed="true"]')).toHaveCount(0);
    await expect(page.getByLabel('Price per night', { exact: true })).toHaveCount(0);
    await expect(page.getByText('No dates selected')).toBeVisible();
    expect(writes).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('the grid keeps prices ([availability.own-price], [availability.range])', () => {
  // Its own server: a weekend rate changes what other tests quote.
  ownServerTest('a weekend rate shows on Friday and Saturday, survives block and reopen, and Reset to default price brings it back', async ({ page, consoleErrors, ownServer: own }) => {
    await openAvailability(page, own.url);
    expect((await page.request.put(`${own.url}/api/settings`, { data: { weekendNightlyRateCents: 39_500 } })).ok()).toBe(true);
    // Months not shown yet are read afresh, with the new rate.
    const first = await showMonth(page, 2);
    const weekday = new Date(`${first}T12:00:00Z`).getUTCDay();
    const fri = addDays(first, (5 - weekday + 7) % 7);
    const [sat, sun] = [addDays(fri, 1), addDays(fri, 2)];
    const name = (d: string, rest: string) => `${longDate.format(utc(d))}, ${rest}`;
    await expect(day(page, fri)).toHaveAccessibleName(name(fri, '$395 weekend rate, Not Set'));
    await expect(day(page, sat)).toHaveAccessibleName(name(sat, '$395 weekend rate, Not Set'));
    await expect(day(page, sun)).toHaveAccessibleName(name(sun, '$300 base rate, Not Set'));

    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().includes('/api/availability')) writes.push(new URL(r.url()).pathname);
    });
    const update = async (from: string, to: string, act: () => Promise<void>, toast: string) => {
      await day(page, from).click();
      await day(page, to).click();
      await act();
      await expect(toasts(page).getByText(toast, { exact: true }).last()).toBeVisible();
      await expect(page.getByText('No dates selected')).toBeVisible();
    };
    const price = page.getByLabel('Price per night', { exact: true });

    // Block, then reopen: one request each, and the weekend rate stays.
    await update(fri, sun, async () => {
      await expect(price).toHaveValue('395');
      await page.getByRole('switch', { name: 'Block date(s)' }).click();
      await page.getByRole('button', { name: 'Update 3 Date(s)' }).click();
    }, 'Updated 3 date(s) successfully');
    await expect(day(page, fri)).toHaveAccessibleName(name(fri, '$395 weekend rate, Blocked'));
    await expect(day(page, sun)).toHaveAccessibleName(name(sun, '$300 base rate, Blocked'));
    await update(fri, sun, async () => {
      await page.getByRole('switch', { name: 'Block date(s)' }).click();
      await page.getByRole('button', { name: 'Update 3 Date(s)' }).click();
    }, 'Updated 3 date(s) successfully');
    await expect(day(page, sat)).toHaveAccessibleName(name(sat, '$395 weekend rate, Available'));
    expect(writes).toEqual(['/api/availability', '/api/availability']);

    // An own price, then back to the default, then Not Set.
    await update(fri, sat, async () => {
      await price.fill('410');
      await page.getByRole('button', { name: 'Update 2 Date(s)' }).click();
    }, 'Updated 2 date(s) successfully');
    await expect(day(page, fri)).toHaveAccessibleName(name(fri, '$410 own price, Available'));
    await update(fri, sat, () => page.getByRole('button', { name: 'Reset to default price' }).click(), 'Reset 2 date(s) to the default price');
    await expect(day(page, fri)).toHaveAccessibleName(name(fri, '$395 weekend rate, Available'));
    await update(fri, sun, () => page.getByRole('button', { name: 'Set to Not Set' }).click(), 'Set 3 date(s) to Not Set');
    await expect(day(page, sat)).toHaveAccessibleName(name(sat, '$395 weekend rate, Not Set'));
    const left = await page.request.get(`${own.url}/api/availability?startDate=${fri}&endDate=${sun}`);
    expect(((await left.json()) as { availability: AvailabilityDay[] }).availability).toEqual([]);
    expect(writes).toHaveLength(5);
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('bulk price', () => {
  // Its own server: the next 30 days are what other tests quote and book.
  ownServerTest('Apply to Next 30 Days makes the next 30 days available at the price', async ({ page, consoleErrors, ownServer: own }) => {
    await openAvailability(page, own.url);
    const start = today();
    const last = addDays(start, 29);
    await page.getByLabel(/Nightly rate for the next 30 days/).fill('345');
    await page.getByRole('button', { name: 'Apply to Next 30 Days' }).click();
    await expect(toasts(page).getByText('Updated 30 date(s) successfully', { exact: true })).toBeVisible();

    await expect(day(page, start)).toHaveAccessibleName(`${longDate.format(utc(start))}, $345 own price, Available`);
    // The grid shows one month: a neighbour in another month is checked through the API below.
    const sameMonth = (a: string, b: string) => a.slice(0, 7) === b.slice(0, 7);
    if (sameMonth(addDays(start, -1), start)) await expect(day(page, addDays(start, -1))).toHaveAttribute('data-status', 'Not Set');
    if (last.slice(0, 7) !== start.slice(0, 7)) {
      await page.getByRole('button', { name: 'Next month' }).click();
    }
    await expect(day(page, last)).toHaveAccessibleName(`${longDate.format(utc(last))}, $345 own price, Available`);
    if (sameMonth(addDays(last, 1), last)) await expect(day(page, addDays(last, 1))).toHaveAttribute('data-status', 'Not Set');

    const res = await page.request.get(
      `${own.url}/api/availability?startDate=${addDays(start, -3)}&endDate=${addDays(last, 3)}`,
    );
    const days = ((await res.json()) as { availability: AvailabilityDay[] }).availability;
    expect(days.map((d) => d.date)).toEqual(Array.from({ length: 30 }, (_, i) => addDays(start, i)));
    expect(days.every((d) => d.price === 345 && d.isAvailable && !d.isBlocked)).toBe(true);
    expect(consoleErrors).toEqual([]);
  });
});
