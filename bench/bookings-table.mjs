/**
 * The Bookings tab over 1,000 bookings (issue 27 §7, [bookings.find]): the production build in
 * Debian's Chromium, signed in as the owner, the list in its Table view; each change of a filter,
 * the search or the sort is timed in the page from the control's event to the frame after React
 * rendered the new page of rows (target: at most 200 ms per change). Median of three rounds.
 */
/* global document, requestAnimationFrame -- the timed parts run in the page (page.evaluate). */
import { chromium } from '@playwright/test';
import { PROPERTY, addDays, priceStay, todayIn } from '@ridgeline/core';
import { createBookingInquiry, openDatabase } from '@ridgeline/core/node';

const BOOKINGS = 1000;

/** 1,000 guest bookings, check-ins from about 350 days ago to 350 days ahead, some submitted each day. */
function seed(dataDir) {
  const { db } = openDatabase(dataDir);
  try {
    const today = todayIn(PROPERTY.timeZone);
    const insert = db.transaction(() => {
      for (let i = 0; i < BOOKINGS; i += 1) {
        const checkin = addDays(today, Math.round((i - BOOKINGS / 2) * 0.7));
        const checkout = addDays(checkin, 2 + (i % 5));
        createBookingInquiry(
          db,
          { firstName: `Guest${i}`, lastName: 'Bench', email: `g${i}@example.com`, phone: '', location: '', ipAddress: '203.0.113.9', checkin, checkout, guests: 1 + (i % 8), message: '', specialRequests: '', paymentStatus: 'paid', quote: priceStay(checkin, checkout) },
          new Date(Date.now() - ((i * 7919) % BOOKINGS) * 3_600_000),
        );
      }
    });
    insert();
  } finally {
    db.close();
  }
}

/** In the page: sets the labelled control to `value` as a person would and times it to the next frame. */
function change({ label, value }) {
  const labelEl = [...document.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  const control = labelEl && document.getElementById(labelEl.htmlFor);
  if (!control) throw new Error(`no control labelled ${label}`);
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set;
  const t0 = performance.now();
  setter?.call(control, value);
  control.dispatchEvent(new Event(control.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }));
  return new Promise((resolve) =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        const rows = document.querySelectorAll('table tbody > tr').length;
        resolve({ ms: performance.now() - t0, rows });
      }, 0),
    ),
  );
}

const CHANGES = [
  ['Show', 'upcoming'],
  ['Show', 'in-house'],
  ['Show', 'past'],
  ['Show', 'cancelled'],
  ['Show', 'all'],
  ['Channel', 'manual'],
  ['Channel', 'all'],
  ['Sort by', 'submitted'],
  ['Sort by', 'checkin'],
  ['Search bookings', 'guest12'],
  ['Search bookings', 'g999@'],
  ['Search bookings', '#500'],
  ['Search bookings', ''],
];

export async function runBookingsTable(server, password = 'bench-admin-password') {
  seed(server.dataDir);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.goto(`${server.url}/admin`);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('tab', { name: 'Bookings', exact: true }).click();
    await page.getByText(`${BOOKINGS} inquiries in all.`).waitFor();
    const toggle = await page.evaluate(() => {
      const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Table');
      const t0 = performance.now();
      button?.click();
      return new Promise((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0)));
    });
    const times = new Map(CHANGES.map(([label, value]) => [`${label}: ${value === '' ? '(cleared)' : value}`, { ms: [], rows: 0 }]));
    for (let round = 0; round < 3; round += 1) {
      for (const [label, value] of CHANGES) {
        const { ms, rows } = await page.evaluate(change, { label, value });
        const entry = times.get(`${label}: ${value === '' ? '(cleared)' : value}`);
        entry.ms.push(ms);
        entry.rows = rows;
      }
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const rows = [{ change: 'Cards → Table', ms: Math.round(toggle), rowsShown: await page.locator('table tbody > tr').count() }];
    for (const [name, { ms, rows: shown }] of times) rows.push({ change: name, ms: Math.round(median(ms)), rowsShown: shown });
    return { rows, worstMs: Math.max(...rows.map((r) => r.ms)), targetMs: 200 };
  } finally {
    await browser.close();
  }
}
