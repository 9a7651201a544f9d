import Database from 'better-sqlite3';
import path from 'node:path';
import { PROPERTY, addDays, formatCents, todayIn } from '@ridgeline/core';
import { dashboardTab, insertBooking, loginAsAdmin, toasts } from './admin-dashboard-helpers';
import { expect, test } from './fixtures';
import { axeViolations } from './support/axe';
import { futureDate } from './support/booking';
import { payStayByCard, startPaymentsServer } from './support/payments';

/**
 * The guest's own page and review link, as a guest uses them ([guest.page], [guest.cancel],
 * [reviews.request], [reviews.verified]): a booking paid by card (through the Stripe stand-in)
 * is opened from its /stay link, shows its details and policy, and is cancelled through the
 * dialog; a past stay's /review link takes a review that reaches the owner pending and
 * "Verified stay". Each test has its own server with payments on.
 */

const GUEST = { firstName: 'Gina', lastName: 'Guest', email: 'gina@example.com', phone: '706-555-0199', message: '', specialRequests: '' };

interface OwnerBooking {
  id: number;
  guestToken: string;
  stripePaymentIntentId: string | null;
  status: string;
}

test('a guest opens the page of their paid booking, sees it and cancels it with the policy refund', async ({ page, consoleErrors }) => {
  const running = await startPaymentsServer();
  try {
    const origin = running.server.url;
    // Two months ahead: the default policy refunds all of it.
    const checkin = futureDate(2, 10);
    const checkout = addDays(checkin, 3);
    const { quote, ...intent } = await payStayByCard(page, running.stripe, { checkin, checkout, guests: 4 }, GUEST, origin);

    // The owner's list gives the booking's guest-page token once the payment is confirmed.
    await loginAsAdmin(page, origin);
    const ownerBooking = async () =>
      ((await (await page.request.get(`${origin}/api/booking-inquiries`)).json()) as OwnerBooking[]).find((b) => b.stripePaymentIntentId === intent.paymentIntentId);
    await expect.poll(async () => (await ownerBooking())?.status).toBe('confirmed');
    const { guestToken } = (await ownerBooking())!;

    await page.goto(`${origin}/stay/${guestToken}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your stay at Ridgeline' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/);
    await expect(page.locator('meta[name="referrer"]').first()).toHaveAttribute('content', 'no-referrer');
    const details = page.getByRole('region', { name: 'Your booking' });
    await expect(details).toContainText('Check-in from 4:00 PM');
    await expect(details).toContainText('Check-out by 10:00 AM');
    await expect(details).toContainText('4 guests');
    await expect(details).toContainText('Blue Ridge, Fannin County, GA');
    const receipt = page.getByRole('region', { name: 'Receipt' });
    await expect(receipt).toContainText(`Total${formatCents(quote.totalCents)}`);
    await expect(receipt).toContainText(`Paid${formatCents(quote.totalCents)}`);
    const policy = page.getByRole('region', { name: 'Cancellation policy' });
    await expect(policy).toContainText('Full refund if you cancel at least 14 days before check-in');
    await expect(policy).toContainText(`If you cancel today you will be refunded ${formatCents(quote.totalCents)}.`);

    expect(await axeViolations(page)).toEqual([]);

    // The dialog asks first; "Keep booking" changes nothing and gives focus back.
    const cancelButton = policy.getByRole('button', { name: 'Cancel booking' });
    await cancelButton.click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await expect(dialog).toContainText(`You will be refunded ${formatCents(quote.totalCents)}`);
    await expect(dialog.getByRole('button', { name: 'Keep booking' })).toBeFocused();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep booking' }).click();
    await expect(dialog).toBeHidden();
    await expect(cancelButton).toBeFocused();
    expect(running.stripe.refunds).toHaveLength(0);

    // Keyboard: Enter opens it again, then "Yes, cancel booking".
    await cancelButton.press('Enter');
    await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
    await expect(dialog).toBeHidden();
    await expect(toasts(page)).toContainText('Booking cancelled');
    await expect(policy).toContainText('This booking was cancelled');
    await expect(policy.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
    await expect(receipt).toContainText(`Refunded${formatCents(quote.totalCents)}`);
    await expect(page.getByRole('status').filter({ hasText: 'This booking was cancelled' })).toBeFocused();
    expect(running.stripe.refunds.map((r) => r.amount)).toEqual([quote.totalCents]);

    // The page stays cancelled on a reload; an unknown link is "not found".
    await page.reload();
    await expect(page.getByRole('region', { name: 'Cancellation policy' })).toContainText('This booking was cancelled');
    const missing = await page.goto(`${origin}/stay/${'x'.repeat(32)}`);
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'We could not find this booking' })).toBeVisible();
    expect(consoleErrors.filter((e) => !e.includes('404'))).toEqual([]);
  } finally {
    await running.stop();
  }
});

test('a guest reviews a past stay from the review link; the owner sees it pending and verified', async ({ page, consoleErrors }) => {
  const running = await startPaymentsServer();
  try {
    const origin = running.server.url;
    const today = todayIn(PROPERTY.timeZone);
    const id = insertBooking(running.server.dataDir, {
      ...GUEST,
      firstName: 'Rita',
      lastName: 'Reviewer',
      checkin: addDays(today, -5),
      checkout: addDays(today, -2),
      paymentStatus: 'paid',
      stripePaymentIntentId: 'pi_past_stay',
    });
    const token = 'reviewLinkToken_0123456789abcdef';
    const db = new Database(path.join(running.server.dataDir, 'ridgeline.sqlite'));
    try {
      db.prepare('UPDATE booking_inquiries SET guest_token = ? WHERE id = ?').run(token, id);
    } finally {
      db.close();
    }

    await page.goto(`${origin}/review/${token}`);
    await expect(page.getByRole('heading', { level: 1, name: 'How was your stay?' })).toBeVisible();
    await expect(page.getByText('Rita Reviewer')).toBeVisible();
    const form = page.getByRole('form', { name: 'Review your stay' });
    await expect(form).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    // A refused submit names the missing rating, and sends nothing.
    await form.getByRole('button', { name: 'Send review' }).click();
    await expect(form.getByRole('group', { name: 'Rating' })).toHaveAttribute('aria-invalid', 'true');
    await form.getByText('4 stars').click();
    await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await form.getByLabel('Title').fill('Views for days');
    await form.getByLabel('Your review').fill('The hot tub at sunset was the best part.');
    await form.getByRole('button', { name: 'Send review' }).click();
    await expect(page.getByRole('region', { name: 'Thank you for your review' })).toBeVisible();
    await expect(toasts(page)).toContainText('Thank you for your review');

    await loginAsAdmin(page, origin);
    await dashboardTab(page, 'Reviews').click();
    const review = page.getByRole('article', { name: 'Rita Reviewer' });
    await expect(review).toContainText('Views for days');
    await expect(review).toContainText('Verified stay');
    await expect(review).toContainText('Pending');
    await expect(review).toContainText('Draft');
    expect(consoleErrors).toEqual([]);
  } finally {
    await running.stop();
  }
});
