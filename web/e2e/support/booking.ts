import Database from 'better-sqlite3';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { PROPERTY, addDays, addMonths, formatCents, todayIn } from '@ridgeline/core';

/** Helpers for the home page's booking section and the checkout. */

const utc = (date: string) => new Date(`${date}T00:00:00Z`);
const fullDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const monthTitle = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Today where the house is. */
export const today = () => todayIn(PROPERTY.timeZone);

/**
 * A date `months` months after this one, on day `day` (1-28). Tests that share a worker's server
 * use their own months or days, because paying for (or starting to pay for) nights closes them.
 */
export function futureDate(months: number, day: number): string {
  return addDays(addMonths(today(), months), day - 1);
}

/** "Friday, December 11, 2026" */
export const longDate = (date: string) => fullDate.format(utc(date));

/** Closes nights straight in the server's database: unavailable, or blocked. */
export function closeNights(dataDir: string, dates: string[], how: 'unavailable' | 'blocked' = 'unavailable'): void {
  const db = new Database(path.join(dataDir, 'ridgeline.sqlite'));
  try {
    const put = db.prepare(
      `INSERT INTO availability (date, price_cents, is_available, is_blocked, updated_at) VALUES (?, 30000, ?, ?, ?)
       ON CONFLICT(date) DO UPDATE SET is_available = excluded.is_available, is_blocked = excluded.is_blocked`,
    );
    for (const date of dates) put.run(date, how === 'unavailable' ? 0 : 1, how === 'blocked' ? 1 : 0, new Date().toISOString());
  } finally {
    db.close();
  }
}

/** Sets the owner's nightly price of some nights (whole dollars). */
export function priceNights(dataDir: string, dates: string[], dollars: number): void {
  const db = new Database(path.join(dataDir, 'ridgeline.sqlite'));
  try {
    const put = db.prepare(
      `INSERT INTO availability (date, price_cents, is_available, is_blocked, updated_at) VALUES (?, ?, 1, 0, ?)
       ON CONFLICT(date) DO UPDATE SET price_cents = excluded.price_cents`,
    );
    for (const date of dates) put.run(date, dollars * 100, new Date().toISOString());
  } finally {
    db.close();
  }
}

export function bookingSection(page: Page): Locator {
  return page.locator('#booking');
}

/**
 * How long the booking calendar may take to appear: the page is taken over (hydrated) in small
 * steps after its load event, then the calendar's code loads; on a machine busy with other
 * tests' browsers that can take several seconds.
 */
export const WIDGET_WAIT = { timeout: 15_000 };

/** Opens `/#booking` and waits for its calendar to load. */
export async function openBooking(page: Page, origin = ''): Promise<Locator> {
  await page.goto(`${origin}/#booking`);
  const section = bookingSection(page);
  await expect(section.getByRole('button', { name: 'Next month' })).toBeVisible(WIDGET_WAIT);
  await expect(section.locator('table[aria-busy]')).toHaveCount(0, WIDGET_WAIT);
  return section;
}

/** Pages the calendar forward to the month of `date`. */
export async function showMonthOf(section: Locator, date: string): Promise<void> {
  const title = monthTitle.format(utc(date));
  for (let i = 0; i < 24; i += 1) {
    if ((await section.getByRole('heading', { level: 4 }).textContent()) === title) break;
    await section.getByRole('button', { name: 'Next month' }).click();
  }
  await expect(section.getByRole('heading', { level: 4, name: title })).toBeVisible();
  await expect(section.locator('table[aria-busy]')).toHaveCount(0);
}

/** The calendar's button for a date (named "Friday, December 11, 2026, …"). */
export function day(section: Locator, date: string): Locator {
  return section.getByRole('button', { name: new RegExp(`^${longDate(date)}(,|$)`) });
}

/** The line above the calendar that says what to pick next. */
export function datesHint(section: Locator): Locator {
  return section.getByRole('region', { name: 'Dates and guests' }).locator('p[aria-live]');
}

/** Picks a stay in the calendar (both dates must be in or after the shown month). */
export async function pickStay(section: Locator, checkin: string, checkout: string): Promise<void> {
  await showMonthOf(section, checkin);
  await day(section, checkin).click();
  await expect(day(section, checkin)).toHaveAccessibleName(/your check-in$/);
  await showMonthOf(section, checkout);
  await day(section, checkout).click();
  await expect(day(section, checkout)).toHaveAccessibleName(/your check-out$/);
}

/** A guest as the booking section's form (and the checkout's request) takes it; phone, message and requests empty unless said. */
export interface GuestInput {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  message?: string;
  specialRequests?: string;
}

export async function fillGuest(section: Locator, guest: GuestInput): Promise<void> {
  await section.getByLabel('First name').fill(guest.firstName);
  await section.getByLabel('Last name').fill(guest.lastName);
  await section.getByLabel('Email').fill(guest.email);
  await section.getByLabel('Phone').fill(guest.phone ?? '');
  await section.getByLabel('Message').fill(guest.message ?? '');
  await section.getByLabel('Special requests').fill(guest.specialRequests ?? '');
}

/** The server's quote, as `GET /api/quote` answers it. */
export interface Quote {
  nights: number;
  nightly: { date: string; price: number }[];
  accommodationCents: number;
  cleaningFeeCents: number;
  serviceFeeCents: number;
  subtotalCents: number;
  stateTaxCents: number;
  countyTaxCents: number;
  cardFeeCents: number;
  totalCents: number;
}

/** The price breakdown rows the section must show for a quote: [label, amount]. */
export function expectedBreakdown(quote: Quote): string[][] {
  const rates = new Set(quote.nightly.map((n) => n.price));
  const nights = `${quote.nights} ${quote.nights === 1 ? 'night' : 'nights'}`;
  const first = rates.size === 1 ? `${nights} × ${formatCents([...rates][0]! * 100)}` : `${nights} (rates vary)`;
  return [
    [first, formatCents(quote.accommodationCents)],
    ['Cleaning fee', formatCents(quote.cleaningFeeCents)],
    ['Service fee', formatCents(quote.serviceFeeCents)],
    ['Subtotal', formatCents(quote.subtotalCents)],
    ['State tax (4%)', formatCents(quote.stateTaxCents)],
    ['County tax (6%)', formatCents(quote.countyTaxCents)],
    ['Card processing fee (3%)', formatCents(quote.cardFeeCents)],
    ['Total', formatCents(quote.totalCents)],
  ];
}

/** The breakdown rows on screen: [label, amount] (a line's description under its label left out). */
export function shownBreakdown(section: Locator): Promise<string[][]> {
  return section
    .getByLabel('Price breakdown')
    .locator('xpath=./div')
    .evaluateAll((rows) => rows.map((row) => [row.querySelector('dt > span'), row.querySelector('dd')].map((c) => (c?.textContent ?? '').trim())));
}

/** The breakdown's descriptions on screen, by line label ([pricing.total-first]). */
export function shownDescriptions(section: Locator): Promise<Record<string, string>> {
  return section
    .getByLabel('Price breakdown')
    .locator('xpath=./div')
    .evaluateAll((rows) =>
      Object.fromEntries(rows.flatMap((row) => {
        const [label, description] = [...row.querySelectorAll('dt > span')].map((s) => (s.textContent ?? '').trim());
        return label && description ? [[label, description]] : [];
      })),
    );
}

/** `/checkout?bookingData=…&amount=…` as the booking section builds it. */
export function checkoutPath(bookingData: Record<string, unknown>, amount: string | number): string {
  return `/checkout?bookingData=${encodeURIComponent(JSON.stringify(bookingData))}&amount=${amount}`;
}

/**
 * How long the first look at a checkout may wait: it loads its code and Stripe.js, and the server
 * prices the stay and calls Stripe, on a machine busy with other tests.
 */
export const CHECKOUT_WAIT = { timeout: 15_000 };

/** "Pay $1166.99" */
export const payLabel = (cents: number) => `Pay $${(cents / 100).toFixed(2)}`;

export function toast(page: Page): Locator {
  return page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');
}
