import { expect, ownServerTest as test } from './fixtures';
import { dashboardTab, loginAsAdmin } from './admin-dashboard-helpers';
import { axeViolations } from './support/axe';
import { COMPLIANCE_SETTINGS as COMPLIANCE } from '../server/test-support/compliance';

/**
 * Fannin County's certificates, occupancy and contact in the browser ([compliance.numbers],
 * [compliance.house-sheet], [a11y.facts]). Each test on its own server: they change settings.
 */

test('missing numbers warn on the Overview and lead to the Compliance settings; once filled in, the footer shows them', async ({ page }) => {
  await loginAsAdmin(page);
  await page.goto('/admin');
  const certificate = page.getByText('Fannin County requires a certificate number before advertising', { exact: true });
  await expect(certificate).toBeVisible();
  await expect(page.getByText('Fannin County requires a registration number before advertising', { exact: true })).toBeVisible();
  // The server-rendered home page says nothing of numbers yet, and says the house is not assessed.
  expect(await (await page.request.get('/')).text()).not.toContain('tax certificate');

  await page.getByRole('listitem').filter({ has: certificate }).getByRole('link', { name: 'Fill in the Compliance settings' }).click();
  await expect(dashboardTab(page, 'Settings')).toHaveAttribute('aria-selected', 'true');
  const compliance = page.getByRole('region', { name: 'Compliance' });
  await expect(compliance).toBeFocused();
  await compliance.getByLabel('Accommodation excise tax certificate number').fill(COMPLIANCE.taxCertificateNumber);
  await compliance.getByLabel('Short-term rental registration number').fill(COMPLIANCE.rentalRegistrationNumber);
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')).toContainText('Settings saved');

  await dashboardTab(page, 'Overview').click();
  await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
  await expect(page.getByText('Fannin County requires a certificate number before advertising')).toHaveCount(0);

  // The footer of the server-rendered page and of the page in the browser.
  const html = (await (await page.request.get('/')).text()).replaceAll('<!-- -->', '');
  expect(html).toContain('Fannin County tax certificate AET-2026-0147 · Short-term rental registration STR-0932');
  await page.goto('/');
  await expect(page.getByRole('contentinfo')).toContainText('Fannin County tax certificate AET-2026-0147 · Short-term rental registration STR-0932');
});

test('the Accessibility section says plainly the house is not assessed, then shows the owner’s facts ([a11y.facts])', async ({ page }) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Accessibility' });
  await expect(section.getByRole('heading', { level: 2, name: 'Accessibility' })).toBeVisible();
  await expect(section).toContainText('The house has not been assessed for accessibility.');
  await expect(section.getByRole('link', { name: /@/ })).toBeVisible();

  await loginAsAdmin(page);
  expect((await page.request.put('/api/settings', { data: { accessibilityFacts: 'Two steps to the front door.\nDoors 32 in wide.' } })).status()).toBe(200);
  await page.goto('/');
  await expect(section).toContainText('Two steps to the front door.');
  await expect(section).not.toContainText('has not been assessed');
});

test('the house sheet is the owner’s, holds the occupancy, address, contact and numbers, passes axe and prints on one page', async ({ page }) => {
  await page.goto('/admin/house-sheet');
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await expect(page.getByText('Maximum occupancy')).toHaveCount(0);

  await loginAsAdmin(page);
  expect((await page.request.put('/api/settings', { data: COMPLIANCE })).status()).toBe(200);
  await page.goto('/admin/house-sheet');
  const sheet = page.getByRole('article', { name: /house information/ });
  await expect(sheet).toContainText('Maximum occupancy10 persons');
  await expect(sheet).toContainText('120 Ridgeline Trail');
  await expect(sheet).toContainText('Dana Reyes, (706) 555-0199');
  await expect(sheet).toContainText('AET-2026-0147');
  await expect(sheet).toContainText('STR-0932');
  expect(await axeViolations(page)).toEqual([]);

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  const pdf = (await page.pdf({ format: 'Letter' })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page\b/g) ?? []).toHaveLength(1);
});
