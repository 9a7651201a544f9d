import Database from 'better-sqlite3';
import path from 'node:path';
import { priceStay } from '@ridgeline/core';
import { dashboardTab, loginAsAdmin } from './admin-dashboard-helpers';
import { expect, test } from './fixtures';
import { CHECKOUT_WAIT, checkoutPath, futureDate, payLabel, toast } from './support/booking';
import { paymentsServerOfSpec } from './support/payments';
import { routeStripe } from './support/stripe-js-stand-in';

/**
 * The rental agreement at the checkout ([agreement.publish], [agreement.checkout],
 * [agreement.record], [dispute.evidence]) on a payments server of its own: publishing one must
 * not reach the other checkout specs, which run without an agreement.
 */

const payments = paymentsServerOfSpec();
test.describe.configure({ timeout: 90_000 });

const AGREEMENT = 'House rules\nNo parties or events.\nQuiet hours 10 pm to 8 am.';
const guest = { firstName: 'Gwen', lastName: 'Signer', email: 'gwen@example.com', phone: '', message: '', specialRequests: '' };

function agreementOf(dataDir: string, checkin: string) {
  const db = new Database(path.join(dataDir, 'ridgeline.sqlite'), { readonly: true });
  try {
    return db.prepare('SELECT agreement_version AS version, agreement_signed_name AS name, agreement_ip AS ip FROM booking_inquiries WHERE checkin = ?').get(checkin) as
      | { version: number; name: string; ip: string }
      | undefined;
  } finally {
    db.close();
  }
}

test('with a published agreement, the payment waits for the box and the typed name; the owner sees it and downloads the evidence', async ({ page }) => {
  const origin = payments.current.server.url;
  await routeStripe(page, payments.current.stripe);

  // The owner publishes the agreement in Settings.
  await loginAsAdmin(page, origin);
  await dashboardTab(page, 'Settings').click();
  const section = page.getByRole('form', { name: 'Rental agreement' });
  await expect(section.getByText('No rental agreement is published')).toBeVisible();
  await section.getByLabel('House rules and rental agreement').fill(AGREEMENT);
  await section.getByRole('button', { name: 'Publish new version' }).click();
  await expect(toast(page).filter({ hasText: 'Rental agreement published' })).toBeVisible();
  await expect(page.getByTestId('agreement-current')).toContainText('Current: version 1');

  // The guest's checkout shows it first.
  const checkin = futureDate(9, 3);
  const checkout = futureDate(9, 5);
  const totalCents = priceStay(checkin, checkout)!.totalCents;
  await page.goto(`${origin}${checkoutPath({ checkin, checkout, guests: 2, ...guest }, (totalCents / 100).toFixed(2))}`);
  const region = page.getByRole('region', { name: 'Rental agreement' });
  await expect(region).toContainText('Quiet hours 10 pm to 8 am.', CHECKOUT_WAIT);
  const next = page.getByRole('button', { name: 'Continue to payment' });
  const agree = page.getByRole('checkbox', { name: 'I agree to the rental agreement' });
  const name = page.getByRole('textbox', { name: 'Type your full name' });
  // No Pay button before the agreement is accepted, and going on stays disabled until both are done.
  await expect(page.getByRole('button', { name: payLabel(totalCents) })).toHaveCount(0);
  await expect(next).toBeDisabled();
  await agree.check();
  await expect(next).toBeDisabled();
  await name.fill('   ');
  await expect(next).toBeDisabled();
  await name.fill('Gwen Signer');
  await expect(next).toBeEnabled();
  await agree.uncheck();
  await expect(next).toBeDisabled();
  await agree.check();
  await next.click();

  const pay = page.getByRole('button', { name: payLabel(totalCents) });
  await expect(pay).toBeEnabled(CHECKOUT_WAIT);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.click();
  await expect(toast(page).filter({ hasText: 'Payment Successful' })).toBeVisible(CHECKOUT_WAIT);
  await expect.poll(() => agreementOf(payments.current.server.dataDir, checkin)).toMatchObject({ version: 1, name: 'Gwen Signer' });

  // The owner's Bookings tab (still signed in): the version agreed to and the evidence pack.
  await page.goto(`${origin}/admin`);
  await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible();
  await dashboardTab(page, 'Bookings').click();
  const booking = page.getByRole('article').filter({ hasText: 'Gwen Signer' }).first();
  const link = booking.getByRole('link', { name: 'rental agreement version 1' });
  await expect(link).toHaveAttribute('href', '/rental-agreement?version=1');
  const download = page.waitForEvent('download');
  await booking.getByRole('button', { name: 'Download evidence pack' }).click();
  expect((await download).suggestedFilename()).toMatch(/^evidence-booking-\d+\.pdf$/);

  // The exact text agreed to.
  await page.goto(`${origin}/rental-agreement?version=1`);
  await expect(page.getByText('Version 1, published')).toBeVisible();
  await expect(page.getByText('No parties or events.')).toBeVisible();
});
