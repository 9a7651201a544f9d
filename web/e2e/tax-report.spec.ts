import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  DEFAULT_SETTINGS,
  PROPERTY,
  addDays,
  formatCents,
  quoteStayWith,
  todayIn,
  type PriceBreakdown,
} from '@ridgeline/core';
import { expect, ownServerTest as test } from './fixtures';
import { dashboardTab, insertBooking, insertImportedStay, loginAsAdmin } from './admin-dashboard-helpers';

/**
 * [reports.tax]: the Reports tab's Lodging Tax Report: a row per check-in month of paid direct
 * bookings with a column per booked tax line and the due date, imported platform stays apart.
 */

const today = todayIn(PROPERTY.timeZone);
const year = Number(today.slice(0, 4));
const month = today.slice(0, 7);
const checkin = `${month}-01`;
const checkout = addDays(checkin, 3);
// The 20th of the following month, worked out here by hand ([reports.tax]).
const nextMonth =
  Number(month.slice(5, 7)) === 12
    ? `${year + 1}-01`
    : `${year}-${String(Number(month.slice(5, 7)) + 1).padStart(2, '0')}`;
const dueDate = `${nextMonth}-20`;
const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
const monthTitle = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
  new Date(`${checkin}T12:00:00Z`),
);

// A stay booked while the owner charged a $5 per-night fee on top of the default taxes.
const quote = quoteStayWith(
  {
    ...DEFAULT_SETTINGS,
    taxes: [...DEFAULT_SETTINGS.taxes, { name: 'Hotel-motel fee', kind: 'perNight', cents: 500 }],
  },
  { checkin, checkout, guests: 2 },
) as PriceBreakdown;
const lineCents = (name: string) => quote.taxes?.find((t) => t.name === name)?.cents ?? 0;
const totalTax = lineCents('State tax') + lineCents('County tax') + lineCents('Hotel-motel fee');

const taxCard = (page: Page) => page.getByRole('region', { name: 'Lodging Tax Report' });

async function openReports(page: Page) {
  await loginAsAdmin(page);
  await dashboardTab(page, 'Reports').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Financial Reports' })).toBeVisible();
}

test('a paid booking’s month shows its own tax lines, total and due date; platform stays are listed apart', async ({
  page,
  ownServer,
}) => {
  insertBooking(ownServer.dataDir, {
    firstName: 'Maya',
    lastName: 'Paid',
    email: 'maya@example.com',
    checkin,
    checkout,
    paymentStatus: 'paid',
    quote,
  });
  // Never paid: nothing to file.
  insertBooking(ownServer.dataDir, {
    firstName: 'Piet',
    lastName: 'Pending',
    email: 'piet@example.com',
    checkin: addDays(checkin, 5),
    checkout: addDays(checkin, 7),
  });
  insertImportedStay(ownServer.dataDir, {
    platform: 'airbnb',
    start: `${month}-15`,
    end: `${month}-19`,
    uid: 'e2e-tax@airbnb.com',
  });

  await openReports(page);
  const card = taxCard(page);
  const table = card.getByRole('table', { name: /Lodging taxes of direct bookings/ });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Month',
    'Bookings',
    'Nights',
    'Taxable subtotal',
    'State tax 4%',
    'County tax 6%',
    'Hotel-motel fee $5.00/night',
    'Total tax',
    'Due',
    'Returns',
  ]);
  // Every month of the year is a row, $0.00 where nothing checks in ([reports.tax-returns]).
  await expect(table.locator('tbody tr')).toHaveCount(12);
  const row = table.getByRole('row', { name: monthTitle });
  await expect(row.getByRole('cell')).toHaveText([
    '1',
    '3',
    formatCents(quote.subtotalCents),
    formatCents(lineCents('State tax')),
    formatCents(lineCents('County tax')),
    '$15.00',
    formatCents(totalTax),
    longDate(dueDate),
    /^State tax.+County tax.+Hotel-motel fee/,
  ]);
  await expect(row.locator('time')).toHaveAttribute('datetime', dueDate);

  // The owner marks the month's State tax return filed, on the day they filed it.
  await row.getByRole('button', { name: `Mark the ${monthTitle} with State tax return filed` }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark return filed' });
  await dialog.getByLabel('Filed on').fill(today);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const returns = row.getByRole('list', { name: `Returns of ${monthTitle}` });
  await expect(returns.getByRole('listitem').filter({ hasText: 'State tax' })).toHaveText(
    `State taxFiled ${longDate(today)}`,
  );
  await expect(returns.getByRole('button', { name: /^Mark the .* return filed$/ })).toHaveCount(2);

  const platforms = card.getByRole('table', { name: /imported from other platforms/ });
  await expect(platforms.getByRole('row', { name: monthTitle }).getByRole('cell')).toHaveText([
    'Airbnb',
    '1',
    '4',
    'Collected by the platform',
  ]);

  // The Total Taxes card names the booked lines, not a fixed "state and county".
  await expect(
    page.getByText('Lodging taxes as booked: State tax 4%, County tax 6%, Hotel-motel fee $5.00/night'),
  ).toBeVisible();

  // The tax CSV has the same columns ([reports.csv]).
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export Tax Report' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe(`tax-report-${year}.csv`);
  const [header, stay] = (await readFile(await file.path(), 'utf8')).split('\r\n');
  expect(header).toBe(
    '"Booking ID","Guest","Check-in","Check-out","Taxable Subtotal ($)","State tax 4% ($)","County tax 6% ($)","Hotel-motel fee $5.00/night ($)","Total Tax ($)","Total Paid ($)"',
  );
  expect(stay).toContain(`"Maya Paid","${checkin}","${checkout}",`);
  expect(stay).toContain(`,"15.00","${(totalTax / 100).toFixed(2)}",`);

  // Another year: the empty states.
  await card.getByLabel('Year').selectOption(String(year - 1));
  await expect(
    card.getByText(
      `No paid direct bookings check in during ${year - 1}: no lodging tax to report, but each month still needs a zero return.`,
    ),
  ).toBeVisible();
  await expect(
    card.getByText(`No stays imported from Airbnb, VRBO or Booking.com check in during ${year - 1}.`),
  ).toBeVisible();
  await expect(page.getByText(`tax-report-${year - 1}.csv`)).toBeVisible();
});
