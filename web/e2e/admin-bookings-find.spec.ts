import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addDays } from '@ridgeline/core';
import { expect, startServer, test } from './fixtures';
import { dashboardTab, insertBooking, loginAsAdmin } from './admin-dashboard-helpers';
import { today } from './support/booking';

/**
 * [bookings.find]: the owner finds a booking among others: the default check-in order, the
 * search, the "Show" filter, the table one toggle away, and a row opened by keyboard onto the
 * booking's full item (its Money section and History). A server of its own: the list is known.
 */

let server: Awaited<ReturnType<typeof startServer>>;
test.beforeAll(async () => {
  server = await startServer();
  const day = (n: number) => addDays(today(), n);
  insertBooking(server.dataDir, { firstName: 'Ann', lastName: 'Upcoming', email: 'ann@example.com', checkin: day(10), checkout: day(13), createdAt: '2026-01-03T12:00:00.000Z' });
  insertBooking(server.dataDir, { firstName: 'Bob', lastName: 'Past', email: 'bob@example.net', checkin: day(-30), checkout: day(-27), createdAt: '2026-01-02T12:00:00.000Z' });
  insertBooking(server.dataDir, { firstName: 'Cy', lastName: 'Inhouse', email: 'cy@example.com', checkin: day(-1), checkout: day(2), createdAt: '2026-01-01T12:00:00.000Z', amountPaidCents: 20_000 });
});
test.afterAll(async () => {
  await server.stop();
});

const names = (page: Page) => page.getByRole('list', { name: 'Booking inquiries' }).getByRole('heading', { level: 3 }).allTextContents();

test('the owner filters, searches, switches to the table and opens a row', async ({ page, consoleErrors }) => {
  await loginAsAdmin(page, server.url);
  await dashboardTab(page, 'Bookings').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Booking Inquiries' })).toBeVisible();

  // By check-in, stays not over first (nearest first), then past ones.
  await expect(page.getByText('3 bookings shown.')).toBeVisible();
  expect(await names(page)).toEqual(['Cy Inhouse', 'Ann Upcoming', 'Bob Past']);
  await page.getByLabel('Sort by').selectOption({ label: 'Submitted (newest first)' });
  await expect.poll(() => names(page)).toEqual(['Ann Upcoming', 'Bob Past', 'Cy Inhouse']);

  const search = page.getByRole('searchbox', { name: 'Search bookings' });
  await search.fill('example.net');
  await expect.poll(() => names(page)).toEqual(['Bob Past']);
  await search.fill('nobody at all');
  await expect(page.getByText('No bookings match.')).toBeVisible();
  await search.fill('');

  await page.getByLabel('Show').selectOption({ label: 'In-house' });
  await expect.poll(() => names(page)).toEqual(['Cy Inhouse']);
  await page.getByLabel('Show').selectOption({ label: 'All bookings' });

  await page.getByRole('button', { name: 'Table' }).click();
  await expect(page.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
  const table = page.getByRole('table', { name: 'Bookings' });
  await expect(table.getByRole('columnheader')).toHaveText(['Guest', 'Dates', 'Nights', 'Channel', 'Status', 'Total', 'Paid', 'Balance due']);
  const cy = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /Cy Inhouse/ }) });
  await expect(cy.getByRole('cell')).toContainText(['3', 'Website', 'In-house', /^\$/, '$200.00', /^\$/]);
  await expect(page.getByRole('article')).toHaveCount(0);

  // A row opens by keyboard onto the full item, with its Money and History.
  const open = cy.getByRole('button', { name: 'Cy Inhouse' });
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  const item = page.getByRole('article', { name: 'Cy Inhouse' });
  await expect(item).toContainText('cy@example.com');
  await item.getByRole('button', { name: 'Money', exact: true }).click();
  await expect(item.getByRole('table', { name: 'Money' })).toContainText('$200.00');
  await expect(item.getByRole('button', { name: 'History', exact: true })).toBeVisible();

  // The controls and the table meet WCAG 2.2 AA.
  const axe = await new AxeBuilder({ page }).include('[role="search"]').include('[aria-label="Bookings table"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  expect(axe.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }))).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
