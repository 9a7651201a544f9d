import type { Locator, Page } from '@playwright/test';
import { formatCents } from '@ridgeline/core';
import { dashboardTab, loginAsAdmin } from './admin-dashboard-helpers';
import { expect, test } from './fixtures';
import { CHECKOUT_WAIT, WIDGET_WAIT, bookingSection, futureDate, longDate, payLabel, toast, type Quote } from './support/booking';
import { paymentsServerOfSpec } from './support/payments';
import { routeStripe } from './support/stripe-js-stand-in';

/**
 * A guest books with the keyboard alone ([a11y.keyboard-booking], issue 25 §5): dates, guests and
 * details on the home page, the rental agreement and the card at the checkout, with Tab,
 * Shift+Tab, the arrow keys, Enter and Space only, never a pointer. Each control the guest
 * reaches shows its focus, and the chosen dates and the total are in the page's accessible text
 * (the calendar's live hint and the total's name). A payments server of its own: the spec
 * publishes an agreement, which must not reach the other checkout specs.
 */

/** "Fri, Dec 11, 2026", as the booking section writes a date. */
const shortDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

const payments = paymentsServerOfSpec();
test.describe.configure({ timeout: 90_000 });

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `limit` times, then checks
 * the focus is visible: a focus ring (box-shadow) or an outline on the element.
 */
async function tabTo(page: Page, target: Locator, { back = false, limit = 60 } = {}): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
  await expectVisibleFocus(target);
}

async function expectVisibleFocus(target: Locator): Promise<void> {
  const style = await target.evaluate((el) => {
    const s = getComputedStyle(el);
    return { outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0, ring: s.boxShadow !== 'none' };
  });
  expect(style.outline || style.ring, 'a visible focus indicator').toBe(true);
}

/** Moves the calendar's focus with the arrow keys and Page Down to the day `date`. */
async function arrowTo(page: Page, section: Locator, date: string): Promise<void> {
  const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? '');
  for (let i = 0; i < 80; i += 1) {
    const name = await focusedName();
    if (name.startsWith(longDate(date))) break;
    const at = new Date(name.split(',').slice(1, 3).join(',') + ' UTC');
    const want = new Date(`${date}T00:00:00Z`);
    const days = Math.round((want.getTime() - at.getTime()) / 86_400_000);
    await page.keyboard.press(days > 27 ? 'PageDown' : days > 6 ? 'ArrowDown' : days > 0 ? 'ArrowRight' : days < -6 ? 'ArrowUp' : 'ArrowLeft');
  }
  await expect(section.locator(':focus')).toHaveAccessibleName(new RegExp(`^${longDate(date)}`));
  // As a person would: the month's nights loaded before picking (a loading day cannot be picked).
  await expect(section.locator(':focus')).not.toHaveAccessibleName(/, loading$/, WIDGET_WAIT);
}

test('a guest chooses dates, guests and details, agrees and pays with the keyboard alone', async ({ page }) => {
  const origin = payments.current.server.url;
  await routeStripe(page, payments.current.stripe);

  // The owner publishes an agreement (the owner's own steps, not under test here).
  await loginAsAdmin(page, origin);
  await dashboardTab(page, 'Settings').click();
  const form = page.getByRole('form', { name: 'Rental agreement' });
  await form.getByLabel('House rules and rental agreement').fill('House rules\nNo parties or events.');
  await form.getByRole('button', { name: 'Publish new version' }).click();
  await expect(toast(page).filter({ hasText: 'Rental agreement published' })).toBeVisible();
  await page.context().clearCookies();

  const checkin = futureDate(10, 12);
  const checkout = futureDate(10, 15);
  await page.goto(`${origin}/`);
  const section = bookingSection(page);

  // "Skip to content" first; then the hero's "Plan your stay" link (Enter) to the booking
  // section, whose calendar loads as it comes into view; then on to the calendar's one tab stop.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await tabTo(page, page.getByRole('link', { name: 'Plan your stay' }));
  await page.keyboard.press('Enter');
  await expect(section.getByRole('button', { name: 'Next month' })).toBeVisible(WIDGET_WAIT);
  await tabTo(page, section.locator('table button[tabindex="0"]'));

  // Dates: arrows to the check-in, Enter; arrows to the check-out, Space.
  await arrowTo(page, section, checkin);
  await page.keyboard.press('Enter');
  await expect(section.locator(':focus')).toHaveAccessibleName(/your check-in$/);
  await arrowTo(page, section, checkout);
  await page.keyboard.press(' ');
  await expect(section.locator(':focus')).toHaveAccessibleName(/your check-out$/);
  await expectVisibleFocus(section.locator(':focus'));
  // A screen reader hears the chosen dates (the live hint above the calendar).
  const hint = section.getByRole('region', { name: 'Dates and guests' }).locator('p[aria-live]');
  await expect(hint).toHaveText(`${shortDate(checkin)} to ${shortDate(checkout)}, 3 nights.`);

  // Guests: the select changes with the arrow keys.
  const guests = section.getByRole('combobox', { name: 'Guests' });
  await tabTo(page, guests);
  const before = Number(await guests.inputValue());
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(guests).toHaveValue(String(before + 2));
  const quote = (await (await page.request.get(`${origin}/api/quote?checkin=${checkin}&checkout=${checkout}&guests=${before + 2}`)).json()) as Quote;
  // The total, in a status region a screen reader reads out when it changes.
  const total = section.getByRole('status').filter({ has: page.getByTestId('stay-total') });
  await expect(total).toContainText(`Total${formatCents(quote.totalCents)}`);

  // Details, typed field by field.
  for (const [label, text] of [
    ['First name', 'Kay'],
    ['Last name', 'Board'],
    ['Email', 'kay@example.com'],
  ] as const) {
    await tabTo(page, section.getByLabel(label));
    await page.keyboard.type(text);
  }
  const next = section.getByRole('button', { name: 'Continue to payment' });
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/checkout\?/);

  // The checkout: the agreement's box (Space), the typed name, on with Enter.
  const agree = page.getByRole('checkbox', { name: 'I agree to the rental agreement' });
  await expect(agree).toBeVisible(CHECKOUT_WAIT);
  await tabTo(page, agree);
  await page.keyboard.press(' ');
  await expect(agree).toBeChecked();
  await tabTo(page, page.getByRole('textbox', { name: 'Type your full name' }));
  await page.keyboard.type('Kay Board');
  const onward = page.getByRole('button', { name: 'Continue to payment' });
  await tabTo(page, onward);
  await page.keyboard.press('Enter');

  // The card, then Pay: the button names the total, Enter pays.
  const card = page.getByLabel('Card number');
  await expect(card).toBeVisible(CHECKOUT_WAIT);
  await tabTo(page, card);
  await page.keyboard.type('4242 4242 4242 4242');
  const pay = page.getByRole('button', { name: payLabel(quote.totalCents) });
  await expect(pay).toBeEnabled();
  await tabTo(page, pay);
  await page.keyboard.press('Enter');

  await expect(toast(page)).toContainText('Payment Successful', CHECKOUT_WAIT);
  const intent = [...payments.current.stripe.intents.values()].find((pi) => pi.metadata.checkin === checkin);
  expect(intent?.amount).toBe(quote.totalCents);
  expect(intent?.status).toBe('succeeded');
});
