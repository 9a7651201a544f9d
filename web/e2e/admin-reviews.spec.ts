import type { Page, Request } from '@playwright/test';
import type { Review } from '@ridgeline/core';
import { loginAsAdmin, openDashboardTab, toasts, uniqueName } from './admin-dashboard-helpers';
import { expect, ownServerTest as test } from './fixtures';

/**
 * Admin Reviews tab ([reviews.create], [reviews.list], [reviews.flags], [reviews.delete]). Each test gets its own server:
 * publishing changes the home page that other tests look at.
 */
test.describe.configure({ timeout: 90_000 });

const openReviews = (page: Page) => openDashboardTab(page, 'Reviews');

/** The review in the admin list whose guest is `guestName`. */
function reviewItem(page: Page, guestName: string) {
  return page.getByRole('article', { name: guestName });
}

async function adminReviews(page: Page): Promise<Review[]> {
  const res = await page.request.get('/api/reviews');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { reviews: Review[] }).reviews;
}

test('creates a review, approves, publishes it to the home page, unpublishes and deletes it', async ({
  page,
  consoleErrors,
}) => {
  await openReviews(page);
  const posts: Request[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/reviews')) posts.push(r);
  });
  const guestName = uniqueName('Guest ');
  const title = uniqueName('Title ');
  // Markup in a review is shown as text, never interpreted.
  const content = 'Loved the <b>hot tub</b> & the views.';

  const toggle = page.getByRole('button', { name: 'Create New Review' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const form = page.getByRole('form', { name: 'Create New Review' });

  // Defaults ([reviews.create]): rating 5, neither approved nor published; six required fields.
  await expect(form.getByLabel('Rating', { exact: true })).toHaveValue('5');
  await expect(form.getByRole('switch', { name: 'Approved', exact: true })).not.toBeChecked();
  await expect(form.getByRole('switch', { name: 'Published', exact: true })).not.toBeChecked();
  for (const label of ['Guest Name', 'Email', 'Rating', 'Stay Date', 'Review Title', 'Review Content']) {
    await expect(form.getByLabel(label, { exact: true })).toHaveAttribute('aria-required', 'true');
  }
  await expect(form.getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email');
  await expect(form.getByLabel('Stay Date', { exact: true })).toHaveAttribute('type', 'date');

  // Missing Fields, and nothing is sent.
  await form.getByLabel('Guest Name', { exact: true }).fill('   ');
  await form.getByRole('button', { name: 'Create Review' }).click();
  await expect(toasts(page).getByText('Missing Fields', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText('Please fill in all required fields', { exact: true })).toBeVisible();
  expect(posts).toHaveLength(0);

  // The server's 400 message is shown.
  await form.getByLabel('Guest Name', { exact: true }).fill(guestName);
  await form.getByLabel('Email', { exact: true }).fill('not-an-address');
  await form.getByLabel('Rating', { exact: true }).fill('4');
  await form.getByLabel('Stay Date', { exact: true }).fill('2026-09-12');
  await form.getByLabel('Review Title', { exact: true }).fill(title);
  await form.getByLabel('Review Content', { exact: true }).fill(content);
  await form.getByRole('button', { name: 'Create Review' }).click();
  await expect(toasts(page).getByText('email: must be an e-mail address')).toBeVisible();
  await expect(form).toBeVisible();

  await form.getByLabel('Email', { exact: true }).fill('guest@example.com');
  await form.getByRole('button', { name: 'Create Review' }).click();
  await expect(toasts(page).getByText('Review created successfully', { exact: true })).toBeVisible();
  await expect(form).toHaveCount(0);
  expect(posts.at(-1)?.postDataJSON()).toEqual({
    guestName,
    email: 'guest@example.com',
    rating: 4,
    title,
    content,
    stayDate: '2026-09-12',
    source: 'guestbook',
    isApproved: false,
    isPublished: false,
  });

  // Reopened, the form starts afresh.
  await toggle.click();
  await expect(form.getByLabel('Guest Name', { exact: true })).toHaveValue('');
  await expect(form.getByLabel('Rating', { exact: true })).toHaveValue('5');
  await toggle.click();
  await expect(form).toHaveCount(0);

  const item = reviewItem(page, guestName);
  await expect(item).toBeVisible();
  await expect(item.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();
  await expect(item.getByText(title, { exact: true })).toBeVisible();
  await expect(item.getByText(content, { exact: true })).toBeVisible();
  await expect(item.locator('b')).toHaveCount(0);
  await expect(item.getByText('Sat, Sep 12, 2026')).toBeVisible();
  await expect(item.getByText('Pending', { exact: true })).toBeVisible();
  await expect(item.getByText('Draft', { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();

  // Approve → Publish.
  await item.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(toasts(page).getByText('Review updated successfully', { exact: true })).toBeVisible();
  await expect(item.getByText('Approved', { exact: true })).toBeVisible();
  await expect(item.getByText('Pending', { exact: true })).toHaveCount(0);
  await item.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(item.getByText('Published', { exact: true })).toBeVisible();
  await expect(item.getByRole('button', { name: 'Unpublish', exact: true })).toBeEnabled();

  // Unapproving does not unpublish ([reviews.flags]); Unpublish stays available.
  await item.getByRole('button', { name: 'Unapprove', exact: true }).click();
  await expect(item.getByText('Pending', { exact: true })).toBeVisible();
  await expect(item.getByText('Published', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(item.getByText('Approved', { exact: true })).toBeVisible();
  expect((await adminReviews(page)).find((r) => r.title === title)).toMatchObject({
    isApproved: true,
    isPublished: true,
  });

  // The home page shows it, as text.
  await page.goto('/');
  const testimonials = page.locator('#testimonials');
  await expect(testimonials.getByText(title, { exact: true })).toBeVisible();
  await expect(testimonials.getByText(content, { exact: true })).toBeVisible();

  // Unpublish asks why ([reviews.unpublish]): nothing is sent without a reason; gone from the home page.
  await page.goto('/admin?tab=reviews');
  await reviewItem(page, guestName).getByRole('button', { name: 'Unpublish', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Unpublish review' });
  await expect(dialog).toContainText('security audit log');
  await dialog.getByRole('button', { name: 'Unpublish review' }).click();
  await expect(dialog.getByText('Reason must be chosen', { exact: true })).toBeVisible();
  // (The list behind the modal is hidden from the accessibility tree; the server says it is still published.)
  expect((await adminReviews(page)).find((r) => r.title === title)).toMatchObject({ isPublished: true, hiddenReason: null });
  await dialog.getByRole('radio', { name: 'Off-topic' }).check();
  await dialog.getByRole('button', { name: 'Unpublish review' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(reviewItem(page, guestName).getByText('Draft', { exact: true })).toBeVisible();
  await expect(reviewItem(page, guestName).getByText('Hidden: Off-topic', { exact: true })).toBeVisible();
  expect((await adminReviews(page)).find((r) => r.title === title)?.hiddenReason).toBe('off_topic');
  await page.goto('/');
  await expect(page.locator('#testimonials').getByRole('heading', { name: 'What our guests say' })).toBeVisible();
  await expect(page.locator('#testimonials [data-testid="review"]').first()).toBeVisible();
  await expect(page.locator('#testimonials').getByText(title)).toHaveCount(0);

  // Delete asks first; dismissing keeps the review.
  await page.goto('/admin?tab=reviews');
  const messages: string[] = [];
  page.once('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  await reviewItem(page, guestName).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect.poll(() => messages).toEqual([`Delete the review "${title}" by ${guestName}? This cannot be undone.`]);
  await expect(reviewItem(page, guestName)).toBeVisible();

  page.once('dialog', (dialog) => void dialog.accept());
  await reviewItem(page, guestName).getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toasts(page).getByText('Review deleted successfully', { exact: true })).toBeVisible();
  await expect(reviewItem(page, guestName)).toHaveCount(0);
  expect((await adminReviews(page)).some((r) => r.title === title)).toBe(false);
  // The refused e-mail address is the one failed request the browser reports.
  expect(consoleErrors.filter((e) => !e.includes('status of 400'))).toEqual([]);
});

test('says "No reviews yet" when there are none', async ({ page, consoleErrors }) => {
  await loginAsAdmin(page);
  for (const review of await adminReviews(page)) {
    expect((await page.request.delete(`/api/reviews/${review.id}`)).ok()).toBe(true);
  }
  await page.goto('/admin?tab=reviews');
  await expect(page.getByText('No reviews yet', { exact: true })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  expect(consoleErrors).toEqual([]);
});

test('marks demo reviews with a Demo badge and removes all demo content in one action ([reviews.demo])', async ({
  page,
  consoleErrors,
}) => {
  await openReviews(page);
  const guestName = uniqueName('Real Guest ');
  const created = await page.request.post('/api/reviews', {
    data: { guestName, email: 'real@guest.test', rating: 5, title: 'Truly lovely', content: 'We stayed.', stayDate: '2026-05-02', isApproved: true, isPublished: true },
  });
  expect(created.status()).toBe(201);
  const demo = (await adminReviews(page)).filter((r) => r.isDemo);
  expect(demo.length, 'the e2e server seeds the demo reviews').toBeGreaterThan(0);
  await page.reload();

  for (const review of demo) await expect(reviewItem(page, review.guestName).getByText('Demo', { exact: true })).toBeVisible();
  await expect(reviewItem(page, guestName).getByText('Published', { exact: true })).toBeVisible();
  await expect(reviewItem(page, guestName).getByText('Demo', { exact: true })).toHaveCount(0);
  const notice = page.getByRole('note', { name: 'Demo content' });
  await expect(notice).toContainText(`${demo.length} demo reviews`);

  // It asks first; dismissing removes nothing.
  const messages: string[] = [];
  page.once('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  await notice.getByRole('button', { name: 'Remove demo content' }).click();
  await expect
    .poll(() => messages)
    .toEqual([`Remove all demo content? This deletes the ${demo.length} demo reviews for good. Your own reviews and your photos stay.`]);
  expect((await adminReviews(page)).filter((r) => r.isDemo)).toHaveLength(demo.length);

  page.once('dialog', (dialog) => void dialog.accept());
  await notice.getByRole('button', { name: 'Remove demo content' }).click();
  await expect(toasts(page).getByText('Demo content removed', { exact: true })).toBeVisible();
  await expect(toasts(page).getByText(`${demo.length} demo reviews deleted.`, { exact: true })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(1);
  await expect(reviewItem(page, guestName)).toBeVisible();
  await expect(notice).toHaveCount(0);

  // The home page shows the real review only.
  await page.goto('/');
  const cards = page.locator('#testimonials').getByTestId('review');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText(guestName);
  expect(consoleErrors).toEqual([]);
});

test('copies a 2-star Airbnb review in: the home page shows its month and source and counts it ([reviews.source], [reviews.aggregate])', async ({
  page,
  consoleErrors,
}) => {
  await openReviews(page);
  const guestName = uniqueName('Platform Guest ');
  await page.getByRole('button', { name: 'Create New Review' }).click();
  const form = page.getByRole('form', { name: 'Create New Review' });
  await form.getByLabel('Guest Name', { exact: true }).fill(guestName);
  await form.getByLabel('Email', { exact: true }).fill('platform@guest.test');
  await form.getByLabel('Rating', { exact: true }).fill('2');
  await form.getByLabel('Stay Date', { exact: true }).fill('2026-06-14');
  await form.getByLabel('Source', { exact: true }).selectOption({ label: 'Airbnb' });
  await form.getByLabel('Review Title', { exact: true }).fill('Too cold');
  await form.getByLabel('Review Content', { exact: true }).fill('The hot tub was off.');
  await form.getByRole('switch', { name: 'Approved', exact: true }).click();
  await form.getByRole('switch', { name: 'Published', exact: true }).click();
  await form.getByRole('button', { name: 'Create Review' }).click();
  await expect(toasts(page).getByText('Review created successfully', { exact: true })).toBeVisible();
  await expect(reviewItem(page, guestName).getByText('Airbnb', { exact: true })).toBeVisible();

  const published = (await (await page.request.get('/api/reviews/published')).json()) as { reviews: { rating: number; guestName: string; source: string; stayMonth: string }[] };
  expect(published.reviews.find((r) => r.guestName === guestName)).toMatchObject({ rating: 2, source: 'airbnb', stayMonth: '2026-06' });
  const mean = (published.reviews.reduce((sum, r) => sum + r.rating, 0) / published.reviews.length).toFixed(1);

  await page.goto('/');
  const section = page.locator('#testimonials');
  const card = section.getByTestId('review').filter({ hasText: guestName });
  await expect(card).toContainText('Stayed June 2026 · From Airbnb');
  await expect(card.getByRole('img', { name: 'Rated 2 out of 5' })).toBeVisible();
  const summary = section.locator('p').filter({ hasText: 'average rating out of 5 from' });
  await expect(summary).toContainText(`${mean} average rating out of 5 from`);
  await expect(summary).toContainText(`${published.reviews.length} reviews`);
  expect(consoleErrors).toEqual([]);
});
