import Database from 'better-sqlite3';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { PROPERTY, addDays, formatBps, formatCents, todayIn, type AnalyticsSummary, type ReportsSummary } from '@ridgeline/core';
import { expect, ownServerTest as test } from './fixtures';
import { dashboardTab, insertBooking, loginAsAdmin } from './admin-dashboard-helpers';

/**
 * Owner insights ([insights.charts], [insights.summary], [analytics.summary], [analytics.funnel]):
 * with stays across channels seeded, the Reports tab draws its charts, each chart's table (shown
 * by "Show table") holds the numbers of GET /api/reports/summary, and the Overview shows this
 * month's figures.
 */

const today = todayIn(PROPERTY.timeZone);
const year = Number(today.slice(0, 4));
const SHORT = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A reservation imported from `platform` under an active source that is never synced (auto sync off). */
function insertActiveImport(dataDir: string, platform: 'airbnb' | 'vrbo' | 'booking', start: string, end: string) {
  const db = new Database(path.join(dataDir, 'ridgeline.sqlite'));
  try {
    const now = new Date().toISOString();
    const source = db
      .prepare("INSERT INTO calendar_sources (name, ical_url, platform, is_active, auto_sync_enabled, created_at) VALUES (?, 'http://127.0.0.1:9/never.ics', ?, 1, 0, ?)")
      .run(`${platform} (insights e2e)`, platform, now);
    db.prepare('INSERT INTO imported_events (source_id, uid, start_date, end_date, summary, is_reservation, first_seen, last_seen) VALUES (?, ?, ?, ?, ?, 1, ?, ?)').run(
      Number(source.lastInsertRowid),
      `${platform}-${start}`,
      start,
      end,
      'Reserved',
      now,
      now,
    );
  } finally {
    db.close();
  }
}

/** Marks a booking as the owner's manual booking for a guest. */
function makeManual(dataDir: string, id: number) {
  const db = new Database(path.join(dataDir, 'ridgeline.sqlite'));
  try {
    db.prepare("UPDATE booking_inquiries SET kind = 'manual', payment_status = 'unpaid' WHERE id = ?").run(id);
  } finally {
    db.close();
  }
}

/** Stays of this year across channels, one last year, and a closed night this month. */
async function seed(page: Page, dataDir: string, origin: string) {
  const guest = (name: string) => ({ firstName: name, lastName: 'Guest', email: `${name.toLowerCase()}@example.com` });
  insertBooking(dataDir, { ...guest('Dora'), checkin: `${year}-03-10`, checkout: `${year}-03-13`, paymentStatus: 'paid', createdAt: `${year}-01-20T15:00:00.000Z` });
  // Across a month end: nights in April and May.
  insertBooking(dataDir, { ...guest('Eli'), checkin: `${year}-04-29`, checkout: `${year}-05-02`, paymentStatus: 'paid', createdAt: `${year}-04-01T15:00:00.000Z` });
  makeManual(dataDir, insertBooking(dataDir, { ...guest('Mani'), checkin: `${year}-06-05`, checkout: `${year}-06-07` }));
  insertBooking(dataDir, { ...guest('Lou'), checkin: `${year - 1}-03-05`, checkout: `${year - 1}-03-09`, paymentStatus: 'paid', createdAt: `${year - 1}-02-01T15:00:00.000Z` });
  insertActiveImport(dataDir, 'airbnb', `${year}-07-01`, `${year}-07-05`);
  insertActiveImport(dataDir, 'vrbo', `${year}-08-10`, `${year}-08-12`);
  // The owner closes a night of this month (owner block: not available).
  const night = addDays(today, 1).slice(0, 7) === today.slice(0, 7) ? addDays(today, 1) : today;
  const res = await page.request.put(`${origin}/api/availability/${night}`, { data: { price: 250, isAvailable: false, isBlocked: true } });
  expect(res.ok()).toBe(true);
}

/** The rows of a table as text cells (header row first). */
async function tableRows(page: Page, name: string): Promise<string[][]> {
  const table = page.getByRole('table', { name });
  await expect(table).toBeVisible();
  return table.locator('tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c.textContent ?? '').trim())));
}

test('the Reports tab draws the charts, and each table matches GET /api/reports/summary', async ({ page, ownServer, consoleErrors }) => {
  await loginAsAdmin(page, ownServer.url);
  await seed(page, ownServer.dataDir, ownServer.url);
  // The dashboard read its data before the seeding: read it again.
  await page.reload();
  await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible();
  const api = (await (await page.request.get(`${ownServer.url}/api/reports/summary?year=${year}`)).json()) as ReportsSummary;
  // The seeded stays as the API counts them.
  expect(api.channels).toEqual([
    { channel: 'direct', nights: 6 },
    { channel: 'manual', nights: 2 },
    { channel: 'airbnb', nights: 4 },
    { channel: 'vrbo', nights: 2 },
    { channel: 'booking', nights: 0 },
  ]);
  expect(api.months[3]?.nightsBooked).toBe(2);
  expect(api.months[4]?.nightsBooked).toBe(1);
  expect(api.previousYear.months[2]?.nightsBooked).toBe(4);

  await dashboardTab(page, 'Reports').click();
  // The insights and the chart library load with the tab (a large chunk on a busy machine).
  await expect(page.getByRole('heading', { level: 3, name: 'Hosting performance' })).toBeVisible({ timeout: 20_000 });
  // Every chart is drawn (an SVG surface in its panel).
  for (const title of ['Revenue by month', 'Occupancy by month', 'ADR and RevPAR by month', 'Channel mix', 'Lead time', 'Length of stay', 'Visits per day']) {
    await expect(page.locator(`[data-chart="${title}"] svg.recharts-surface`).first(), title).toBeVisible();
  }
  // The year's figures, with last year's beside them.
  const figure = (label: string) => page.locator('p', { hasText: new RegExp(`^${label}$`) }).locator('..');
  await expect(figure(`Occupancy ${year}`)).toContainText(`${formatBps(api.totals.occupancyBps)}${api.totals.nightsBooked} of ${api.totals.nightsAvailable} nights · ${year - 1}: ${formatBps(api.previousYear.totals.occupancyBps)}`);
  await expect(figure(`ADR ${year}`)).toContainText(formatCents(api.totals.adrCents));
  await expect(figure(`RevPAR ${year}`)).toContainText(formatCents(api.totals.revparCents));
  await expect(figure(`Revenue ${year}`)).toContainText(formatCents(api.totals.revenueCents));

  // Occupancy: "Show table" swaps the chart for its table, whose numbers are the API's.
  const occupancyToggle = page.getByRole('button', { name: 'Show table: Occupancy by month' });
  await occupancyToggle.click();
  await expect(page.locator('[data-chart="Occupancy by month"]')).toHaveCount(0);
  // The table scrolls in its own box, which the keyboard reaches next (axe: scrollable-region-focusable).
  await page.getByRole('button', { name: 'Show chart: Occupancy by month' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('region', { name: 'Occupancy by month: table' })).toBeFocused();
  const occupancy = await tableRows(page, 'Occupancy by month');
  expect((await page.getByRole('table', { name: 'Occupancy by month' }).boundingBox())?.height).toBeGreaterThan(100);
  expect(occupancy[0]).toEqual(['Month', 'Nights booked', 'Nights available', `Occupancy ${year}`, `Occupancy ${year - 1}`, `ADR ${year}`, `ADR ${year - 1}`, `RevPAR ${year}`, `RevPAR ${year - 1}`]);
  expect(occupancy.slice(1)).toEqual(
    api.months.map((m, i) => {
      const last = api.previousYear.months[i]!;
      return [SHORT[i], String(m.nightsBooked), String(m.nightsAvailable), formatBps(m.occupancyBps), formatBps(last.occupancyBps), formatCents(m.adrCents), formatCents(last.adrCents), formatCents(m.revparCents), formatCents(last.revparCents)];
    }),
  );
  await page.getByRole('button', { name: 'Show chart: Occupancy by month' }).click();
  await expect(page.locator('[data-chart="Occupancy by month"] svg.recharts-surface').first()).toBeVisible();

  // Revenue and channel mix tables.
  await page.getByRole('button', { name: 'Show table: Revenue by month' }).click();
  const revenue = await tableRows(page, 'Revenue by month');
  expect(revenue.slice(1).map((r) => [r[0], r[1], r[5]])).toEqual(api.months.map((m, i) => [SHORT[i], formatCents(m.revenueCents), formatCents(api.previousYear.months[i]!.revenueCents)]));
  expect(api.months[2]!.revenueCents).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Show table: Channel mix' }).click();
  expect((await tableRows(page, 'Channel mix')).slice(1).map((r) => [r[0], r[1]])).toEqual([
    ['Direct', '6'],
    ['Manual', '2'],
    ['Airbnb', '4'],
    ['VRBO', '2'],
    ['Booking.com', '0'],
  ]);

  // The yearly statement link and the page it opens.
  const statement = page.getByRole('link', { name: 'Yearly statement' });
  await expect(statement).toHaveAttribute('href', `/api/reports/statement?year=${year}`);
  const html = await (await page.request.get(`${ownServer.url}/api/reports/statement?year=${year}`)).text();
  expect(html).toContain(`<h1>Owner statement ${year}</h1>`);

  // The Overview: this month's occupancy, ADR and revenue, the API's.
  const month = api.months[Number(today.slice(5, 7)) - 1]!;
  await dashboardTab(page, 'Overview').click();
  const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(year, Number(today.slice(5, 7)) - 1, 1));
  await expect(page.getByRole('button', { name: new RegExp(`^Occupancy in ${monthName}`) })).toContainText(formatBps(month.occupancyBps));
  await expect(page.getByRole('button', { name: new RegExp(`^ADR in ${monthName}`) })).toContainText(formatCents(month.adrCents));
  await expect(page.getByRole('button', { name: new RegExp(`^Revenue in ${monthName}`) })).toContainText(formatCents(month.revenueCents));
  await expect(page.getByRole('region', { name: 'Upcoming' })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('visits and the booking section in view reach the funnel; the footer says how visits are counted', async ({ page, ownServer, consoleErrors }) => {
  await page.goto('/');
  await expect(page.getByRole('contentinfo')).toContainText('We count visits without cookies and never store your IP address.');
  const seen = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/analytics/pageview' && r.postDataJSON()?.event === 'booking-seen');
  await page.locator('#booking').scrollIntoViewIfNeeded();
  await page.getByRole('form', { name: 'Book your stay' }).scrollIntoViewIfNeeded();
  expect((await (await seen).response())?.status()).toBe(204);
  expect(await page.context().cookies()).toEqual([]);

  await loginAsAdmin(page, ownServer.url);
  const from = addDays(today, -29);
  const api = (await (await page.request.get(`${ownServer.url}/api/analytics/summary?from=${from}&to=${today}`)).json()) as AnalyticsSummary;
  expect(api.funnel[0]!.count).toBeGreaterThanOrEqual(1);
  expect(api.funnel[1]!.count).toBe(1);
  await dashboardTab(page, 'Reports').click();
  await expect(page.getByRole('heading', { level: 3, name: 'Where guests come from' })).toBeVisible({ timeout: 20_000 });
  const funnel = page.getByRole('region', { name: 'Visit to booking funnel' });
  await expect(funnel).toContainText(`Visits${api.funnel[0]!.count}`);
  await expect(funnel).toContainText(`Booking section seen1 · ${formatBps(api.funnel[1]!.bps)} of visits`);
  await expect(page.getByRole('region', { name: 'Top landing pages' })).toContainText('/');
  await page.getByRole('button', { name: 'Show table: Visits per day' }).click();
  const rows = await tableRows(page, 'Visits per day');
  expect(rows).toHaveLength(31);
  expect(rows.at(-1)?.slice(1)).toEqual([String(api.days.at(-1)!.visitors), String(api.days.at(-1)!.views)]);
  expect(consoleErrors).toEqual([]);
});
