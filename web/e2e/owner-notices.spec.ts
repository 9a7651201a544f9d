import { describeStayDates, formatCents } from '@ridgeline/core';
import { startSmtpStandIn } from '../server/test-support/smtp-stand-in';
import { startStripeStandIn, type StripeStandIn } from '../server/test-support/stripe-stand-in';
import { dashboardTab, loginAsAdmin, toasts } from './admin-dashboard-helpers';
import { expect, ownServerTest } from './fixtures';
import { axeViolations } from './support/axe';
import { futureDate } from './support/booking';
import { E2E_PUBLISHABLE_KEY, E2E_WEBHOOK_SECRET, payStayByCard } from './support/payments';

/**
 * What the owner is told ([owner.notices]) and a booking's history ([booking.timeline]), on a
 * server of the test's own with card payments (the Stripe stand-in, delivering signed webhooks)
 * and SMTP (a real SMTP server on 127.0.0.1).
 */
const test = ownServerTest.extend<{ smtp: Awaited<ReturnType<typeof startSmtpStandIn>>; stripe: StripeStandIn }>({
  smtp: async ({}, use) => {
    const smtp = await startSmtpStandIn();
    await use(smtp);
    await smtp.close();
  },
  stripe: async ({}, use) => {
    const stripe = await startStripeStandIn();
    await use(stripe);
    await stripe.close();
  },
  serverEnv: async ({ smtp, stripe }, use) => {
    await use({
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: E2E_PUBLISHABLE_KEY,
      STRIPE_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    });
  },
});

test('the owner sets an owner e-mail, a guest pays, and the Overview and the booking tell it', async ({ page, ownServer, smtp, stripe, consoleErrors }) => {
  // Settings, a payment, two tabs and two axe runs on a server of its own.
  test.slow();
  stripe.setWebhook({ url: `${ownServer.url}/api/stripe/webhook`, secret: E2E_WEBHOOK_SECRET });

  // Settings: the owner e-mail, with its hint.
  await loginAsAdmin(page);
  await dashboardTab(page, 'Overview').click();
  const notices = page.getByRole('region', { name: 'Notices' });
  await expect(notices).toContainText('Nothing to tell you yet.');
  // The go-live checklist ([setup.go-live]) names the missing owner e-mail; with SMTP set, not the e-mail sending.
  const goLive = page.getByRole('list', { name: 'Left to do before going live' }).getByRole('listitem');
  const noOwnerEmail = goLive.filter({ hasText: 'No owner e-mail: notices of bookings, cancellations and disputes reach no one' });
  await expect(noOwnerEmail).toHaveCount(1);
  await expect(goLive.filter({ hasText: 'E-mail is not set up' })).toHaveCount(0);
  const doneBefore = await page.getByRole('region', { name: 'Go-live checklist' }).getByText(/\d+ of 10 done/).textContent();
  await noOwnerEmail.getByRole('link', { name: 'Add your e-mail' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Settings' })).toBeVisible();
  const ownerEmail = page.getByLabel('Owner e-mail');
  await expect(ownerEmail).toHaveAccessibleDescription(
    'Where Ridgeline e-mails new bookings, cancellations, double bookings, disputes, failing calendars and failed payments.',
  );
  await ownerEmail.fill('owner@example.com');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toasts(page)).toContainText('Settings saved');
  // Back on the Overview the checklist has shrunk by that item.
  await dashboardTab(page, 'Overview').click();
  await expect(noOwnerEmail).toHaveCount(0);
  const doneAfter = await page.getByRole('region', { name: 'Go-live checklist' }).getByText(/\d+ of 10 done/).textContent();
  expect(Number(doneAfter?.split(' ')[0])).toBe(Number(doneBefore?.split(' ')[0]) + 1);

  // A guest's card payment, as the checkout page makes it: Stripe confirms and its webhook arrives.
  const checkin = futureDate(2, 10);
  const checkout = futureDate(2, 13);
  const guest = { firstName: 'Nora', lastName: 'Notice', email: 'nora@example.com', phone: '706-555-0199', message: '', specialRequests: '' };
  const { quote, paymentIntentId } = await payStayByCard(page, stripe, { checkin, checkout, guests: 4 }, guest);
  const stored = await page.request.post('/api/booking-inquiry', { data: { ...guest, checkin, checkout, guests: 4, stripePaymentIntentId: paymentIntentId } });
  expect([200, 201]).toContain(stored.status());

  // The Overview's Notices card: the new booking, e-mailed to the owner.
  const subject = `New booking: ${describeStayDates({ checkin, checkout, guests: 4 })}`;
  await expect.poll(() => smtp.received.filter((m) => m.to.includes('owner@example.com')).map((m) => m.subject)).toEqual([subject]);
  await dashboardTab(page, 'Overview').click();
  await page.reload();
  const item = page.getByRole('region', { name: 'Notices' }).getByRole('listitem').filter({ hasText: subject });
  await expect(item).toContainText('E-mailed');
  expect(await axeViolations(page)).toEqual([]);

  // The booking's History: created, paid, confirmation e-mailed (the guest's e-mail went out).
  await dashboardTab(page, 'Bookings').click();
  const booking = page.getByRole('article', { name: 'Nora Notice' });
  const history = booking.getByRole('region', { name: "History of Nora Notice's booking" });
  await history.getByRole('button', { name: 'History', exact: true }).click();
  await expect(history.getByRole('button', { name: 'History', exact: true })).toHaveAttribute('aria-expanded', 'true');
  const lines = history.getByRole('listitem');
  await expect(lines.filter({ hasText: 'Created' })).toHaveCount(1);
  await expect(lines.filter({ hasText: 'Paid' }).first()).toContainText(`Paid ${formatCents(quote.totalCents)} by card`);
  await expect(lines.filter({ hasText: 'Confirmation e-mailed' })).toContainText('nora@example.com');
  const labels = await lines.evaluateAll((items) => items.map((li) => li.querySelector('.font-medium')?.textContent ?? ''));
  expect(labels.slice(0, 3)).toEqual(['Created', 'Paid', 'Confirmation e-mailed']);
  expect(await axeViolations(page)).toEqual([]);
  expect(consoleErrors).toEqual([]);
});
