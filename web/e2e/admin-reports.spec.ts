import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { PROPERTY, addDays, formatCents, priceStay, todayIn, type PriceBreakdown } from '@ridgeline/core';
import { expect, startServer, test } from './fixtures';
import { dashboardTab, insertBooking, loginAsAdmin } from './admin-dashboard-helpers';

/**
 * [reports.summary]: summary cards over paid bookings (year and month keyed on check-in)
 * and the three CSV exports built in the browser ([reports.csv]).
 */

/** RFC 4180: rows of cells; quoted cells may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

async function download(page: Page, button: string): Promise<{ fileName: string; rows: string[][]; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const text = await readFile(await file.path(), 'utf8');
  return { fileName: file.suggestedFilename(), rows: parseCsv(text), text };
}

const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
const dollars = (cents: number) => (cents / 100).toFixed(2);
const taxes = (q: PriceBreakdown) => q.stateTaxCents + q.countyTaxCents;

test.describe('reports', () => {
  // Its own server, so the sums are exactly those of the bookings below.
  let server: Awaited<ReturnType<typeof startServer>>;
  const today = todayIn(PROPERTY.timeZone);
  const year = Number(today.slice(0, 4));
  const month = today.slice(0, 7);
  const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(
    Date.UTC(year, Number(today.slice(5, 7)) - 1, 1),
  );
  // A paid stay checking in this month, one earlier or later this year (charged a card amount),
  // one last year, and a pending one this month that earns nothing.
  const thisMonthIn = `${month}-01`;
  const otherMonthIn = `${year}-${today.slice(5, 7) === '01' ? '12' : '01'}-10`;
  const lastYearIn = `${year - 1}-07-10`;
  const stays = {
    thisMonth: { checkin: thisMonthIn, checkout: addDays(thisMonthIn, 2) },
    otherMonth: { checkin: otherMonthIn, checkout: addDays(otherMonthIn, 3) },
    lastYear: { checkin: lastYearIn, checkout: addDays(lastYearIn, 4) },
    pending: { checkin: thisMonthIn, checkout: addDays(thisMonthIn, 1) },
  };
  const quote = (s: { checkin: string; checkout: string }) => priceStay(s.checkin, s.checkout) as PriceBreakdown;
  const q = {
    thisMonth: quote(stays.thisMonth),
    otherMonth: quote(stays.otherMonth),
    lastYear: quote(stays.lastYear),
  };
  const CHARGED_CENTS = 250_000;
  const ids: Record<string, number> = {};

  test.beforeAll(async () => {
    server = await startServer();
    ids.thisMonth = insertBooking(server.dataDir, {
      firstName: 'Maya',
      lastName: '=Month',
      email: 'maya@example.com',
      ...stays.thisMonth,
      guests: 5,
      message: 'Hello, "friends"',
      paymentStatus: 'paid',
      amountPaidCents: q.thisMonth.totalCents,
    });
    ids.otherMonth = insertBooking(server.dataDir, {
      firstName: 'Omar',
      lastName: 'Year',
      email: 'omar@example.com',
      ...stays.otherMonth,
      paymentStatus: 'paid',
      stripePaymentIntentId: 'pi_reports_other_month',
      stripePaymentDetails: { status: 'succeeded', amount: CHARGED_CENTS },
      amountPaidCents: CHARGED_CENTS,
    });
    ids.lastYear = insertBooking(server.dataDir, {
      firstName: 'Lena',
      lastName: 'Past',
      email: 'lena@example.com',
      ...stays.lastYear,
      paymentStatus: 'paid',
      amountPaidCents: q.lastYear.totalCents,
    });
    ids.pending = insertBooking(server.dataDir, {
      firstName: 'Piet',
      lastName: 'Pending',
      email: 'piet@example.com',
      ...stays.pending,
    });
  });
  test.afterAll(async () => {
    await server.stop();
  });

  async function openReports(page: Page) {
    await loginAsAdmin(page, server.url);
    await dashboardTab(page, 'Reports').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Financial Reports' })).toBeVisible();
  }

  /** The figure under a summary card's heading. */
  const figure = (page: Page, label: string) =>
    page.getByRole('heading', { level: 3, name: label, exact: true }).locator('xpath=../following-sibling::p[1]');

  test('summary cards: total revenue with the paid count, taxes, this year and this month', async ({ page }) => {
    await openReports(page);
    const total = q.thisMonth.totalCents + CHARGED_CENTS + q.lastYear.totalCents;
    await expect(figure(page, 'Total Revenue')).toHaveText(formatCents(total));
    await expect(page.getByText('From 3 paid bookings')).toBeVisible();
    await expect(figure(page, 'Total Taxes Collected')).toHaveText(
      formatCents(taxes(q.thisMonth) + taxes(q.otherMonth) + taxes(q.lastYear)),
    );
    await expect(figure(page, `${year} Revenue`)).toHaveText(formatCents(q.thisMonth.totalCents + CHARGED_CENTS));
    await expect(figure(page, `${monthName} Revenue`)).toHaveText(formatCents(q.thisMonth.totalCents));
  });

  test('Export All Bookings downloads every inquiry as CSV', async ({ page }) => {
    await openReports(page);
    const { fileName, rows, text } = await download(page, 'Export All Bookings');
    expect(fileName).toBe(`bookings-${today}.csv`);
    expect(text.endsWith('\r\n')).toBe(true);
    // Every field quoted ([reports.csv-safety]): a ";" in a name cannot split a cell in a spreadsheet.
    expect(text.startsWith('"ID","First Name","Last Name",')).toBe(true);
    expect(rows[0]).toEqual([
      'ID',
      'First Name',
      'Last Name',
      'Email',
      'Phone',
      'Check-in',
      'Check-out',
      'Nights',
      'Guests',
      'Total ($)',
      'Taxes ($)',
      'Payment Status',
      'Payment Intent',
      'Submitted',
      'Message',
      'Special Requests',
      // Added at the end, so the columns above keep their positions ([reports.csv]).
      'Status',
      'Channel',
      'Paid ($)',
      'Refunded ($)',
      'Net Paid ($)',
      'Balance Due ($)',
    ]);
    expect(rows).toHaveLength(5);
    const maya = rows.find((r) => r[0] === String(ids.thisMonth));
    expect(maya?.slice(0, 13)).toEqual([
      String(ids.thisMonth),
      'Maya',
      "'=Month", // a formula-looking cell stays text
      'maya@example.com',
      '',
      stays.thisMonth.checkin,
      stays.thisMonth.checkout,
      '2',
      '5',
      dollars(q.thisMonth.totalCents),
      dollars(taxes(q.thisMonth)),
      'paid',
      '',
    ]);
    expect(maya?.[14]).toBe('Hello, "friends"');
    // The ledger's money, as the booking's Money section shows it.
    expect(maya?.slice(16)).toEqual(['Confirmed', 'Direct', dollars(q.thisMonth.totalCents), '0.00', dollars(q.thisMonth.totalCents), '0.00']);
    const omar = rows.find((r) => r[0] === String(ids.otherMonth));
    expect(omar?.[9]).toBe(dollars(CHARGED_CENTS));
    expect(omar?.[12]).toBe('pi_reports_other_month');
    await expect(toast(page)).toContainText('Export Complete');
  });

  test('Export Tax Report downloads this year’s paid stays with their taxes and a total', async ({ page }) => {
    await openReports(page);
    const { fileName, rows } = await download(page, 'Export Tax Report');
    expect(fileName).toBe(`tax-report-${year}.csv`);
    expect(rows[0]).toEqual([
      'Booking ID',
      'Guest',
      'Check-in',
      'Check-out',
      'Taxable Subtotal ($)',
      'State tax 4% ($)',
      'County tax 6% ($)',
      'Total Tax ($)',
      'Total Paid ($)',
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(
      expect.arrayContaining([String(ids.thisMonth), String(ids.otherMonth), 'Total']),
    );
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r[0] === String(ids.thisMonth))).toEqual([
      String(ids.thisMonth),
      'Maya =Month',
      stays.thisMonth.checkin,
      stays.thisMonth.checkout,
      dollars(q.thisMonth.subtotalCents),
      dollars(q.thisMonth.stateTaxCents),
      dollars(q.thisMonth.countyTaxCents),
      dollars(taxes(q.thisMonth)),
      dollars(q.thisMonth.totalCents),
    ]);
    expect(rows.at(-1)?.slice(0, 2)).toEqual(['Total', '2 stays']);
    expect(rows.at(-1)?.[7]).toBe(dollars(taxes(q.thisMonth) + taxes(q.otherMonth)));
    await expect(toast(page)).toContainText('Tax Report Generated');
  });

  test('Export Monthly Summary downloads this year’s paid bookings and metrics per month', async ({ page }) => {
    await openReports(page);
    const { fileName, rows } = await download(page, 'Export Monthly Summary');
    expect(fileName).toBe(`monthly-summary-${year}.csv`);
    // The paid bookings' columns, then the hosting metrics ([insights.*]) for every month.
    // One column per tax line the stays were charged, as the tax report ([reports.tax]).
    expect(rows[0]?.slice(0, 6)).toEqual(['Month', 'Bookings', 'Nights', 'Revenue ($)', 'State tax 4% ($)', 'County tax 6% ($)']);
    expect(rows[0]?.slice(6)).toEqual(['Nights Available', 'Nights Booked', 'Occupancy (%)', 'ADR ($)', 'RevPAR ($)', 'Accommodation ($)', 'Fees ($)', 'All Taxes ($)', 'Stay Revenue ($)']);
    expect(rows).toHaveLength(13);
    expect(rows.find((r) => r[0] === month)?.slice(0, 6)).toEqual([
      month,
      '1',
      '2',
      dollars(q.thisMonth.totalCents),
      dollars(q.thisMonth.stateTaxCents),
      dollars(q.thisMonth.countyTaxCents),
    ]);
    expect(rows.find((r) => r[0] === otherMonthIn.slice(0, 7))?.[3]).toBe(dollars(CHARGED_CENTS));
    await expect(toast(page)).toContainText('Monthly Summary Generated');
  });
});
