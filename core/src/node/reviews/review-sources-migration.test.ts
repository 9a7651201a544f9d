import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, readMigrations } from '../platform/migrations.js';
import { listReviews } from './reviews-store.js';

/** Migration 0029_review_sources ([reviews.source], [reviews.hidden-reason]) on a database of 0028. */
describe('0029_review_sources', () => {
  it('makes demo reviews demo, guest-written ones direct and the owner\'s guestbook, each with its stay month and no hidden reason', () => {
    const db = new Database(':memory:');
    const migrations = readMigrations();
    const index = migrations.findIndex((m) => m.name === 'review_sources');
    expect(migrations[index]?.version).toBe(29);
    migrate(db, migrations.slice(0, index));
    db.prepare(
      `INSERT INTO booking_inquiries (id, first_name, last_name, email, phone, location, ip_address, checkin, checkout, guests, message, special_requests, created_at)
       VALUES (7, 'Ann', 'Lee', 'ann@example.com', '', '', '', '2026-03-10', '2026-03-12', 2, '', '', '2026-02-01T00:00:00.000Z')`,
    ).run();
    const insert = db.prepare(
      `INSERT INTO reviews (guest_name, email, rating, title, content, stay_date, is_approved, is_published, is_demo, booking_id, created_at)
       VALUES (?, ?, ?, 'T', 'C', ?, 1, ?, ?, ?, '2026-04-01T00:00:00.000Z')`,
    );
    insert.run('Demo Guest', 'demo@example.com', 5, '2025-10-04', 1, 1, null);
    insert.run('Ann Lee', 'ann@example.com', 2, '2026-03-10', 1, 0, 7);
    insert.run('Owner Typed', 'typed@example.com', 4, '2026-01-31', 0, 0, null);

    migrate(db, migrations);
    const reviews = listReviews(db);
    expect(reviews.map((r) => [r.guestName, r.source, r.stayMonth, r.hiddenReason])).toEqual([
      ['Ann Lee', 'direct', '2026-03', null],
      ['Owner Typed', 'guestbook', '2026-01', null],
      ['Demo Guest', 'demo', '2025-10', null],
    ]);
    // The columns refuse what the API never writes.
    expect(() => db.prepare("UPDATE reviews SET source = 'tripadvisor'").run()).toThrow(/CHECK/);
    expect(() => db.prepare("UPDATE reviews SET hidden_reason = 'too_low'").run()).toThrow(/CHECK/);
  });
});
