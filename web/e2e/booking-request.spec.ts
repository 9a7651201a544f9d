import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatCents, priceStay } from '@ridgeline/core';
import { startServer, test as serverTest } from './fixtures';
import { routeStripe } from './support/stripe-js-stand-in';
import { CHECKOUT_WAIT, WIDGET_WAIT, bookingSection, checkoutPath, fillGuest, futureDate, payLabel, toast } from './support/booking';
import { expect, startPaymentsServer, test } from './support/payments';
import { loginAsAdmin, dashboardTab } from './admin-dashboard-helpers';

/**
 * Guests never fill a form in vain ([booking.request]) and a confirmation that stays
 * ([checkout.confirmation-panel]), against the real built server and the Stripe stand-in.
 */

serverTest('payments off: the guest sends a request to book; once payments work the owner accepts it and the guest gets a payment link', async ({ page }) => {
  serverTest.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ridgeline-e2e-request-'));
  const checkin = futureDate(10, 3);
  const checkout = futureDate(10, 6);
  const totalCents = priceStay(checkin, checkout)!.totalCents;
  const off = await startServer({ DATA_DIR: dataDir });
  try {
    // A dated landing link chooses the stay; the section says payments are off before the details.
    await page.goto(`${off.url}/?checkin=${checkin}&checkout=${checkout}&guests=2`);
    const section = bookingSection(page);
    const note = section.getByRole('note');
    await expect(note).toContainText('Online card payment is not available right now', WIDGET_WAIT);
    await expect(section.getByText(formatCents(totalCents)).first()).toBeVisible(WIDGET_WAIT);
    // The note comes before the first field of the details.
    // Both measured in one frame: the page may still be scrolling to the booking section.
    const firstName = section.getByLabel('First name');
    await expect(firstName).toBeVisible();
    const noteAbove = await note.evaluate((n, field) => n.getBoundingClientRect().top < (field as Element).getBoundingClientRect().top, await firstName.elementHandle());
    expect(noteAbove).toBe(true);
    await expect(section.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0);

    await fillGuest(section, { firstName: 'Rita', lastName: 'Request', email: 'rita@example.com', phone: '555-0199', message: 'Arriving late' });
    await section.getByRole('button', { name: 'Request to book' }).click();
    const sent = section.getByRole('status').filter({ hasText: 'Request sent' });
    await expect(sent).toContainText(`the quoted total is ${formatCents(totalCents)}`);
    // Nothing is held: the nights can still be quoted.
    expect((await page.request.get(`${off.url}/api/quote?checkin=${checkin}&checkout=${checkout}&guests=2`)).status()).toBe(200);
  } finally {
    await off.stop();
  }

  // The owner sets up Stripe and restarts on the same data.
  const on = await startPaymentsServer({ DATA_DIR: dataDir });
  try {
    await routeStripe(page, on.stripe);
    await loginAsAdmin(page, on.server.url);
    await dashboardTab(page, 'Bookings').click();
    const item = page.getByRole('article', { name: 'Rita Request' });
    await expect(item).toContainText('"Arriving late"');
    const decision = item.getByRole('group', { name: 'Request to book' });
    await decision.getByRole('button', { name: 'Accept' }).click();
    await expect(toast(page).filter({ hasText: 'Request accepted' })).toBeVisible();
    await expect(item).toContainText('/checkout?link=');
    await expect(decision).toHaveCount(0);
    const link = (await item.getByText(/\/checkout\?link=/).first().textContent())!.match(/https?:\/\/\S+/)![0];

    // The guest pays through the link.
    await page.goto(link);
    const pay = page.getByRole('button', { name: payLabel(totalCents) });
    await expect(pay).toBeEnabled(CHECKOUT_WAIT);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await pay.click();
    await expect(toast(page).filter({ hasText: 'Payment Successful' })).toBeVisible(CHECKOUT_WAIT);
    expect((await page.request.get(`${on.server.url}/api/quote?checkin=${checkin}&checkout=${checkout}&guests=2`)).status()).toBe(409);
  } finally {
    await on.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('after paying, the confirmation panel names the booking and survives a reload; its page is noindex', async ({ page, payments }) => {
  const checkin = futureDate(10, 12);
  const checkout = futureDate(10, 15);
  const totalCents = priceStay(checkin, checkout)!.totalCents;
  const guest = { firstName: 'Cora', lastName: 'Confirmed', email: 'cora@example.com', phone: '', message: '', specialRequests: '' };
  await page.goto(checkoutPath({ checkin, checkout, guests: 2, ...guest }, (totalCents / 100).toFixed(2)));
  const pay = page.getByRole('button', { name: payLabel(totalCents) });
  await expect(pay).toBeEnabled(CHECKOUT_WAIT);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.click();
  await expect(toast(page)).toContainText('Payment Successful', CHECKOUT_WAIT);
  await expect(page).toHaveURL(/\/\?booking=\d+#stay=[A-Za-z0-9_-]{20,}$/);
  const reference = new URL(page.url()).searchParams.get('booking')!;

  const panel = page.getByRole('region', { name: 'Your booking is confirmed' });
  const check = async () => {
    await expect(panel).toBeVisible(WIDGET_WAIT);
    await expect(panel).toContainText(`Booking reference ${reference}: ${formatCents(totalCents)} paid.`);
    await expect(panel.getByRole('region', { name: 'Receipt' })).toContainText(formatCents(totalCents));
    await expect(panel.getByRole('region', { name: 'What happens next' })).toContainText('door code');
    await expect(panel.getByRole('link', { name: 'View or cancel your booking on your stay page' })).toHaveAttribute('href', /^\/stay\/[A-Za-z0-9_-]{20,}$/);
  };
  await check();
  await page.reload();
  await check();
  await expect(toast(page).filter({ hasText: 'Payment Successful' })).toHaveCount(0);

  // Another reference with the same token shows nothing; the page is never indexed.
  const url = new URL(page.url());
  await page.goto(`/?booking=${Number(reference) + 1}${url.hash}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(panel).toHaveCount(0);
  const html = await (await page.request.get(`${payments.server.url}/?success=true&booking=${reference}`)).text();
  expect(html).toContain('<meta name="robots" content="noindex"');
});
