import { addDays, formatCents } from '@ridgeline/core';
// A payments server: with payments off the section asks for a request to book instead
// ([booking.request], web/e2e/booking-request.spec.ts).
import { expect, test } from './support/payments';
import {
  CHECKOUT_WAIT,
  bookingSection,
  closeNights,
  datesHint,
  day,
  expectedBreakdown,
  fillGuest,
  futureDate,
  longDate,
  openBooking,
  payLabel,
  WIDGET_WAIT,
  pickStay,
  priceNights,
  showMonthOf,
  shownBreakdown,
  shownDescriptions,
  type Quote,
} from './support/booking';

/**
 * The home page's booking section ([booking.section]): availability calendar, guests, the live
 * price from `/api/quote`, the guest's details and "Continue to payment". Each test uses its own
 * month (14 to 17 months ahead, away from the other specs on the worker's payments server), so
 * tests sharing that server never meet.
 */

test('loads its calendar code and availability only when the section nears the viewport', async ({ page }) => {
  const early: string[] = [];
  page.on('request', (req) => {
    const url = req.url();
    if (url.includes('booking-widget') || url.includes('/api/availability/public')) early.push(url);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(bookingSection(page).getByRole('status').first()).toHaveText('Loading the booking calendar…');
  expect(early).toEqual([]);

  await bookingSection(page).scrollIntoViewIfNeeded();
  await expect(bookingSection(page).getByRole('button', { name: 'Next month' })).toBeVisible(WIDGET_WAIT);
  expect(early.some((url) => url.includes('booking-widget'))).toBe(true);
  expect(early.some((url) => url.includes('/api/availability/public'))).toBe(true);
  // No external listing on this server: the section shows no Book Your Stay link to itself ([home.book-your-stay]).
  await expect(bookingSection(page).getByRole('link', { name: /Book Your Stay/ })).toHaveCount(0);
});

test('greys out closed nights, which cannot be picked, and lets a stay end on one', async ({ page, payments }) => {
  const [d10, d12, d13, d14] = [futureDate(14, 10), futureDate(14, 12), futureDate(14, 13), futureDate(14, 14)];
  closeNights(payments.server.dataDir, [d12]);
  closeNights(payments.server.dataDir, [d13], 'blocked');
  const section = await openBooking(page);
  await showMonthOf(section, d10);
  const hint = datesHint(section);

  for (const closed of [d12, d13]) {
    await expect(day(section, closed)).toHaveAccessibleName(`${longDate(closed)}, unavailable`);
    await expect(day(section, closed)).toBeDisabled();
    await expect(day(section, closed).locator('span').first()).toHaveClass(/line-through/);
    await day(section, closed).click({ force: true });
  }
  await expect(hint).toHaveText('Choose your check-in date.');
  await expect(day(section, d10)).toHaveAccessibleName(`${longDate(d10)}, available`);

  await day(section, d10).click();
  await expect(hint).toContainText('Now choose your check-out date.');
  // The first closed night can be the check-out day; the next one cannot (a closed night between).
  await expect(day(section, d12)).toHaveAccessibleName(`${longDate(d12)}, check-out only`);
  await expect(day(section, d12)).toBeEnabled();
  await expect(day(section, d13)).toBeDisabled();
  await day(section, d12).click();
  await expect(day(section, d10)).toHaveAccessibleName(/your check-in$/);
  await expect(day(section, d12)).toHaveAccessibleName(/your check-out$/);
  await expect(day(section, addDays(d10, 1))).toHaveAccessibleName(/in your stay$/);
  await expect(hint).toHaveText(/, 2 nights\.$/);

  // Past the closed nights, a click starts a new stay.
  await day(section, d14).click();
  await expect(day(section, d14)).toHaveAccessibleName(/your check-in$/);
  await expect(day(section, d10)).toHaveAccessibleName(/, available$/);
  await section.getByRole('button', { name: 'Clear dates' }).click();
  await expect(hint).toHaveText('Choose your check-in date.');
});

test("shows the server's price line by line, as the guests change, and the nights just taken", async ({ page, payments }) => {
  const checkin = futureDate(15, 6);
  const checkout = futureDate(15, 9);
  priceNights(payments.server.dataDir, [addDays(checkin, 1)], 410);
  const section = await openBooking(page);
  await expect(section.getByText('Choose your check-in and check-out dates to see the full price.')).toBeVisible();
  await showMonthOf(section, checkin);
  await expect(day(section, addDays(checkin, 1))).toHaveAccessibleName(/, available$/);
  // [pricing.total-first]: no night's price stands alone in the calendar.
  await expect(section.locator('table').first()).not.toContainText('$');
  await pickStay(section, checkin, checkout);
  await section.getByRole('combobox', { name: 'Guests' }).selectOption('6');

  const quote = (await (await page.request.get(`/api/quote?checkin=${checkin}&checkout=${checkout}&guests=6`)).json()) as Quote;
  await expect.poll(() => shownBreakdown(section)).toEqual(expectedBreakdown(quote));
  expect((await shownBreakdown(section))[0]).toEqual(['3 nights (rates vary)', '$1,010.00']);
  await expect(section.getByText('3 nights · 6 guests')).toBeVisible();

  // [pricing.total-first]: the total, with every fee and tax, is the section's largest money figure,
  // and each line says what it is for.
  const total = section.getByTestId('stay-total');
  await expect(total).toHaveText(formatCents(quote.totalCents));
  const sizes = await section.evaluate((el) => {
    const money = [...el.querySelectorAll('*')].filter((e) => e.children.length === 0 && /\$\d/.test(e.textContent ?? ''));
    return money.map((e) => ({ total: e.getAttribute('data-testid') === 'stay-total', px: parseFloat(getComputedStyle(e).fontSize) }));
  });
  const totalPx = sizes.find((s) => s.total)?.px ?? 0;
  expect(sizes.filter((s) => !s.total).every((s) => s.px < totalPx)).toBe(true);
  expect(await shownDescriptions(section)).toMatchObject({
    'Service fee': 'Booking platform and support costs',
    'Card processing fee (3%)': 'Charged by the card processor',
    'State tax (4%)': 'Government tax',
  });
  await expect(section.getByRole('status').filter({ hasText: `total ${formatCents(quote.totalCents)}` })).toHaveCount(1);

  // Someone books a night while this guest is choosing: the quote says so and the calendar greys it.
  const other = futureDate(15, 20);
  await day(section, other).click();
  closeNights(payments.server.dataDir, [addDays(other, 1)]);
  await day(section, addDays(other, 3)).click();
  const alert = section.getByRole('alert').filter({ hasText: 'These dates are no longer available.' });
  await expect(alert).toContainText(`${new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${addDays(other, 1)}T00:00:00Z`))} was just booked or closed.`);
  await expect(day(section, addDays(other, 1))).toBeDisabled();
  await expect(section.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
  await section.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(section.getByText('Some nights of these dates are no longer available. Please choose other dates.')).toBeVisible();
  await expect(page).toHaveURL(/\/#booking$|\/$/);
});

test('works with the keyboard: arrow keys, Page Up/Down, Home/End, Enter', async ({ page }) => {
  const start = futureDate(16, 8);
  const section = await openBooking(page);
  await showMonthOf(section, start);
  // The month's first bookable day holds the tab stop.
  const tabStop = section.locator('table button[tabindex="0"]');
  await expect(tabStop).toHaveCount(1);
  await day(section, start).focus();
  await page.keyboard.press('ArrowRight');
  await expect(day(section, addDays(start, 1))).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(day(section, addDays(start, 8))).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(day(section, addDays(start, 8))).toHaveAccessibleName(/your check-in$/);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press(' ');
  await expect(day(section, addDays(start, 10))).toHaveAccessibleName(/your check-out$/);

  // Page Down goes to the same day of the next month, showing that month.
  await page.keyboard.press('PageDown');
  const next = futureDate(17, 18);
  await expect(day(section, next)).toBeFocused();
  await page.keyboard.press('PageUp');
  await expect(day(section, addDays(start, 10))).toBeFocused();
  await page.keyboard.press('Home');
  await expect(page.locator(':focus')).toHaveAccessibleName(/^Sunday, /);
  await page.keyboard.press('End');
  await expect(page.locator(':focus')).toHaveAccessibleName(/^Saturday, /);
  // Month buttons are reachable and named.
  await section.getByRole('button', { name: 'Previous month' }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('heading', { level: 4 })).not.toHaveText(new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${start}T00:00:00Z`)));
});

test("checks the guest's details, then continues to /checkout with the booking data and the total", async ({ page }) => {
  const checkin = futureDate(14, 3);
  const checkout = futureDate(14, 5);
  const section = await openBooking(page);
  const continueButton = section.getByRole('button', { name: 'Continue to payment' });

  await continueButton.click();
  await expect(section.getByText('Choose your check-in and check-out dates.')).toBeVisible();
  await pickStay(section, checkin, checkout);
  await expect(section.getByText('Choose your check-in and check-out dates.')).toHaveCount(0);
  await section.getByRole('combobox', { name: 'Guests' }).selectOption('4');
  await expect(section.getByLabel('Price breakdown')).toBeVisible();

  await continueButton.click();
  await expect(section.getByText('First name is required')).toBeVisible();
  await expect(section.getByText('Last name is required')).toBeVisible();
  await expect(section.getByText('Email is required')).toBeVisible();
  await expect(section.getByLabel('First name')).toBeFocused();
  await expect(section.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expect(section.getByRole('alert').filter({ hasText: 'Please correct the 3 fields marked above.' })).toBeVisible();

  await fillGuest(section, { firstName: 'Ann', lastName: 'Lee', email: 'ann@', phone: 'call me' });
  await expect(section.getByText('Email must be an e-mail address')).toBeVisible();
  await expect(section.getByText(/^Phone must be a phone number/)).toBeVisible();
  await fillGuest(section, {
    firstName: ' Ann ',
    lastName: 'Lee',
    email: 'ann@example.com',
    phone: '+1 706 555 0100',
    message: 'Arriving late, 100% excited & ready',
    specialRequests: 'A crib, please',
  });
  await expect(section.getByText(/is required|must be/)).toHaveCount(0);

  const quote = (await (await page.request.get(`/api/quote?checkin=${checkin}&checkout=${checkout}&guests=4`)).json()) as Quote;
  await continueButton.click();
  await expect(page).toHaveURL(/\/checkout\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get('amount')).toBe((quote.totalCents / 100).toFixed(2));
  expect(JSON.parse(url.searchParams.get('bookingData') ?? '')).toEqual({
    checkin,
    checkout,
    guests: 4,
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'ann@example.com',
    phone: '+1 706 555 0100',
    message: 'Arriving late, 100% excited & ready',
    specialRequests: 'A crib, please',
  });
  await expect(page.getByRole('button', { name: payLabel(quote.totalCents) })).toBeVisible(CHECKOUT_WAIT);

  // Back on the home page, the stay and details are still there.
  await page.goBack();
  const again = bookingSection(page);
  await expect(again.getByLabel('First name')).toHaveValue('Ann');
  await expect(again.getByRole('combobox', { name: 'Guests' })).toHaveValue('4');
  await expect(again.getByLabel('Price breakdown')).toBeVisible();
});

test('fits a 390 px phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const section = await openBooking(page);
  await pickStay(section, futureDate(15, 10), futureDate(15, 13));
  await expect(section.getByLabel('Price breakdown')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await day(section, futureDate(15, 11)).boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(40);
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
});
