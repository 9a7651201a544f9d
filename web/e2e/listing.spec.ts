import type { Page } from '@playwright/test';
import { openDashboardTab, toasts } from './admin-dashboard-helpers';
import { expect, ownServerTest } from './fixtures';

/**
 * The listing as the owner's data (issue 26, [listing.fields], [listing.structured-data]): what the
 * owner saves in Settings → Listing is on the home page, in its JSON-LD and in its social card at
 * once, without a restart. Its own server: it renames the house.
 */

/** The home page's JSON-LD, parsed as a JSON-LD reader does (one `application/ld+json` block). */
async function jsonLd(page: Page): Promise<Record<string, unknown>> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks).toHaveLength(1);
  return JSON.parse(blocks[0] ?? '') as Record<string, unknown>;
}

ownServerTest('the owner renames the house, notes the hot tub and adds a bunk room: the page, its JSON-LD and its social card follow', async ({ page }) => {
  ownServerTest.setTimeout(90_000);
  await openDashboardTab(page, 'Settings');
  const form = page.getByRole('form', { name: 'Listing' });
  await form.getByLabel('House name').fill('Laurel Ridge Lodge');
  await form.getByLabel('Hot Tub note').fill('Seats six, open all year');
  await form.getByRole('button', { name: 'Add bedroom' }).click();
  const rooms = await form.getByLabel(/^Bedroom \d+ name$/).count();
  await form.getByLabel(`Bedroom ${rooms} name`).fill('Bunk Room');
  await form.getByLabel(`Bedroom ${rooms} bed 1 type`).selectOption({ label: 'Bunk bed' });
  await form.getByLabel(`Bedroom ${rooms} bed 1 count`).fill('2');
  await form.getByLabel('Facebook page').fill('https://www.facebook.com/laurelridgelodge');
  await form.getByRole('button', { name: 'Save listing' }).click();
  await expect(toasts(page)).toContainText('Listing saved');

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Laurel Ridge Lodge');
  await expect(page.getByTestId('bedroom').filter({ hasText: 'Bunk Room' })).toContainText('2 Bunk beds');
  await expect(page.locator('#amenities')).toContainText('Seats six, open all year');
  // The footer links the one social page set, and shows no button for the others (issue 27 §3).
  const social = page.getByRole('contentinfo').getByRole('list', { name: 'Social media' });
  await expect(social.getByRole('link')).toHaveCount(1);
  await expect(social.getByRole('link', { name: 'Facebook (opens in a new tab)' })).toHaveAttribute('href', 'https://www.facebook.com/laurelridgelodge');
  await expect(page).toHaveTitle(/^Laurel Ridge Lodge/);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /^Laurel Ridge Lodge \| /);
  await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute('content', /^Laurel Ridge Lodge \| /);

  // Google's required fields for a vacation rental, and the owner's changes in them.
  const data = await jsonLd(page);
  expect(data['@type']).toContain('VacationRental');
  expect(data.name).toBe('Laurel Ridge Lodge');
  expect(typeof data.identifier).toBe('string');
  expect(typeof data.latitude).toBe('number');
  expect(typeof data.longitude).toBe('number');
  expect((data.image as string[]).length).toBeGreaterThanOrEqual(8);
  const place = data.containsPlace as { additionalType: string; occupancy: { value: number }; numberOfBedrooms: number; bed: { typeOfBed: string; numberOfBeds: number }[]; amenityFeature: { name: string; value: boolean }[] };
  expect(place.additionalType).toBe('EntirePlace');
  expect(place.occupancy.value).toBeGreaterThan(0);
  expect(place.numberOfBedrooms).toBe(rooms);
  expect(place.bed).toContainEqual(expect.objectContaining({ typeOfBed: 'Bunk', numberOfBeds: 2 }));
  expect(place.amenityFeature).toContainEqual(expect.objectContaining({ name: 'hotTub', value: true }));
});
