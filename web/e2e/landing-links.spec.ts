import { addDays, formatCents } from '@ridgeline/core';
import { expect, test } from './fixtures';
import { WIDGET_WAIT, bookingSection, closeNights, day, futureDate, longDate, type Quote } from './support/booking';

/**
 * Dated landing links ([booking.landing-link]): `/?checkin&checkout&guests`, as Google's and other
 * sites' links write them, open the booking section with that stay chosen and its total shown;
 * dates that cannot be booked say why and offer the nearest stay of the same length
 * ([booking.nearest-stay]). Months 12 and 13 from today are this file's alone.
 */

const link = (checkin: string, checkout: string, guests: number) => `/?checkin=${checkin}&checkout=${checkout}&guests=${guests}`;
const shortDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

test('a landing link opens the booking section with its stay chosen and the total shown', async ({ page, consoleErrors }) => {
  const checkin = futureDate(12, 10);
  const checkout = addDays(checkin, 3);
  const quote = (await (await page.request.get(`/api/quote?checkin=${checkin}&checkout=${checkout}&guests=4`)).json()) as Quote;

  await page.goto(link(checkin, checkout, 4));
  const section = bookingSection(page);
  await expect(section.getByTestId('stay-total')).toHaveText(formatCents(quote.totalCents), WIDGET_WAIT);
  await expect(section.getByRole('heading', { name: 'Book your stay' })).toBeInViewport();
  await expect(day(section, checkin)).toHaveAccessibleName(`${longDate(checkin)}, your check-in`);
  await expect(day(section, checkout)).toHaveAccessibleName(`${longDate(checkout)}, your check-out`);
  await expect(section.getByText('3 nights · 4 guests')).toBeVisible();
  await expect(section.getByLabel('Guests', { exact: true })).toHaveValue('4');
  // The page is not a second copy of / for search engines.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/$/);
  expect(consoleErrors).toEqual([]);
});

test('dates that cannot be booked say why, and offer the nearest stay of the same length', async ({ page, server }) => {
  const taken = futureDate(13, 10);
  closeNights(server.dataDir, [taken, addDays(taken, 1)]);

  // Two nights from the first taken one: the nearest two free nights start the day after the last taken one
  // (two days later) or two days before; of two equally near, the earlier.
  await page.goto(link(taken, addDays(taken, 2), 2));
  const section = bookingSection(page);
  const alert = section.getByRole('alert').filter({ hasText: 'These dates are not available.' });
  await expect(alert).toBeVisible(WIDGET_WAIT);
  await expect(alert).toContainText(`${shortDate(taken)} and ${shortDate(addDays(taken, 1))} are already booked or closed.`);
  const nearest = { checkin: addDays(taken, -2), checkout: taken };
  const label = `${shortDate(nearest.checkin)} – ${shortDate(nearest.checkout)}`;
  await expect(alert).toContainText(`The nearest stay of the same length you can book is ${label}.`);

  await alert.getByRole('button', { name: `Choose ${label}` }).click();
  const quote = (await (await page.request.get(`/api/quote?checkin=${nearest.checkin}&checkout=${nearest.checkout}&guests=2`)).json()) as Quote;
  await expect(section.getByTestId('stay-total')).toHaveText(formatCents(quote.totalCents));
  await expect(day(section, nearest.checkin)).toHaveAccessibleName(`${longDate(nearest.checkin)}, your check-in`);

  // A check-in that has passed: said so, with the nearest stay from the first day that can be booked.
  await page.goto(link('2020-03-01', '2020-03-03', 2));
  const passed = bookingSection(page).getByRole('alert').filter({ hasText: 'These dates cannot be booked.' });
  await expect(passed).toContainText('These dates have passed.', WIDGET_WAIT);
  await expect(passed.getByRole('button', { name: /^Choose / })).toBeVisible();
});
