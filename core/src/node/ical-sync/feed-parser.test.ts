import { afterEach, describe, expect, it } from 'vitest';
import { createCalendarSource, getCalendarSource, listImportedEvents } from './calendar-sources-store.js';
import { createFeedParser, type FeedParser } from './feed-parser.js';
import { FeedError, parseFeedDetailed } from './ical-import.js';
import { createTestDatabase } from '../test-db.js';

const TZ = 'America/New_York';
const TODAY = '2026-11-21';
const cal = (...events: string[][]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...events.flatMap((lines) => ['BEGIN:VEVENT', 'DTSTAMP:20261120T000000Z', ...lines, 'END:VEVENT']), 'END:VCALENDAR'].join('\r\n');
const feed = cal(
  ['UID:a', 'DTSTART;VALUE=DATE:20261210', 'DTEND;VALUE=DATE:20261213', 'SUMMARY:Reserved'],
  ['UID:b', 'DTSTART:20261205T020000Z', 'DTEND:20261205T030000Z', 'SUMMARY:Blocked'],
  ['UID:w', 'DTSTART;VALUE=DATE:20261201', 'DTEND;VALUE=DATE:20261202', 'RRULE:FREQ=WEEKLY;COUNT=3', 'SUMMARY:Owner stay'],
);

let parser: FeedParser | undefined;
afterEach(async () => {
  await parser?.close();
  parser = undefined;
});

describe(`parsing feeds in a worker thread ([ical.parse], TZ=${process.env.TZ ?? 'unset'})`, () => {
  it('gives exactly what parsing on the main thread gives, all-day dates included', async () => {
    parser = createFeedParser();
    const offThread = await parser.parse(feed, TZ, TODAY);
    expect(offThread).toEqual(parseFeedDetailed(feed, TZ, TODAY));
    expect(offThread.events.map((e) => [e.uid, e.startDate, e.endDate])).toEqual([
      ['w', '2026-12-01', '2026-12-02'],
      ['b', '2026-12-04', '2026-12-05'],
      ['w', '2026-12-08', '2026-12-09'],
      ['a', '2026-12-10', '2026-12-13'],
      ['w', '2026-12-15', '2026-12-16'],
    ]);
  });

  it("passes the parser's FeedError back with its reason, and keeps working", async () => {
    parser = createFeedParser();
    await expect(parser.parse(feed.slice(0, -20), TZ, TODAY)).rejects.toMatchObject({ name: 'FeedError', reason: 'parse', message: expect.stringMatching(/incomplete/) });
    await expect(parser.parse(feed, TZ, TODAY)).resolves.toMatchObject({ events: expect.any(Array) });
  });

  it('stops a parse that runs past its time with a timeout FeedError, and starts afresh for the next', async () => {
    parser = createFeedParser({ timeoutMs: 1 });
    const err = await parser.parse(feed, TZ, TODAY).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FeedError);
    expect(err).toMatchObject({ reason: 'timeout' });
    await parser.close();
    parser = createFeedParser();
    await expect(parser.parse(feed, TZ, TODAY)).resolves.toMatchObject({ warnings: [] });
  });

  it("stores a feed's imports through its own connection, and reports a database error as such", async () => {
    const { db, cleanup } = createTestDatabase();
    try {
      parser = createFeedParser();
      const source = createCalendarSource(db, { name: 'Airbnb', icalUrl: 'https://example.com/a.ics', platform: 'airbnb' });
      const target = { dbPath: db.name, sourceId: source.id, now: '2026-11-21T15:00:00.000Z', nextSyncAt: '2026-11-21T16:00:00.000Z' };
      await expect(parser.parseAndStore(feed, TZ, TODAY, target)).resolves.toEqual({ eventsProcessed: 5, bookingsCreated: 4, warnings: [] });
      // The server's own connection sees the worker's committed transaction.
      expect(listImportedEvents(db, source.id).map((e) => e.startDate)).toEqual(['2026-12-01', '2026-12-04', '2026-12-08', '2026-12-10', '2026-12-15']);
      expect(getCalendarSource(db, source.id)).toMatchObject({ lastSyncStatus: 'success', lastSuccessTime: target.now });
      const err = await parser.parseAndStore(feed, TZ, TODAY, { ...target, sourceId: 9999 }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(Error);
      expect(err).not.toBeInstanceOf(FeedError);
    } finally {
      cleanup();
    }
  });
});
