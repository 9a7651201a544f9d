import { DEFAULT_SETTINGS, addDays, formatCents } from '@ridgeline/core';
import { dashboardTab, loginAsAdmin } from './admin-dashboard-helpers';
import { CHECKOUT_WAIT, datesHint, day, fillGuest, futureDate, openBooking, payLabel, pickStay, showMonthOf, shownBreakdown, toast } from './support/booking';
import { expect, test } from './support/payments';

/**
 * The owner's Settings tab ([settings.tab]) drives what guests see and pay ([pricing.total],
 * [pricing.server-authoritative]): a new base rate and a per-night tax change the booking
 * section's price, the checkout's total and the Stripe PaymentIntent.
 */
test('a setting changed in the Settings tab changes the booking section price and the checkout total', async ({ page, payments }) => {
  const checkin = futureDate(10, 5);
  const checkout = futureDate(10, 7);
  // 2 nights × $410 = 82000; + 40000 + 3000 = 125000; taxes 5000 + 7500 + 2 × 500; card fee 3% of 138500.
  const totalCents = 138_500 + 4_155;
  test.setTimeout(90_000);
  try {
    await loginAsAdmin(page);
    await dashboardTab(page, 'Settings').click();
    const panel = page.getByRole('tabpanel');
    const base = panel.getByLabel('Base nightly rate', { exact: true });
    await expect(base).toHaveValue('300');

    // A bad value is refused in the form, naming the field, and nothing is saved.
    await base.fill('abc');
    await panel.getByRole('button', { name: 'Save settings' }).click();
    await expect(base).toHaveAttribute('aria-invalid', 'true');
    expect((await (await page.request.get('/api/settings')).json()).baseNightlyRateCents).toBe(30_000);

    await base.fill('410');
    await panel.getByRole('button', { name: 'Add tax' }).click();
    await panel.getByLabel('Tax 3 name').fill('Hotel-motel fee');
    await panel.getByLabel('Tax 3 kind').selectOption({ label: '$ per night' });
    await panel.getByLabel('Tax 3 rate').fill('5');
    await expect(panel).toContainText('credit cards only, capped, with disclosure');
    await panel.getByRole('button', { name: 'Save settings' }).click();
    await expect(toast(page)).toContainText('Settings saved');
    await expect(base).not.toHaveAttribute('aria-invalid');

    // The owner's availability grid shows the new base rate on a Not Set day.
    await dashboardTab(page, 'Availability').click();
    await expect(page.getByRole('tabpanel').locator('button[data-status="Not Set"]').first()).toHaveAccessibleName(/, \$410 base rate, Not Set(, past)?$/);

    // The guest's booking section: the new rate and the per-night tax, line by line.
    const section = await openBooking(page);
    await pickStay(section, checkin, checkout);
    await expect.poll(() => shownBreakdown(section)).toEqual([
      ['2 nights × $410.00', '$820.00'],
      ['Cleaning fee', '$400.00'],
      ['Service fee', '$30.00'],
      ['Subtotal', '$1,250.00'],
      ['State tax (4%)', '$50.00'],
      ['County tax (6%)', '$75.00'],
      ['Hotel-motel fee ($5.00 × 2 nights)', '$10.00'],
      ['Card processing fee (3%)', '$41.55'],
      ['Total', formatCents(totalCents)],
    ]);

    // The checkout charges that total.
    await fillGuest(section, { firstName: 'Sam', lastName: 'Settings', email: 'sam@example.com' });
    await section.getByRole('button', { name: 'Continue to payment' }).click();
    const summary = page.getByRole('region', { name: 'Booking summary' });
    await expect(summary).toContainText(`Total$${(totalCents / 100).toFixed(2)}`, CHECKOUT_WAIT);
    await expect(page.getByRole('button', { name: payLabel(totalCents) })).toBeEnabled();
    expect([...payments.stripe.intents.values()].find((pi) => pi.metadata.checkin === checkin)?.amount).toBe(totalCents);
  } finally {
    // The payments server is shared by the worker's other tests: put the defaults back (the
    // session of this page; before signing in nothing was changed).
    await page.request.put('/api/settings', { data: DEFAULT_SETTINGS });
  }
});

test("the booking calendar says the check-in's minimum stay and holds the check-out to it ([booking.rules])", async ({ page }) => {
  const checkin = futureDate(10, 12);
  try {
    await loginAsAdmin(page);
    expect((await page.request.put('/api/settings', { data: { minNights: 3 } })).status()).toBe(200);
    const section = await openBooking(page);
    await showMonthOf(section, checkin);
    await day(section, checkin).click();
    await expect(datesHint(section)).toContainText(`Now choose your check-out date. Minimum stay is 3 nights for check-in on`);
    // Two nights are too short: that day starts a new stay instead of ending this one.
    await day(section, addDays(checkin, 2)).click();
    await expect(day(section, addDays(checkin, 2))).toHaveAccessibleName(/your check-in$/);
    await day(section, addDays(checkin, 5)).click();
    await expect(datesHint(section)).toContainText('3 nights');
  } finally {
    await page.request.put('/api/settings', { data: DEFAULT_SETTINGS });
  }
});
