import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The Property Showcase carousel ([home.carousel], [home.carousel.autoplay], [home.carousel.manual]): 9 slides, autoplay every 5 s with
 * wrap-around, hover pauses, manual moves stop autoplay until 10 s after the last one.
 * Time is Playwright's fake clock, installed before the page loads.
 */

const SLIDE_TITLES = [
  'Sunrise from the deck',
  'Stone fireplace',
  "Chef's kitchen",
  'Primary suite',
  'Hot tub',
  'Kids gaming room',
  'Pool table',
  'Outdoor firepit',
  'Autumn on the ridge',
];

const carousel = (page: Page) => page.getByRole('region', { name: 'Property Showcase' });
const dot = (page: Page, n: number) => page.getByRole('button', { name: `Go to slide ${n}`, exact: true });
const autoBadge = (page: Page) => carousel(page).getByText('Auto', { exact: true });

/** Slide n (1-based) is the one shown: its dot is current and only its group is exposed. */
async function expectSlide(page: Page, n: number) {
  await expect(dot(page, n)).toHaveAttribute('aria-current', 'true');
  await expect(carousel(page).locator('[aria-current="true"]')).toHaveCount(1);
  await expect(carousel(page).getByRole('group', { name: `${n} of 9` })).toBeVisible();
  await expect(carousel(page).getByRole('group')).toHaveCount(1);
  await expect(carousel(page).getByRole('group')).toContainText(SLIDE_TITLES[n - 1] ?? '');
}

/** Moves the mouse off the carousel (onto the fixed navigation bar). */
const leaveCarousel = (page: Page) => page.mouse.move(640, 10);

/** Any instant: the page's clock starts here and stands still until a test runs it. */
const START = new Date('2026-06-01T12:00:00Z');

test.beforeEach(async ({ page }) => {
  await page.clock.install({ time: START });
  // Paused before the page loads, so only runFor() moves time (not the test's own duration).
  await page.clock.pauseAt(new Date(START.getTime() + 1000));
  await page.goto('/');
  await carousel(page).scrollIntoViewIfNeeded();
  await leaveCarousel(page);
});

test('is an accessible carousel of 9 slides with arrows, dots and thumbnails', async ({ page }) => {
  const region = carousel(page);
  await expect(region).toHaveAttribute('aria-roledescription', 'carousel');
  await expect(region.getByRole('heading', { name: 'Property Showcase' })).toBeVisible();
  await expect(region.locator('[aria-roledescription="slide"]')).toHaveCount(9);
  await expect(region.getByRole('button', { name: 'Previous slide' })).toBeVisible();
  await expect(region.getByRole('button', { name: 'Next slide' })).toBeVisible();
  await expect(region.getByRole('button', { name: /^Go to slide \d$/ })).toHaveCount(9);
  const thumbnails = region.getByRole('button', { name: /^Show slide \d: / });
  await expect(thumbnails).toHaveCount(9);
  for (const [i, title] of SLIDE_TITLES.entries()) {
    await expect(thumbnails.nth(i)).toHaveAccessibleName(`Show slide ${i + 1}: ${title}`);
  }
  await expectSlide(page, 1);
  await expect(autoBadge(page)).toBeVisible();
  // While autoplay runs, slide changes are not announced.
  await expect(region.getByTestId('showcase-status')).toHaveAttribute('aria-live', 'off');
});

test('advances every 5 seconds and wraps from the last slide to the first', async ({ page }) => {
  await page.clock.runFor(4900);
  await expectSlide(page, 1);
  await page.clock.runFor(100);
  await expectSlide(page, 2);
  await page.clock.runFor(5000 * 7);
  await expectSlide(page, 9);
  await page.clock.runFor(5000);
  await expectSlide(page, 1);
  await expect(autoBadge(page)).toBeVisible();
});

test('hovering pauses autoplay and leaving resumes it', async ({ page }) => {
  await carousel(page).hover();
  await page.clock.runFor(15_000);
  await expectSlide(page, 1);
  await expect(autoBadge(page)).toBeVisible();

  await leaveCarousel(page);
  await page.clock.runFor(5000);
  await expectSlide(page, 2);
});

test('an arrow stops autoplay (the Auto badge goes) until 10 s after the last manual action', async ({ page }) => {
  await carousel(page).getByRole('button', { name: 'Next slide' }).click();
  await expectSlide(page, 2);
  await expect(autoBadge(page)).toBeHidden();
  await expect(carousel(page).getByTestId('showcase-status')).toHaveAttribute('aria-live', 'polite');
  await expect(carousel(page).getByTestId('showcase-status')).toHaveText('Slide 2 of 9: Stone fireplace');
  await leaveCarousel(page);

  await page.clock.runFor(6000);
  await expectSlide(page, 2);
  await carousel(page).getByRole('button', { name: 'Previous slide' }).click();
  await expectSlide(page, 1);
  await leaveCarousel(page);

  // The 10 s count from the second click.
  await page.clock.runFor(9900);
  await expect(autoBadge(page)).toBeHidden();
  await expectSlide(page, 1);
  await page.clock.runFor(100);
  await expect(autoBadge(page)).toBeVisible();
  await expect(carousel(page).getByTestId('showcase-status')).toHaveAttribute('aria-live', 'off');

  await page.clock.runFor(5000);
  await expectSlide(page, 2);
});

test('previous from the first slide goes to the last', async ({ page }) => {
  await carousel(page).getByRole('button', { name: 'Previous slide' }).click();
  await expectSlide(page, 9);
});

test('a dot or a thumbnail jumps to its slide and stops autoplay', async ({ page }) => {
  await dot(page, 7).click();
  await expectSlide(page, 7);
  await expect(autoBadge(page)).toBeHidden();

  await carousel(page).getByRole('button', { name: 'Show slide 5: Hot tub' }).click();
  await expectSlide(page, 5);
  await leaveCarousel(page);
  await page.clock.runFor(9000);
  await expectSlide(page, 5);
  await expect(autoBadge(page)).toBeHidden();
  await page.clock.runFor(1000);
  await expect(autoBadge(page)).toBeVisible();
});

test('the arrow keys move the carousel when focus is inside it', async ({ page }) => {
  await dot(page, 3).focus();
  await page.keyboard.press('Enter');
  await expectSlide(page, 3);
  await page.keyboard.press('ArrowRight');
  await expectSlide(page, 4);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expectSlide(page, 2);
  await expect(autoBadge(page)).toBeHidden();
});
