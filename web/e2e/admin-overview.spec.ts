import type { Page } from '@playwright/test';
import type { Review } from '@ridgeline/core';
import { expect, startServer, test } from './fixtures';
import { dashboardTab, insertBooking, loginAsAdmin } from './admin-dashboard-helpers';

/** [admin.overview]: four clickable cards with the counts, each opening its tab. */

const card = (page: Page, label: string) => page.getByRole('button', { name: new RegExp(`^${label}`) });

async function expectCard(page: Page, label: string, value: string) {
  await expect(card(page, label)).toContainText(`${label}${value}`);
}

async function listReviews(page: Page, origin: string): Promise<Review[]> {
  return ((await (await page.request.get(`${origin}/api/reviews`)).json()) as { reviews: Review[] }).reviews;
}

test.describe('overview counts', () => {
  // Its own server: the counts must be exact, whatever other tests add.
  let server: Awaited<ReturnType<typeof startServer>>;
  test.beforeAll(async () => {
    server = await startServer();
  });
  test.afterAll(async () => {
    await server.stop();
  });

  test('shows total bookings, pending and published reviews and the average rating', async ({ page }) => {
    const stays = [
      ['2027-01-04', '2027-01-06'],
      ['2027-02-08', '2027-02-10'],
      ['2027-03-15', '2027-03-17'],
    ] as const;
    for (const [i, [checkin, checkout]] of stays.entries()) {
      insertBooking(server.dataDir, {
        firstName: 'Count',
        lastName: `Guest${i}`,
        email: `count${i}@example.com`,
        checkin,
        checkout,
      });
    }
    await loginAsAdmin(page, server.url);
    await expectCard(page, 'Total Bookings', '3');

    // The seeded demo reviews, plus one pending review with rating 1.
    const created = await page.request.post(`${server.url}/api/reviews`, {
      data: {
        guestName: 'Pending Pat',
        email: 'pat@example.com',
        rating: 1,
        title: 'Not approved yet',
        content: 'Waiting for the owner.',
        stayDate: '2026-05-01',
        isApproved: false,
        isPublished: false,
      },
    });
    expect(created.ok()).toBe(true);
    const reviews = await listReviews(page, server.url);
    const pending = reviews.filter((r) => !r.isApproved).length;
    const published = reviews.filter((r) => r.isPublished).length;
    const average = (reviews.reduce((s, r) => s + r.rating, 0) / reviews.length).toFixed(1);
    expect(pending).toBeGreaterThan(0);

    await page.reload();
    await expectCard(page, 'Total Bookings', '3');
    await expectCard(page, 'Pending Reviews', String(pending));
    await expectCard(page, 'Published Reviews', String(published));
    await expectCard(page, 'Avg Rating', average);

    // No reviews at all: 0, 0 and "0.0".
    for (const review of reviews) {
      expect((await page.request.delete(`${server.url}/api/reviews/${review.id}`)).ok()).toBe(true);
    }
    await page.reload();
    await expectCard(page, 'Pending Reviews', '0');
    await expectCard(page, 'Published Reviews', '0');
    await expectCard(page, 'Avg Rating', '0.0');
  });
});

test.describe('overview cards', () => {
  test('Total Bookings opens Bookings; the three review cards open Reviews', async ({ page }) => {
    await loginAsAdmin(page);
    const targets: [string, string][] = [
      ['Total Bookings', 'Bookings'],
      ['Pending Reviews', 'Reviews'],
      ['Published Reviews', 'Reviews'],
      ['Avg Rating', 'Reviews'],
    ];
    for (const [label, tab] of targets) {
      await dashboardTab(page, 'Overview').click();
      await card(page, label).click();
      await expect(dashboardTab(page, tab)).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(new RegExp(`tab=${tab.toLowerCase()}$`));
    }
  });

  test('the cards open their tab from the keyboard and hand focus to that tab', async ({ page }) => {
    await loginAsAdmin(page);
    await card(page, 'Total Bookings').focus();
    await page.keyboard.press('Enter');
    await expect(dashboardTab(page, 'Bookings')).toHaveAttribute('aria-selected', 'true');
    await expect(dashboardTab(page, 'Bookings')).toBeFocused();

    await dashboardTab(page, 'Overview').click();
    await card(page, 'Avg Rating').focus();
    await page.keyboard.press('Space');
    await expect(dashboardTab(page, 'Reviews')).toHaveAttribute('aria-selected', 'true');
    await expect(dashboardTab(page, 'Reviews')).toBeFocused();
  });
});
