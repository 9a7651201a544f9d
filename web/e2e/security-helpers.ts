import { expect, type Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { E2E_SECURITY_PASSWORD } from './fixtures';

/** [auth.browser-flag]: the console's flag in session storage. */
export const SECURITY_FLAG = 'securityAuthenticated';

export const readSecurityFlag = (page: Page) => page.evaluate((key) => window.sessionStorage.getItem(key), SECURITY_FLAG);

/** The console's password field (labelled "Security Password"). */
export const securityPasswordField = (page: Page) => page.getByLabel('Security Password', { exact: true });

/** Signs in through the gate at `${origin}/security-console` and waits for the console. */
export async function loginToSecurityConsole(page: Page, origin = ''): Promise<void> {
  await page.goto(`${origin}/security-console`);
  await securityPasswordField(page).fill(E2E_SECURITY_PASSWORD);
  await page.getByRole('button', { name: 'Access Security Console' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Security Console' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** The toast area (Radix: a region named "Notifications (F8)") and its toasts. */
export const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');

/** The console's section headed `name` (its `aria-labelledby`). */
export const consoleSection = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/**
 * The RFC 6238 code an authenticator app would show for `secret` (base32, spaces ignored)
 * `offsetSeconds` from now. A code of the next 30-second step (offset 30) is accepted (±1 step)
 * and is never the replay of one just used.
 */
export function totpCode(secret: string, offsetSeconds = 0): string {
  return generateSync({ secret: secret.replace(/\s/g, ''), epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}
