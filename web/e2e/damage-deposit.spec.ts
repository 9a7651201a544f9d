import type { Page } from '@playwright/test';
import { addDays, formatCents } from '@ridgeline/core';
import { dashboardTab, loginAsAdmin } from './admin-dashboard-helpers';
import { expect, test as base } from './fixtures';
import { consoleSection, loginToSecurityConsole } from './security-helpers';
import { CHECKOUT_WAIT, fillGuest, openBooking, payLabel, pickStay, toast, today, type Quote } from './support/booking';
import { startPaymentsServer, type PaymentsServer } from './support/payments';
import { routeStripe } from './support/stripe-js-stand-in';

/**
 * The refundable damage deposit in the browser ([deposit.hold], [deposit.claim],
 * [console.jobs-run]): the owner sets $500 in Settings, a guest books and pays a stay three days
 * ahead through the checkout (the Stripe.js stand-in against the Stripe API stand-in), the owner
 * runs the damage-deposits job from the security console's "Run now", sees the hold on the
 * booking, claims $125 with a reason, and the guest's page shows the claim. Stripe captured
 * 12500 of the 50000 held and released the rest.
 *
 * The test changes settings, so it has a payments server of its own.
 */
const test = base.extend<{ payments: PaymentsServer }>({
  payments: async ({}, use) => {
    const running = await startPaymentsServer();
    await use(running);
    await running.stop();
  },
  baseURL: async ({ payments }, use) => {
    await use(payments.server.url);
  },
  page: async ({ page, payments }, use) => {
    await routeStripe(page, payments.stripe);
    await use(page);
  },
});

/** "Mon, Jun 15, 2026", as the admin dashboard writes a stay date. */
const calendarDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

const GUEST = { firstName: 'Della', lastName: 'Deposit', email: 'della@example.com' };
const REASON = 'A cracked glass tabletop on the deck';

/** The dashboard's Bookings tab, the owner still signed in. */
async function openBookings(page: Page) {
  await page.goto('/admin');
  await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible();
  await dashboardTab(page, 'Bookings').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Booking Inquiries' })).toBeVisible();
}

interface OwnerBooking {
  email: string;
  guestToken: string;
  status: string;
  paymentStatus: string;
}

test('the owner holds a $500 damage deposit, claims $125 with a reason, and the guest sees the claim', async ({ page, browser, payments, consoleErrors }) => {
  test.setTimeout(120_000);
  const origin = payments.server.url;
  // Three days ahead: inside the six days before check-in when the hold is placed.
  const checkin = addDays(today(), 3);
  const checkout = addDays(checkin, 2);
  const releaseOn = addDays(checkout, 3); // the default: released 3 days after check-out

  // The owner turns the damage deposit on in Settings.
  await loginAsAdmin(page);
  await dashboardTab(page, 'Settings').click();
  const settings = page.getByRole('tabpanel');
  await settings.getByLabel('Damage deposit ($)').fill('500');
  await expect(settings.getByLabel('Released after check-out (days)')).toHaveValue('3');
  await settings.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page).filter({ hasText: 'Settings saved' })).toBeVisible();
  expect((await (await page.request.get('/api/settings')).json()).damageDepositCents).toBe(50_000);

  // A guest books and pays the stay through the checkout.
  const quote = (await (await page.request.get(`/api/quote?checkin=${checkin}&checkout=${checkout}&guests=2`)).json()) as Quote;
  const section = await openBooking(page);
  await pickStay(section, checkin, checkout);
  await fillGuest(section, GUEST);
  await section.getByRole('button', { name: 'Continue to payment' }).click();
  const pay = page.getByRole('button', { name: payLabel(quote.totalCents) });
  await expect(pay).toBeEnabled(CHECKOUT_WAIT);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await pay.click();
  await expect(toast(page).filter({ hasText: 'Payment Successful' })).toBeVisible(CHECKOUT_WAIT);
  const booking = async () => ((await (await page.request.get('/api/booking-inquiries')).json()) as OwnerBooking[]).find((b) => b.email === GUEST.email);
  await expect.poll(async () => (await booking())?.status).toBe('confirmed');
  const { guestToken } = (await booking())!;

  // Before the job runs, the booking says when the card will be held.
  await openBookings(page);
  const item = page.getByRole('article', { name: `${GUEST.firstName} ${GUEST.lastName}` });
  await expect(item).toContainText('$500.00 to be held on the card from');

  const holds = () => [...payments.stripe.intents.values()].filter((pi) => pi.capture_method === 'manual');

  // The owner runs the damage-deposits job from the security console.
  const consolePage = await browser.newPage();
  await loginToSecurityConsole(consolePage, origin);
  const jobs = consoleSection(consolePage, 'Background Jobs').getByRole('list', { name: 'Background jobs' }).getByRole('listitem');
  const job = jobs.filter({ hasText: '(damage-deposits)' });
  // The job ran when the server started (before the booking) and next runs within the hour.
  const runs = async () =>
    ((await (await consolePage.request.get(`${origin}/api/security/jobs`)).json()) as { jobs: { name: string; runs: number }[] }).jobs.find((j) => j.name === 'damage-deposits')?.runs;
  const runsBefore = await runs();
  expect(holds()).toEqual([]);
  await job.getByRole('button', { name: 'Run damage-deposits now' }).click();
  await expect(toast(consolePage).filter({ hasText: 'Job started' })).toBeVisible();
  // The list is read again until the run ends, and shows it.
  await expect(job.getByRole('button', { name: 'Run damage-deposits now' })).toBeEnabled();
  await expect(job).toContainText('OK');
  await expect(job).not.toContainText('Last run: never');
  expect(await runs()).toBe(runsBefore! + 1);
  const audit = consoleSection(consolePage, 'Audit Log').getByRole('list', { name: 'Audit log entries' }).getByRole('listitem');
  await expect(audit.filter({ hasText: 'background job run' })).toContainText('name=damage-deposits');
  await consolePage.close();

  // The card is held: an authorization of $500, not a charge.
  expect(holds().map((pi) => ({ amount: pi.amount, status: pi.status }))).toEqual([{ amount: 50_000, status: 'requires_capture' }]);
  await openBookings(page);
  await expect(item).toContainText(`$500.00 held on the card until ${calendarDate(releaseOn)}`);

  // The owner claims $125 of it, with the reason.
  await item.getByRole('button', { name: `Claim damage deposit of ${GUEST.firstName} ${GUEST.lastName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Claim damage deposit' });
  await expect(dialog).toContainText('$500.00 is held on the card.');
  await dialog.getByLabel('Amount').fill('125');
  await dialog.getByLabel('Reason').fill(REASON);
  await dialog.getByRole('button', { name: 'Claim', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page).filter({ hasText: 'Damage deposit claimed' })).toContainText('Charged $125.00; $375.00 released. The guest is e-mailed.');
  await expect(item).toContainText(`Claimed $125.00 of $500.00: ${REASON}`);
  await expect(item.getByRole('button', { name: /^Claim damage deposit/ })).toHaveCount(0);

  // Stripe captured 12500 of the hold; the rest of it went back to the card.
  const [hold] = holds();
  expect(hold).toMatchObject({ status: 'succeeded', amount: 50_000, amount_received: 12_500, amount_capturable: 0 });
  expect(payments.stripe.charges.get(hold!.latest_charge!)).toMatchObject({ captured: true, amount_captured: 12_500, amount_refunded: 37_500 });
  expect(payments.stripe.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${hold!.id}/capture`).map((r) => r.body.amount_to_capture)).toEqual(['12500']);

  // The guest's page shows what was claimed and why.
  await page.goto(`/stay/${guestToken}`);
  await expect(page.getByRole('region', { name: 'Damage deposit' })).toContainText(`Damage deposit: ${formatCents(12_500)} of ${formatCents(50_000)} claimed: ${REASON}`);
  expect(consoleErrors).toEqual([]);
});
