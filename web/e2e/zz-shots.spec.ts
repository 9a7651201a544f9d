import { closeNights, day, fillGuest, futureDate, openBooking, pickStay, showMonthOf } from './support/booking';
import { expect, test } from './support/payments';

for (const width of [1280, 390]) {
  test(`shots ${width}`, async ({ page, payments }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    closeNights(payments.server.dataDir, [futureDate(2, 14), futureDate(2, 15), futureDate(2, 21)]);
    const section = await openBooking(page);
    await showMonthOf(section, futureDate(2, 1));
    await section.screenshot({ path: `/tmp/shots/booking-empty-${width}.png` });
    await pickStay(section, futureDate(2, width === 390 ? 10 : 3), futureDate(2, width === 390 ? 13 : 6));
    await expect(section.getByLabel('Price breakdown')).toBeVisible();
    await section.getByRole('button', { name: 'Continue to payment' }).click();
    await section.screenshot({ path: `/tmp/shots/booking-errors-${width}.png` });
    await fillGuest(section, { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' });
    await section.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('button', { name: /^Pay/ })).toBeEnabled();
    await page.screenshot({ path: `/tmp/shots/checkout-${width}.png`, fullPage: true });
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')).toContainText('Your card was declined.');
    await page.screenshot({ path: `/tmp/shots/checkout-declined-${width}.png` });
    void day;
  });
}
