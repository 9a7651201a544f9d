import { describe, expect, it } from 'vitest';
import { isReservationSummary, parseFeed, parseFeedDetailed, retryAfterMs } from './ical-import.js';

const TZ = 'America/New_York';
const TODAY = '2026-11-21';
const cal = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//test//EN', ...lines, 'END:VCALENDAR'].join('\r\n');
const ev = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20261120T000000Z', ...lines, 'END:VEVENT'].join('\r\n');

describe(`parseFeed (TZ=${process.env.TZ ?? 'unset'})`, () => {
  it('reads all-day events with an exclusive DTEND: the check-out day stays open', () => {
    const events = parseFeed(cal(ev('UID:a', 'DTSTART;VALUE=DATE:20261210', 'DTEND;VALUE=DATE:20261213', 'SUMMARY:Reserved')), TZ, TODAY);
    expect(events).toEqual([{ uid: 'a', startDate: '2026-12-10', endDate: '2026-12-13', summary: 'Reserved', isReservation: true }]);
  });

  it("converts timed events to the property's dates", () => {
    // 2026-12-20 21:00Z is 4 PM in New York; 2026-12-22 16:00Z is 11 AM.
    const events = parseFeed(cal(ev('UID:b', 'DTSTART:20261220T210000Z', 'DTEND:20261222T160000Z', 'SUMMARY:Reserved - Jo')), TZ, TODAY);
    expect(events[0]).toMatchObject({ startDate: '2026-12-20', endDate: '2026-12-22' });
    // 02:00Z on Dec 5 is still Dec 4 in New York.
    const late = parseFeed(cal(ev('UID:c', 'DTSTART:20261205T020000Z', 'DTEND:20261205T030000Z', 'SUMMARY:x')), TZ, TODAY);
    expect(late[0]).toMatchObject({ startDate: '2026-12-04', endDate: '2026-12-05' });
    const zoned = parseFeed(cal(ev('UID:d', 'DTSTART;TZID=America/New_York:20261224T160000', 'DTEND;TZID=America/New_York:20261226T110000', 'SUMMARY:x')), TZ, TODAY);
    expect(zoned[0]).toMatchObject({ startDate: '2026-12-24', endDate: '2026-12-26' });
  });

  it('skips cancelled events and merges exact duplicate UIDs', () => {
    const events = parseFeed(
      cal(
        ev('UID:x', 'DTSTART;VALUE=DATE:20261201', 'DTEND;VALUE=DATE:20261203', 'SUMMARY:Reserved', 'STATUS:CANCELLED'),
        ev('UID:y', 'DTSTART;VALUE=DATE:20261205', 'DTEND;VALUE=DATE:20261207', 'SUMMARY:Reserved'),
        ev('UID:y', 'DTSTART;VALUE=DATE:20261205', 'DTEND;VALUE=DATE:20261207', 'SUMMARY:Reserved'),
      ),
      TZ,
      TODAY,
    );
    expect(events.map((e) => e.uid)).toEqual(['y']);
  });

  it('gives a one-day event without DTEND one night, and expands recurring blocks (capped)', () => {
    const single = parseFeed(cal(ev('UID:s', 'DTSTART;VALUE=DATE:20261215', 'SUMMARY:Blocked')), TZ, TODAY);
    expect(single[0]).toMatchObject({ startDate: '2026-12-15', endDate: '2026-12-16', isReservation: false });
    const weekly = parseFeed(cal(ev('UID:w', 'DTSTART;VALUE=DATE:20261201', 'DTEND;VALUE=DATE:20261202', 'RRULE:FREQ=WEEKLY;COUNT=4', 'SUMMARY:Owner stay')), TZ, TODAY);
    expect(weekly.map((e) => e.startDate)).toEqual(['2026-12-01', '2026-12-08', '2026-12-15', '2026-12-22']);
  });

  it('expands an hourly RRULE begun years ago only inside the horizon, without failing the feed ([ical.parse])', () => {
    const { events, warnings } = parseFeedDetailed(
      cal(
        ev('UID:hourly', 'DTSTART:20200101T000000Z', 'DTEND:20200101T003000Z', 'RRULE:FREQ=HOURLY', 'SUMMARY:Blocked'),
        ev('UID:stay', 'DTSTART;VALUE=DATE:20261210', 'DTEND;VALUE=DATE:20261213', 'SUMMARY:Reserved'),
      ),
      TZ,
      TODAY,
    );
    expect(warnings).toEqual([]);
    expect(events.filter((e) => e.uid === 'stay')).toEqual([{ uid: 'stay', startDate: '2026-12-10', endDate: '2026-12-13', summary: 'Reserved', isReservation: true }]);
    const hourly = events.filter((e) => e.uid === 'hourly').map((e) => e.startDate);
    // Every date of the horizon (60 days back, 800 ahead) is closed, and nothing outside it.
    expect(hourly[0]).toBe('2026-09-21');
    expect(hourly.at(-1)).toBe('2029-01-29');
    expect(new Set(hourly).size).toBe(hourly.length);
    expect(hourly).toHaveLength(862);
  });

  it('reads a rule too frequent to expand in full up to a cap, with a warning, keeping the other events', () => {
    const { events, warnings } = parseFeedDetailed(
      cal(
        ev('UID:secondly', 'DTSTART:20261101T000000Z', 'DTEND:20261101T000001Z', 'RRULE:FREQ=SECONDLY', 'SUMMARY:Blocked'),
        ev('UID:stay', 'DTSTART;VALUE=DATE:20261210', 'DTEND;VALUE=DATE:20261213', 'SUMMARY:Reserved'),
      ),
      TZ,
      TODAY,
    );
    expect(warnings).toEqual([expect.stringMatching(/^The recurring event "Blocked" \(secondly\) was read only in part, up to 2026-11-0\d/)]);
    expect(events.map((e) => e.uid)).toContain('stay');
    expect(events.filter((e) => e.uid === 'secondly')[0]).toMatchObject({ startDate: '2026-10-31' });
  });

  it('refuses a truncated feed or one whose events cannot be read, rather than reading it as empty', () => {
    const full = cal(ev('UID:a', 'DTSTART;VALUE=DATE:20261210', 'DTEND;VALUE=DATE:20261213', 'SUMMARY:Reserved'));
    expect(() => parseFeed(full.slice(0, full.length - 20), TZ, TODAY)).toThrow(/incomplete/);
    expect(() => parseFeed(cal(ev('UID:a', 'DTSTART:nonsense', 'SUMMARY:Reserved')), TZ, TODAY)).toThrow(/could be read/);
    expect(parseFeed(cal(), TZ, TODAY)).toEqual([]);
  });

  it('tells reservations from blocks by the platforms wording', () => {
    expect(isReservationSummary('Reserved')).toBe(true);
    expect(isReservationSummary('Reserved - Maria')).toBe(true);
    expect(isReservationSummary('Airbnb (Not available)')).toBe(false);
    expect(isReservationSummary('Blocked')).toBe(false);
    expect(isReservationSummary('CLOSED - Not available')).toBe(true);
  });

  it('reads Retry-After as seconds or an HTTP date', () => {
    expect(retryAfterMs('7')).toBe(7000);
    expect(retryAfterMs(new Date(Date.now() + 5000).toUTCString())).toBeGreaterThan(3000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
