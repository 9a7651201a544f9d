import sharp from 'sharp';
import { REVIEW_SOURCE_LABELS, type PublishedReview } from '@ridgeline/core';
import { E2E_ADMIN_PASSWORD, expect, ownServerTest, test } from './fixtures';
import { HOME_SECTION_IDS, expectScrolledTo } from './home-helpers';

/** The public home page ([home.sections]): structure, content, links and metadata. */

test.describe('home page structure', () => {
  test('has the sections in the order of [home.sections] between the header and the footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const ids = await page.locator('main > section').evaluateAll((sections) => sections.map((s) => s.id));
    expect(ids).toEqual(HOME_SECTION_IDS);

    // header (with the navigation) → main → footer, in document order.
    const order = await page.evaluate(() => {
      const header = document.querySelector('header');
      const main = document.querySelector('main');
      const footer = document.querySelector('footer');
      if (!header || !main || !footer) return 'missing landmark';
      const follows = (a: Node, b: Node) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
      return follows(header, main) && follows(main, footer) && header.querySelector('nav') ? 'ok' : 'wrong order';
    });
    expect(order).toBe('ok');
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    // The Property Showcase sits inside the gallery section.
    await expect(page.locator('#gallery').getByRole('heading', { name: 'Property Showcase' })).toBeVisible();
  });

  test('has one h1, in the hero, and an h2 naming each section', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('#home h1')).toContainText('Ridgeline');
    for (const id of HOME_SECTION_IDS.filter((s) => s !== 'home')) {
      const section = page.locator(`#${id}`);
      await expect(section.locator('h2')).toHaveCount(1);
      const labelledBy = await section.getAttribute('aria-labelledby');
      expect(labelledBy, `#${id} is named by its h2`).toBe(await section.locator('h2').getAttribute('id'));
    }
  });

  test('keeps the navigation bar fixed at the top while scrolling', async ({ page }) => {
    await page.goto('/');
    await page.mouse.wheel(0, 2500);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const box = await page.getByRole('banner').boundingBox();
    expect(box?.y).toBe(0);
    await expect(page.getByRole('banner').getByRole('link', { name: /Book Your Stay/ })).toBeInViewport();
  });

  test('does not shift its layout while photos, config and reviews load', async ({ page }) => {
    for (const viewport of [
      { width: 1280, height: 720 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto('/', { waitUntil: 'networkidle' });
      const cls = await page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            let total = 0;
            new PerformanceObserver((list) => {
              for (const entry of list.getEntries()) total += (entry as unknown as { value: number }).value;
            }).observe({ type: 'layout-shift', buffered: true });
            setTimeout(() => resolve(total), 500);
          }),
      );
      expect(cls, `cumulative layout shift at ${viewport.width}px`).toBeLessThan(0.01);
    }
  });

  test('a /#section address opened directly lands on that section', async ({ page }) => {
    await page.goto('/#location');
    await expectScrolledTo(page, 'location');
  });

  test('loads without console errors', async ({ page, consoleErrors }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    // Scroll through so every lazy image and the idle-loaded code are fetched too.
    const height = await page.evaluate(() => document.body.scrollHeight);
    for (let y = 0; y < height; y += 700) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.waitForTimeout(50);
    }
    await page.waitForLoadState('networkidle');
    expect(consoleErrors).toEqual([]);
  });
});

test.describe('hero', () => {
  test('shows the hero photo as the high-priority LCP image with responsive sources', async ({ page }) => {
    await page.goto('/');
    const img = page.locator('#home picture img');
    await expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(await img.getAttribute('loading')).not.toBe('lazy');
    await expect(img).toHaveAttribute('width', /\d+/);
    await expect(img).toHaveAttribute('height', /\d+/);
    const types = await page.locator('#home picture source').evaluateAll((s) => s.map((e) => e.getAttribute('type')));
    expect(types).toEqual(['image/avif', 'image/webp', 'image/jpeg']);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  });

  test('loads every other image lazily, with reserved dimensions', async ({ page }) => {
    await page.goto('/');
    const images = await page.locator('main img').evaluateAll((imgs) =>
      imgs.map((img) => ({
        inHero: Boolean(img.closest('#home')),
        loading: img.getAttribute('loading'),
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
      })),
    );
    const belowFold = images.filter((i) => !i.inHero);
    expect(belowFold.length).toBeGreaterThanOrEqual(6 + 9 + 9 + 3);
    for (const image of belowFold) {
      expect(image.loading).toBe('lazy');
      expect(Number(image.width)).toBeGreaterThan(0);
      expect(Number(image.height)).toBeGreaterThan(0);
    }
  });

  test('offers calls to action to the booking section and the gallery', async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('#home');
    await expect(hero.getByRole('link', { name: 'Plan your stay' })).toHaveAttribute('href', '/#booking');
    await expect(hero.getByRole('link', { name: 'View the photos' })).toHaveAttribute('href', '/#gallery');
  });
});

test.describe('content', () => {
  test('shows the property highlights as separate labels and values', async ({ page }) => {
    await page.goto('/');
    const highlights = await page.getByTestId('property-highlight').evaluateAll((items) =>
      items.map((item) => [item.querySelector('dt')?.textContent?.trim(), item.querySelector('dd')?.textContent?.trim()]),
    );
    expect(highlights).toEqual([
      ['Bedrooms', '5'],
      ['Bathrooms', '3'],
      ['Sleeps', '12'],
      ['Square Feet', '3,000'],
    ]);
    await expect(page.locator('#property')).toBeVisible();
  });

  test('lists the six amenities, each with an icon', async ({ page }) => {
    await page.goto('/');
    const amenities = page.locator('#amenities').getByTestId('amenity');
    await expect(amenities).toHaveCount(6);
    await expect(amenities.locator('h3')).toHaveText([
      'High-Speed WiFi',
      'Outdoor Firepit',
      'Kids Gaming Room',
      'Pool Table',
      'Hot Tub',
      'Mountain Views',
    ]);
    for (const amenity of await amenities.all()) await expect(amenity.locator('svg')).toHaveCount(1);
  });

  test('shows the nearby attractions, the waterfall height, drive times and area photos', async ({ page }) => {
    await page.goto('/');
    const location = page.locator('#location');
    const attractions = location.getByTestId('attraction');
    await expect(attractions).toHaveCount(4);
    await expect(attractions.locator('h4')).toHaveText([
      'Blue Ridge Scenic Railway',
      'Long Creek Falls',
      'Lake Blue Ridge',
      'Mercier Orchards',
    ]);
    await expect(attractions.filter({ hasText: 'Long Creek Falls' })).toContainText('186 ft');
    await expect(location.getByRole('list', { name: 'Drive times' }).getByRole('listitem')).toHaveText([
      '5 min to downtown',
      '10 min to the railway',
      '15 min to hiking trails',
    ]);
    await expect(location.locator('figure img')).toHaveCount(3);
    await expect(location.locator('figure figcaption')).toHaveText([
      'Blue Ridge Mountains',
      'Blue Ridge Scenic Railway',
      'Mountain golf',
    ]);
  });

  test('shows the published reviews with author, month, rating and initial', async ({ page, request }) => {
    const { reviews } = (await (await request.get('/api/reviews/published')).json()) as { reviews: PublishedReview[] };
    expect(reviews.length, 'the demo content publishes reviews').toBeGreaterThan(0);

    await page.goto('/');
    const cards = page.locator('#testimonials').getByTestId('review');
    await expect(cards).toHaveCount(reviews.length);
    for (const review of reviews) {
      const card = cards.filter({ hasText: review.guestName });
      await expect(card).toHaveCount(1);
      await expect(card).toContainText(review.content);
      await expect(card.getByRole('img', { name: `Rated ${review.rating} out of 5` })).toBeVisible();
      const [year, month] = review.stayDate.split('-').map(Number);
      const monthYear = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, 1)).toLocaleString('en-US', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      await expect(card.locator('time')).toHaveText(monthYear);
      // [reviews.source]: the stay month and where the review comes from (the demo reviews say so).
      await expect(card).toContainText(`Stayed ${monthYear} · ${REVIEW_SOURCE_LABELS[review.source]}`);
      await expect(card.locator('footer > span').first()).toHaveText(review.guestName.trim().charAt(0).toUpperCase());
    }
  });

  // The reviews come in the server-rendered page, not from a request the test could answer:
  // the owner removes them on the test's own server instead ([pages.cache]: the page follows).
  ownServerTest('says so when no review is published yet', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('#testimonials').getByTestId('review').first()).toBeVisible();
    expect((await page.request.post('/api/auth/login', { data: { password: E2E_ADMIN_PASSWORD } })).ok()).toBe(true);
    expect((await page.request.post('/api/demo-content/remove')).ok()).toBe(true);
    await page.goto('/');
    await expect(page.locator('#testimonials')).toContainText('No reviews yet');
    await expect(page.locator('#testimonials').getByTestId('review')).toHaveCount(0);
  });

  ownServerTest.describe(() => {
    ownServerTest.use({ serverEnv: { DEMO_CONTENT: '' } }); // NODE_ENV=production, DEMO_CONTENT unset
    ownServerTest('a fresh production site without DEMO_CONTENT publishes no review and says so kindly ([reviews.demo])', async ({ page, consoleErrors, ownServer: live }) => {
      const res = await page.request.get(`${live.url}/api/reviews/published`);
      expect(((await res.json()) as { reviews: PublishedReview[] }).reviews).toEqual([]);
      await page.goto(live.url);
      const section = page.locator('#testimonials');
      await expect(section.getByRole('heading', { name: 'What our guests say' })).toBeVisible();
      await expect(section).toContainText('No reviews yet');
      await expect(section).toContainText('Be among the first to stay at Ridgeline');
      await expect(section.getByTestId('review')).toHaveCount(0);
      expect(consoleErrors).toEqual([]);
    });
  });

  // The image config comes in the server-rendered page, not from a request the test could
  // answer: the owner uploads the kitchen's photo on the test's own server instead.
  ownServerTest('uses the photos of the image config over the defaults', async ({ page }) => {
    expect((await page.request.post('/api/auth/login', { data: { password: E2E_ADMIN_PASSWORD } })).ok()).toBe(true);
    const photo = await sharp({ create: { width: 96, height: 64, channels: 3, background: '#2a6' } }).png().toBuffer();
    const upload = await page.request.post('/api/upload-image', {
      multipart: { imageId: 'kitchen', image: { name: 'kitchen.png', mimeType: 'image/png', buffer: photo } },
    });
    expect(upload.ok()).toBe(true);
    const { newPath } = (await upload.json()) as { newPath: string };
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Open photo: Kitchen' }).locator('img')).toHaveAttribute('src', newPath);
    await expect(page.getByRole('button', { name: 'Open photo: Great room' }).locator('img')).toHaveAttribute(
      'src',
      /\/images\/defaults\/overview-960\.jpg$/,
    );
  });
});

test.describe('links', () => {
  test('without a listing URL, Book Your Stay leads to the booking section, not a platform', async ({ page }) => {
    await page.goto('/');
    const book = page.getByRole('banner').getByRole('link', { name: 'Book Your Stay' });
    await expect(book).toHaveAttribute('href', '/#booking');
    expect(await book.getAttribute('target')).toBeNull();
    await book.click();
    await expect(page.getByRole('heading', { name: 'Book your stay', level: 2 })).toBeInViewport();
    // The booking section has no link to itself.
    await expect(page.locator('#booking').getByRole('link', { name: /Book Your Stay/ })).toHaveCount(0);
  });

  ownServerTest.describe(() => {
    ownServerTest.use({
      serverEnv: { LISTING_URL: 'https://www.airbnb.com/rooms/424242', GUIDE_URL: 'https://guide.example.com/ridgeline' },
    });
    ownServerTest('reads the listing and guide URLs the server configured', async ({ page }) => {
      await page.goto('/');
      await expect(page.getByRole('banner').getByRole('link', { name: /Book Your Stay/ })).toHaveAttribute(
        'href',
        'https://www.airbnb.com/rooms/424242',
      );
      const book = page.getByRole('banner').getByRole('link', { name: /Book Your Stay/ });
      await expect(book).toHaveAttribute('target', '_blank');
      expect((await book.getAttribute('rel'))?.split(/\s+/) ?? []).toEqual(expect.arrayContaining(['noopener', 'noreferrer']));
      // With a listing, the booking section holds the link too.
      const booking = page.locator('#booking');
      await expect(booking.getByRole('heading', { level: 2 })).toHaveText('Book your stay');
      await expect(booking.getByRole('link', { name: /Book Your Stay/ })).toHaveAttribute('target', '_blank');
      await expect(page.getByRole('contentinfo').getByRole('link', { name: /Guide/ })).toHaveAttribute(
        'href',
        'https://guide.example.com/ridgeline',
      );
    });
  });

  test('footer: blurb, no social buttons until the owner sets them, quick links, contact and copyright', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    await expect(footer.getByText('Quick Links')).toBeVisible();
    // No dead buttons: the listing has no social links yet (issue 27 §3).
    await expect(footer.getByRole('list', { name: 'Social media' })).toHaveCount(0);
    for (const name of ['Facebook', 'Instagram', 'Twitter']) await expect(footer.getByRole('button', { name, exact: true })).toHaveCount(0);

    const links = footer.getByRole('navigation', { name: 'Quick Links' }).getByRole('link');
    await expect(links).toHaveText([/Guide/, 'Property Details', 'Amenities', 'Location', 'Book Now', 'Admin Portal']);
    const guide = footer.getByRole('link', { name: /Guide/ });
    await expect(guide).toHaveAttribute('target', '_blank');
    await expect(guide).toHaveAttribute('rel', /noopener/);
    await expect(guide).toHaveAttribute('rel', /noreferrer/);
    await expect(footer.getByRole('link', { name: 'Property Details' })).toHaveAttribute('href', '/#property');
    await expect(footer.getByRole('link', { name: 'Amenities' })).toHaveAttribute('href', '/#amenities');
    await expect(footer.getByRole('link', { name: 'Location' })).toHaveAttribute('href', '/#location');
    await expect(footer.getByRole('link', { name: 'Book Now' })).toHaveAttribute('href', '/#booking');
    await expect(footer.getByRole('link', { name: 'Admin Portal' })).toHaveAttribute('href', '/admin');
    await expect(footer.getByRole('link', { name: 'Admin', exact: true })).toHaveAttribute('href', '/admin');

    await expect(footer).toContainText('stay@ridgeline-blueridge.com');
    await expect(footer).toContainText('+1 (706) 555-0142');
    await expect(footer).toContainText('Blue Ridge');
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Ridgeline. All rights reserved.`);
  });

  test('both admin links lead to /admin', async ({ page }) => {
    for (const name of ['Admin Portal', 'Admin']) {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Admin Access' })).toBeVisible();
    }
  });

});

test.describe('metadata', () => {
  test('index.html carries SEO, social and structured data with the public URL filled in', async ({ page, baseURL }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Ridgeline.*Blue Ridge, Georgia/);
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /5-bedroom.*sleeps 12/i);
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', `${baseURL}/`);
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${baseURL}/og-image.jpg`);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg');
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}') as Record<
      string,
      unknown
    >;
    expect(jsonLd).toMatchObject({
      '@type': ['VacationRental', 'LodgingBusiness'],
      url: `${baseURL}/`,
      numberOfBedrooms: 5,
      numberOfBathroomsTotal: 3,
      occupancy: { maxValue: 12 },
      floorSize: { value: 3000 },
      address: { addressLocality: 'Blue Ridge', addressRegion: 'GA', addressCountry: 'US' },
    });
  });
});

test.describe('other routes', () => {
  test('an unknown path shows the 404 page with a way home', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 Page Not Found');
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('#home')).toBeVisible();
  });

  for (const [path, title] of [
    ['/admin', 'Admin Access'],
    ['/security-console', 'Security Console'],
    ['/calendar-auth', 'Google Calendar Authentication'],
    // /checkout without its query goes back to / ([checkout.entry]): see checkout-entry.spec.ts.
  ] as const) {
    test(`${path} renders its page`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    });
  }
});
