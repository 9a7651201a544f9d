import { expect, test } from './fixtures';
import { expectScrolledTo } from './home-helpers';

/** The fixed navigation bar, the mobile menu and page-view reporting ([home.nav], [home.nav.mobile], [analytics.page-view]). */

const SECTION_LINKS = [
  ['Gallery', 'gallery'],
  ['Amenities', 'amenities'],
  ['Location', 'location'],
  ['Reviews', 'testimonials'],
] as const;

test.describe('navigation bar', () => {
  test('has Home, Gallery, Amenities, Location, Reviews and Book Your Stay', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('listitem')).toHaveText(['Home', 'Gallery', 'Amenities', 'Location', 'Reviews']);
    for (const [name, id] of [['Home', 'home'], ...SECTION_LINKS]) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', `/#${id}`);
    }
    await expect(nav.getByRole('link', { name: /Book Your Stay/ })).toBeVisible();
  });

  for (const [name, id] of SECTION_LINKS) {
    test(`${name} scrolls to #${id} without leaving the page`, async ({ page }) => {
      await page.goto('/');
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
      await expectScrolledTo(page, id);
      await expect(page).toHaveURL(/\/$/);
      // Same document: the click was handled in the page, not by a navigation.
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    });
  }

  test('Home scrolls back to the top', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Location', exact: true }).click();
    await expectScrolledTo(page, 'location');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('footer section links scroll too (Book Now to #booking)', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Book Now' }).click();
    await expectScrolledTo(page, 'booking');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Property Details' }).click();
    await expectScrolledTo(page, 'property');
  });

  test('from another route a link goes to / first, then scrolls to the section', async ({ page }) => {
    // Another route under the same navigation that stays put (/checkout without booking data
    // redirects to / by itself, [checkout.entry]).
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Amenities', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectScrolledTo(page, 'amenities');
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test('the links stay real links: a modified click is left to the browser', async ({ page, context }) => {
    await page.goto('/');
    const opened = context.waitForEvent('page');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Gallery', exact: true })
      .click({ modifiers: ['ControlOrMeta'] });
    const tab = await opened;
    await expect(tab).toHaveURL(/\/#gallery$/);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await tab.close();
  });
});

test.describe('mobile menu', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens a full-screen menu with the same items and closes after a choice', async ({ page }) => {
    await page.goto('/');
    // The desktop links are hidden on small screens.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery' })).toBeHidden();

    // While the menu is open the rest of the page is hidden from assistive technology
    // (aria-hidden), the menu button included, so find it with includeHidden.
    const menuButton = page.getByRole('button', { name: 'Open menu', includeHidden: true });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await menuButton.click();

    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(await menuButton.getAttribute('aria-controls')).toBe(await menu.getAttribute('id'));
    await expect(menu.getByRole('link')).toHaveText(['Home', 'Gallery', 'Amenities', 'Location', 'Reviews', /Book Your Stay/]);
    // No external listing on this server: Book Your Stay leads to the booking section ([home.book-your-stay]).
    await expect(menu.getByRole('link', { name: 'Book Your Stay' })).toHaveAttribute('href', '/#booking');
    // Full screen once the slide-in has finished.
    await expect
      .poll(async () => {
        const box = await menu.boundingBox();
        return box && [Math.round(box.x), Math.round(box.y), Math.round(box.width), Math.round(box.height)];
      })
      .toEqual([0, 0, 390, 844]);

    await menu.getByRole('link', { name: 'Location' }).click();
    await expect(menu).toBeHidden();
    await expectScrolledTo(page, 'location');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
  });

  test('traps focus and closes with Escape or the close button', async ({ page }) => {
    await page.goto('/');
    const menuButton = page.getByRole('button', { name: 'Open menu', includeHidden: true });
    await menuButton.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    for (let i = 0; i < 10; i += 1) {
      await page.keyboard.press('Tab');
      expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();

    await menuButton.click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('from another route a menu choice goes to / and scrolls', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Reviews' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expectScrolledTo(page, 'testimonials');
  });
});

test.describe('scroll on route changes', () => {
  test('a new page starts at the top; Back returns to where the visitor was', async ({ page }) => {
    // A short window, so the owner page (its sign-in card) can be scrolled too.
    await page.setViewportSize({ width: 1280, height: 300 });
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Admin Portal' }).scrollIntoViewIfNeeded();
    const footerY = await page.evaluate(() => window.scrollY);
    expect(footerY).toBeGreaterThan(1000);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Admin Portal' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByLabel('Password')).toBeAttached();
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(0);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  });
});

test.describe('page views', () => {
  // Funnel events ([analytics.funnel]) share the endpoint; they carry an `event` and are no page view.
  const isPageView = (url: string, method: string, body: { event?: string } | null = null) =>
    method === 'POST' && new URL(url).pathname === '/api/analytics/pageview' && !body?.event;

  test('are reported on the first page and after a client-side route change', async ({ page }) => {
    const first = page.waitForRequest((r) => isPageView(r.url(), r.method(), r.postDataJSON()));
    await page.goto('/');
    const firstRequest = await first;
    expect(firstRequest.postDataJSON()).toEqual({ path: '/', referrer: await page.evaluate(() => document.referrer) });
    expect(firstRequest.headers()['content-type']).toBe('application/json');
    expect((await firstRequest.response())?.status()).toBe(204);

    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const second = page.waitForRequest((r) => isPageView(r.url(), r.method(), r.postDataJSON()) && r.postDataJSON()?.path === '/admin');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Admin Portal' }).click();
    const secondRequest = await second;
    expect(secondRequest.postDataJSON()).toEqual({ path: '/admin', referrer: await page.evaluate(() => document.referrer) });
    // It was a client-side navigation (same document).
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test('scrolling between sections is not a new page view', async ({ page }) => {
    const views: string[] = [];
    page.on('request', (r) => {
      if (isPageView(r.url(), r.method(), r.postDataJSON())) views.push((r.postDataJSON() as { path: string }).path);
    });
    await page.goto('/');
    await expect.poll(() => views).toEqual(['/']);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Gallery', exact: true }).click();
    await expectScrolledTo(page, 'gallery');
    // Page views are sent in order: the next route change's view arrives after any the scroll
    // would have caused, so the list then shows whether there was one.
    await page.getByRole('link', { name: 'Admin Portal' }).click();
    await expect.poll(() => views).toEqual(['/', '/admin']);
  });
});
