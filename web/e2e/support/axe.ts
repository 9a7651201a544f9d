import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.2 AA rule tags axe checks ([a11y.wcag]). */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The WCAG 2.2 AA violations axe finds on the page as it is now (none expected), each with the
 * first few elements it names, so a failure says where to look.
 * @param include a CSS selector to check alone (a dialog, a section); the whole page by default
 */
export async function axeViolations(page: Page, include?: string): Promise<{ id: string; nodes: string[] }[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_22_AA).options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}
