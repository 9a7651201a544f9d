import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getImageConfig } from '../images/images-store.js';
import { migrate, readMigrations } from '../platform/migrations.js';
import { createReview, deleteDemoReviews, listPublishedReviews, listReviews } from './reviews-store.js';
import { DEMO_REVIEWS, seedDemoContent } from '../seed.js';
import { createTestDatabase } from '../test-db.js';

/** Demo content ([reviews.demo]): seeded only on request, marked, hidden when off, removable. */
let t: ReturnType<typeof createTestDatabase>;
beforeEach(() => (t = createTestDatabase()));
afterEach(() => t.cleanup());

const REAL = {
  guestName: 'Ann Real',
  email: 'ann@realguest.test',
  rating: 5,
  title: 'Lovely',
  content: 'We loved it.',
  stayDate: '2026-05-02',
  isApproved: true,
  isPublished: true,
};

describe('demo content', () => {
  it('seeds the demo reviews marked as demo, or none at all, and the default photos either way', () => {
    seedDemoContent(t.db, new Date(), { demoReviews: false });
    expect(listReviews(t.db)).toEqual([]);
    expect(getImageConfig(t.db).property.hero).toBe('/images/defaults/hero.jpg');

    seedDemoContent(t.db);
    const reviews = listReviews(t.db);
    expect(reviews).toHaveLength(DEMO_REVIEWS.length);
    expect(reviews.every((r) => r.isDemo && r.isPublished)).toBe(true);
  });

  it('hides published demo reviews from the public list when asked, and never shows the flag', () => {
    seedDemoContent(t.db);
    createReview(t.db, REAL);
    expect(listPublishedReviews(t.db)).toHaveLength(DEMO_REVIEWS.length + 1);
    expect(listPublishedReviews(t.db, { includeDemo: true })).toHaveLength(DEMO_REVIEWS.length + 1);
    const live = listPublishedReviews(t.db, { includeDemo: false });
    expect(live.map((r) => r.guestName)).toEqual(['Ann Real']);
    expect(live[0]).not.toHaveProperty('isDemo');
  });

  it('removes every demo review and nothing else', () => {
    seedDemoContent(t.db);
    const real = createReview(t.db, REAL);
    expect(real.isDemo).toBe(false);
    expect(deleteDemoReviews(t.db)).toBe(DEMO_REVIEWS.length);
    expect(listReviews(t.db)).toEqual([real]);
    expect(deleteDemoReviews(t.db)).toBe(0);
  });
});

describe('migration 0007 on a database seeded before demo reviews were marked', () => {
  let dir: string;
  let db: Database.Database;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'ridgeline-demo-'));
    db = new Database(path.join(dir, 'old.sqlite'));
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('marks the six shipped demo reviews and leaves real ones alone', () => {
    const migrations = readMigrations();
    const index = migrations.findIndex((m) => m.name === 'demo_reviews');
    expect(index).toBeGreaterThan(0);
    migrate(db, migrations.slice(0, index));
    const insert = db.prepare(
      `INSERT INTO reviews (guest_name, email, rating, title, content, stay_date, is_approved, is_published, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 1, 1, '2026-01-01T00:00:00.000Z')`,
    );
    for (const r of [...DEMO_REVIEWS, REAL]) insert.run(r.guestName, r.email, r.rating, r.title, r.content, r.stayDate);
    // Same name as a demo guest but a real address: a real guest.
    insert.run('David Chen', 'david@chen.test', 5, 'Real one', 'Truly stayed.', '2026-04-01');

    migrate(db, migrations);
    const rows = db.prepare('SELECT guest_name, email, is_demo FROM reviews ORDER BY id').all() as { guest_name: string; email: string; is_demo: number }[];
    expect(rows.filter((r) => r.is_demo === 1).map((r) => r.email)).toEqual(DEMO_REVIEWS.map((r) => r.email));
    expect(rows.filter((r) => r.is_demo === 0).map((r) => r.email)).toEqual(['ann@realguest.test', 'david@chen.test']);
  });
});
