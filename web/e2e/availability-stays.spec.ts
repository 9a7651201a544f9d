import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { addDays, addMonths, startOfMonth } from '@ridgeline/core';
import { dashboardTab, insertBooking, openDashboardTab } from './admin-dashboard-helpers';
import { expect, ownServerTest as test } from './fixtures';
import { closeNights, today } from './support/booking';

/**
 * Every stay in one place on the Availability tab ([availability.stays], [stays.list],
 * [stays.conflict]) and the tab's accessibility (WCAG 2.2 AA, axe). Each test has its own server:
 * the stays are written straight into its database, as a paid checkout and a calendar sync
 * would leave them (both are tested through the API in web/server/stays/stays.test.ts).
 */

/** Reservations as a sync of an Airbnb and a VRBO source stores them ([ical.replace]). */
function importStays(dataDir: string, events: { platform: 'airbnb' | 'vrbo'; uid: string; start: string; end: string; summary: string }[]): void {
  const db = new Database(path.join(dataDir, 'ridgeline.sqlite'));
  try {
    const now = new Date().toISOString();
    const source = db.prepare(
      "INSERT INTO calendar_sources (name, ical_url, platform, auto_sync_enabled, last_sync_status, last_sync_time, last_success_time, created_at) VALUES (?, ?, ?, 0, 'success', ?, ?, ?)",
    );
    const event = db.prepare(
      'INSERT INTO imported_events (source_id, uid, start_date, end_date, summary, is_reservation, first_seen, last_seen) VALUES (?, ?, ?, ?, ?, 1, ?, ?)',
    );
    const ids = new Map<string, number>();
    for (const e of events) {
      if (!ids.has(e.platform)) ids.set(e.platform, Number(source.run(e.platform, `https://example.com/${e.platform}.ics`, e.platform, now, now, now).lastInsertRowid));
      event.run(ids.get(e.platform), e.uid, e.start, e.end, e.summary, now, now);
    }
  } finally {
    db.close();
  }
}

/** Next month's stays: a paid direct booking, an Airbnb stay overlapping it, a VRBO stay, an owner block. */
function seedStays(dataDir: string) {
  const first = addMonths(startOfMonth(today()), 1);
  const at = (n: number) => addDays(first, n);
  const bookingId = insertBooking(dataDir, { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', checkin: at(2), checkout: at(5), paymentStatus: 'paid' });
  importStays(dataDir, [
    { platform: 'airbnb', uid: 'overlap@airbnb.com', start: at(4), end: at(7), summary: 'Reserved' },
    { platform: 'vrbo', uid: 'vrbo-1', start: at(10), end: at(12), summary: 'Reserved - Maria' },
  ]);
  closeNights(dataDir, [at(14), at(15)], 'blocked');
  return { first, at, bookingId };
}

const longDate = (date: string) => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
const band = (page: Page, date: string) => page.locator(`td:has(button[data-date="${date}"]) button[data-stay-id]`);

test.describe('stays on the Availability tab', () => {
  test('shows each night’s stay by channel with a word, opens a stay from the grid and finds it in Upcoming', async ({ page, ownServer, consoleErrors }) => {
    const { first, at, bookingId } = seedStays(ownServer.dataDir);
    await openDashboardTab(page, 'Availability');
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.locator(`button[data-date="${first}"]`)).toBeVisible();

    // The word shows; the name starts with it and adds the rest (WCAG 2.5.3 Label in Name).
    await expect(band(page, at(2)).locator('span.truncate')).toHaveText('Direct');
    await expect(band(page, at(2))).toHaveAccessibleName(`Direct conflict, Ann Lee, ${longDate(at(2))} to ${longDate(at(5))}`);
    await expect(band(page, at(3))).toHaveAttribute('data-conflict', 'true');
    await expect(band(page, at(5))).toHaveAccessibleName(/^Airbnb conflict, Guest not given by the platform,/);
    await expect(band(page, at(5))).toHaveAttribute('data-conflict', 'true');
    await expect(band(page, at(7))).toHaveCount(0); // the Airbnb check-out day is free
    await expect(band(page, at(10)).locator('span.truncate')).toHaveText('VRBO');
    await expect(band(page, at(10))).not.toHaveAttribute('data-conflict', 'true');
    await expect(band(page, at(14)).locator('span.truncate')).toHaveText('Block');
    await expect(band(page, at(15))).toHaveAttribute('data-stay-id', `block-${at(14)}`);

    // A click on an occupied night opens its stay.
    await band(page, at(11)).click();
    const dialog = page.getByRole('dialog', { name: 'VRBO stay' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Maria');
    await expect(dialog).toContainText('Nights2');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await band(page, at(3)).click();
    const direct = page.getByRole('dialog', { name: 'Direct stay' });
    await expect(direct).toContainText('Ann Lee');
    await expect(direct).toContainText('Conflict: another stay shares a night with this one.');
    await expect(direct.getByRole('link', { name: `Open booking #${bookingId}` })).toBeVisible();
    await page.keyboard.press('Escape');

    // The same stay in Upcoming: its arrival, with guest, nights and channel; it opens the same dialog.
    const upcoming = page.getByRole('region', { name: 'Upcoming' });
    const arrival = upcoming.getByRole('button', { name: /^Arrival .*Ann Lee, 3 nights/ });
    await expect(arrival).toContainText('Direct');
    await expect(upcoming.getByRole('button', { name: /^Arrival .*Maria, 2 nights/ })).toContainText('VRBO');
    await arrival.click();
    await expect(page.getByRole('dialog', { name: 'Direct stay' })).toContainText('Ann Lee');
    expect(consoleErrors).toEqual([]);
  });

  test('axe finds no WCAG 2.2 AA violation on the tab with stays of several channels', async ({ page, ownServer }) => {
    const { first, at } = seedStays(ownServer.dataDir);
    await openDashboardTab(page, 'Availability');
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(page.locator(`button[data-date="${first}"]`)).toBeVisible();
    await expect(band(page, at(10))).toBeVisible();
    await expect(page.getByRole('region', { name: 'Upcoming' }).getByRole('button').first()).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      // Label in Name (WCAG 2.5.3) is an experimental axe rule: run it explicitly.
      .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    expect(results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))).toEqual([]);
  });

  test('the Overview shows a conflicts card that opens the stays', async ({ page, ownServer }) => {
    seedStays(ownServer.dataDir);
    await openDashboardTab(page, 'Overview');
    const card = page.getByRole('button', { name: /^Stays in conflict/ });
    await expect(card).toContainText('Stays in conflict2');
    await card.click();
    await expect(dashboardTab(page, 'Availability')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('region', { name: 'Upcoming' })).toBeVisible();
  });
});
