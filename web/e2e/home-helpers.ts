import { expect, type Page } from '@playwright/test';

/** Section ids of the home page, in the order [home.sections] gives them (booking is our addition). */
export const HOME_SECTION_IDS = ['home', 'property', 'gallery', 'amenities', 'accessibility', 'location', 'testimonials', 'booking'];

/** Height of the fixed navigation bar plus the gap `scroll-margin-top` leaves below it (4.5rem). */
export const SCROLL_MARGIN_PX = 72;

/** Distance from the viewport top to the top of the element with this id. */
export function sectionTop(page: Page, id: string): Promise<number> {
  return page.evaluate((sectionId) => {
    const el = document.getElementById(sectionId);
    // Not rendered yet (a route change in flight): far away, so a poll keeps waiting.
    return el ? Math.round(el.getBoundingClientRect().top) : Number.POSITIVE_INFINITY;
  }, id);
}

/** Waits until the (smooth) scroll has brought the section to rest just below the fixed bar. */
export async function expectScrolledTo(page: Page, id: string): Promise<void> {
  await expect
    .poll(async () => Math.abs((await sectionTop(page, id)) - SCROLL_MARGIN_PX), {
      message: `#${id} should sit just below the navigation bar`,
      timeout: 5000,
    })
    .toBeLessThanOrEqual(2);
}
