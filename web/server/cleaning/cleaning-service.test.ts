import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceStay } from '@ridgeline/core';
import {
  createBookingInquiry,
  createMailer,
  getHold,
  listBookingEvents,
  placeHold,
  saveCleaningSettings,
  type Mailer,
  type MailMessage,
} from '@ridgeline/core/node';
import { createTestDatabase, testBookingInput } from '@ridgeline/core/testing';
import { loadConfig } from '@ridgeline/core/node';
import { googleConnection } from '../google-calendar/google-connection.js';
import { googleCalendarFromConfig } from '../google-calendar/google-from-config.js';
import type { AppDeps } from '../deps.js';
import type { Logger } from '../logger.js';
import { startGoogleStandIn, type GoogleStandIn } from '../test-support/google-stand-in.js';
import { startSmtpStandIn, type ReceivedMail } from '../test-support/smtp-stand-in.js';
import { createCleaningService } from './cleaning-service.js';
import { createServerJobs } from '../job-catalogue.js';
import { createServices } from '../services.js';

// 10:00 in Blue Ridge on 2026-11-21.
const NOW = new Date('2026-11-21T15:00:00Z');
const CREW = 'crew@example.com';

let google: GoogleStandIn;
let database: ReturnType<typeof createTestDatabase>;
let logs: { level: string; message: string; fields: unknown }[];
let sent: MailMessage[];

const logger: Logger = {
  info: (message, fields) => logs.push({ level: 'info', message, fields }),
  warn: (message, fields) => logs.push({ level: 'warn', message, fields }),
  error: (message, fields) => logs.push({ level: 'error', message, fields }),
};
const recordingMailer = (): Mailer => ({ enabled: true, send: async (m) => (sent.push(m), { sent: true }) });

beforeEach(async () => {
  logs = [];
  sent = [];
  google = await startGoogleStandIn();
  database = createTestDatabase();
});
afterEach(async () => {
  database.cleanup();
  await google.close();
});

/** The service over the test database; Google configured and (by default) connected. */
function service(options: { google?: 'connected' | 'configured' | 'off'; mailer?: Mailer | null; now?: () => Date } = {}) {
  const mode = options.google ?? 'connected';
  const config = loadConfig({
    DATA_DIR: database.dataDir,
    PUBLIC_URL: 'http://ridgeline.test',
    ...(mode === 'off' ? {} : { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret, GOOGLE_OAUTH_BASE: google.url, GOOGLE_API_BASE: google.url }),
  });
  const client = googleCalendarFromConfig(config);
  const deps = {
    db: database.db,
    config,
    logger,
    now: options.now ?? (() => NOW),
    ...(client ? { google: client } : {}),
    ...(options.mailer === null ? {} : { mailer: options.mailer ?? recordingMailer() }),
  } satisfies Partial<AppDeps>;
  const connection = googleConnection(deps);
  let refreshToken: string | undefined;
  if (mode === 'connected') {
    refreshToken = google.issueRefreshToken();
    connection.save(refreshToken);
  }
  return { cleaning: createCleaningService(deps), connection, refreshToken, deps };
}

function settings(overrides: Partial<{ cleaningCrewEmail: string; autoCreateEvents: boolean; isActive: boolean; eventTime: string }> = {}) {
  saveCleaningSettings(database.db, { cleaningCrewEmail: CREW, autoCreateEvents: true, isActive: true, eventTime: '13:00', ...overrides });
}

function paidBooking(checkin = '2026-12-10', checkout = '2026-12-12', paymentStatus = 'paid'): number {
  return createBookingInquiry(database.db, testBookingInput({ checkin, checkout, guests: 4, paymentStatus })).id;
}

function importedStay(options: { uid?: string; start?: string; end?: string; reservation?: boolean; active?: boolean } = {}) {
  const db = database.db;
  const source = db
    .prepare("INSERT INTO calendar_sources (name, ical_url, platform, is_active, created_at) VALUES ('Airbnb', 'https://example.com/a.ics', 'airbnb', ?, ?)")
    .run(options.active === false ? 0 : 1, NOW.toISOString());
  const sourceId = Number(source.lastInsertRowid);
  db.prepare('INSERT INTO imported_events (source_id, uid, start_date, end_date, summary, is_reservation, first_seen, last_seen) VALUES (?, ?, ?, ?, ?, ?, ?, ?)').run(
    sourceId,
    options.uid ?? 'abc@airbnb.com',
    options.start ?? '2026-12-20',
    options.end ?? '2026-12-23',
    'Reserved',
    options.reservation === false ? 0 : 1,
    NOW.toISOString(),
    NOW.toISOString(),
  );
  return sourceId;
}

const recorded = () => database.db.prepare('SELECT * FROM cleaning_events ORDER BY stay_key').all() as { stay_key: string; checkout_date: string; channel: string; google_event_id: string | null; crew_email: string }[];
const api = (method: string) => google.apiRequests().filter((r) => r.method === method);

describe('cleaning events in Google Calendar', () => {
  it('creates one 1:00-5:00 PM America/New_York event on check-out day for a paid booking, with the crew invited', async () => {
    settings();
    const id = paidBooking();
    const { cleaning, refreshToken } = service();
    expect(await cleaning.reconcile()).toEqual({ created: 1, moved: 0, removed: 0 });

    const [insert] = api('POST');
    expect(insert?.path).toBe('/calendar/v3/calendars/primary/events');
    expect(insert?.query.sendUpdates).toBe('all');
    expect(insert?.authorization).toMatch(/^Bearer ya29\./);
    expect(insert?.body).toMatchObject({
      start: { dateTime: '2026-12-12T13:00:00', timeZone: 'America/New_York' },
      end: { dateTime: '2026-12-12T17:00:00', timeZone: 'America/New_York' },
      attendees: [{ email: CREW }],
      summary: expect.stringContaining('Cleaning'),
      extendedProperties: { private: { ridgelineStayKey: `booking:${id}` } },
    });
    // The SDK got its access token from the token endpoint with the stored (decrypted) token.
    expect(google.requests.find((r) => r.path === '/token')?.body).toMatchObject({ grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(recorded()).toEqual([expect.objectContaining({ stay_key: `booking:${id}`, checkout_date: '2026-12-12', channel: 'google', crew_email: CREW })]);
    expect(google.events.get(recorded()[0]!.google_event_id!)?.status).toBe('confirmed');

    // Once: a second run has nothing to do.
    expect(await cleaning.reconcile()).toEqual({ created: 0, moved: 0, removed: 0 });
    expect(api('POST')).toHaveLength(1);
    expect(sent).toHaveLength(0);
  });

  it('moves the event when the check-out changes and removes it when the booking is cancelled', async () => {
    settings();
    const id = paidBooking();
    const { cleaning } = service();
    await cleaning.reconcile();
    const eventId = recorded()[0]!.google_event_id!;
    const history = () => listBookingEvents(database.db, id).map((e) => `${e.kind}: ${e.detail}`);
    expect(history()).toEqual(['cleaning-scheduled: Cleaning on 2026-12-12, crew told in Google Calendar']);

    database.db.prepare("UPDATE booking_inquiries SET checkout = '2026-12-14' WHERE id = ?").run(id);
    expect(await cleaning.reconcile()).toEqual({ created: 0, moved: 1, removed: 0 });
    const [patch] = api('PATCH');
    expect(patch?.path).toBe(`/calendar/v3/calendars/primary/events/${eventId}`);
    expect(patch?.query.sendUpdates).toBe('all');
    expect(patch?.body).toMatchObject({
      start: { dateTime: '2026-12-14T13:00:00', timeZone: 'America/New_York' },
      end: { dateTime: '2026-12-14T17:00:00', timeZone: 'America/New_York' },
    });
    expect(google.events.get(eventId)?.start).toEqual({ dateTime: '2026-12-14T13:00:00', timeZone: 'America/New_York' });
    expect(recorded()[0]?.checkout_date).toBe('2026-12-14');

    database.db.prepare("UPDATE booking_inquiries SET cancelled_at = '2026-01-01T00:00:00.000Z' WHERE id = ?").run(id);
    expect(await cleaning.reconcile()).toEqual({ created: 0, moved: 0, removed: 1 });
    expect(api('DELETE').map((r) => [r.path, r.query.sendUpdates])).toEqual([[`/calendar/v3/calendars/primary/events/${eventId}`, 'all']]);
    expect(google.events.get(eventId)?.status).toBe('cancelled');
    expect(recorded()).toEqual([]);
    // [booking.timeline]: made and removed, not moved.
    expect(history()).toEqual(['cleaning-scheduled: Cleaning on 2026-12-12, crew told in Google Calendar', 'cleaning-cancelled: Cleaning cancelled, crew told in Google Calendar']);
  });

  it('invites the new crew address when the settings change', async () => {
    settings();
    paidBooking();
    const { cleaning } = service();
    await cleaning.reconcile();
    settings({ cleaningCrewEmail: 'new-crew@example.com' });
    expect(await cleaning.reconcile()).toMatchObject({ moved: 1 });
    expect(api('PATCH')[0]?.body).toMatchObject({ attendees: [{ email: 'new-crew@example.com' }] });
  });

  it('counts guest reservations of active calendar sources, not blocks or inactive sources', async () => {
    settings();
    const sourceId = importedStay({ uid: 'res-1@airbnb.com', start: '2026-12-20', end: '2026-12-23' });
    importedStay({ uid: 'blocked@airbnb.com', reservation: false });
    importedStay({ uid: 'off@airbnb.com', active: false });
    const { cleaning } = service();
    expect(await cleaning.reconcile()).toEqual({ created: 1, moved: 0, removed: 0 });
    expect(recorded().map((r) => r.stay_key)).toEqual([`import:${sourceId}:res-1@airbnb.com:2026-12-20`]);
    expect(api('POST')[0]?.body).toMatchObject({ start: { dateTime: '2026-12-23T13:00:00', timeZone: 'America/New_York' } });

    // The platform moved the check-out, then the reservation disappeared from the feed.
    database.db.prepare("UPDATE imported_events SET end_date = '2026-12-24' WHERE uid = 'res-1@airbnb.com'").run();
    expect(await cleaning.reconcile()).toMatchObject({ moved: 1 });
    database.db.prepare("DELETE FROM imported_events WHERE uid = 'res-1@airbnb.com'").run();
    expect(await cleaning.reconcile()).toMatchObject({ removed: 1 });
    expect(recorded()).toEqual([]);
  });

  it('ignores unpaid bookings and stays that checked out before today (property time)', async () => {
    settings();
    paidBooking('2026-12-10', '2026-12-12', 'pending');
    paidBooking('2026-11-18', '2026-11-20');
    const today = paidBooking('2026-11-19', '2026-11-21');
    const { cleaning } = service();
    expect(await cleaning.reconcile()).toEqual({ created: 1, moved: 0, removed: 0 });
    expect(recorded().map((r) => r.stay_key)).toEqual([`booking:${today}`]);
  });

  it('counts "today" in Blue Ridge, not UTC', async () => {
    settings();
    paidBooking('2026-11-19', '2026-11-21');
    // 02:00 UTC on the 22nd is still the 21st (9 PM) in Blue Ridge: check-out today.
    const { cleaning } = service({ now: () => new Date('2026-11-22T02:00:00Z') });
    expect(await cleaning.reconcile()).toMatchObject({ created: 1 });
  });

  it.each([
    ['inactive', { isActive: false }],
    ['auto-create off', { autoCreateEvents: false }],
  ])('does nothing while the settings are %s', async (_name, overrides) => {
    settings(overrides);
    paidBooking();
    const { cleaning } = service();
    expect(await cleaning.reconcile()).toEqual({ created: 0, moved: 0, removed: 0 });
    expect(google.apiRequests()).toHaveLength(0);
    expect(recorded()).toEqual([]);
    expect(sent).toHaveLength(0);
  });

  it('does nothing before a crew e-mail is set', async () => {
    paidBooking();
    const { cleaning } = service();
    expect(await cleaning.reconcile()).toEqual({ created: 0, moved: 0, removed: 0 });
    expect(google.apiRequests()).toHaveLength(0);
  });

  it('makes one event however many reconciles run at once', async () => {
    settings();
    paidBooking();
    const { cleaning } = service();
    await Promise.all([cleaning.reconcile(), cleaning.reconcile(), cleaning.reconcile()]);
    expect(api('POST')).toHaveLength(1);
    expect(recorded()).toHaveLength(1);
  });

  it('retries after Google fails, and never throws into the caller', async () => {
    settings();
    paidBooking();
    const { cleaning } = service();
    google.failNextApiCalls(1);
    await expect(cleaning.reconcile()).resolves.toEqual({ created: 0, moved: 0, removed: 0 });
    expect(logs.some((l) => l.level === 'error' && l.message === 'cleaning event not created')).toBe(true);
    expect(recorded()).toEqual([]);
    expect(await cleaning.reconcile()).toMatchObject({ created: 1 });
  });

  it('adopts the event an earlier insert made when its record was lost (409 duplicate)', async () => {
    settings();
    paidBooking();
    const { cleaning } = service();
    await cleaning.reconcile();
    database.db.prepare('DELETE FROM cleaning_events').run();
    expect(await cleaning.reconcile()).toMatchObject({ created: 1 });
    expect(google.events.size).toBe(1);
    expect(api('PATCH')).toHaveLength(1);
  });

  it('e-mails the crew instead when Google refuses the stored token, and shows the connection lost', async () => {
    settings();
    paidBooking();
    const { cleaning, connection, refreshToken } = service();
    google.revoke(refreshToken!);
    expect(await cleaning.reconcile()).toMatchObject({ created: 1 });
    expect(recorded()[0]?.channel).toBe('email');
    expect(sent).toHaveLength(1);
    expect(connection.status()).toMatchObject({ configured: true, connected: false, lastError: expect.stringMatching(/invalid_grant/) });
  });

  it('moves every event once when the owner changes the time of day', async () => {
    settings();
    paidBooking();
    const { cleaning } = service();
    await cleaning.reconcile();
    expect(await cleaning.reconcile()).toMatchObject({ moved: 0 });
    settings({ eventTime: '12:00' });
    expect(await cleaning.reconcile()).toMatchObject({ moved: 1 });
    expect(api('PATCH')[0]?.body).toMatchObject({ start: { dateTime: '2026-12-12T12:00:00' }, end: { dateTime: '2026-12-12T16:00:00' } });
    expect(await cleaning.reconcile()).toMatchObject({ moved: 0 });
  });
});

describe('cleaning e-mails when Google is not connected', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>> | undefined;
  let received: ReceivedMail[];

  /** A real SMTP server for the crew's e-mails; its URL. */
  async function startSmtp(): Promise<string> {
    smtp = await startSmtpStandIn();
    received = smtp.received;
    return smtp.url;
  }
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });

  it('sends the crew one e-mail per stay through SMTP, with the date, the window and an .ics', async () => {
    settings();
    paidBooking();
    const mailer = createMailer({ smtpUrl: await startSmtp(), from: 'Ridgeline <stay@example.com>' }, () => {});
    const { cleaning } = service({ google: 'configured', mailer });
    expect(await cleaning.reconcile()).toEqual({ created: 1, moved: 0, removed: 0 });
    expect(received).toHaveLength(1);
    const mail = parseMail(received[0]!.data);
    expect(received[0]!.to).toEqual([CREW]);
    expect(mail.subject).toBe('Cleaning at Ridgeline: Saturday, December 12, 2026, 1:00–5:00 PM');
    expect(mail.text).toContain('between 1:00–5:00 PM (Eastern Time)');
    const ics = mail.attachments.find((a) => a.filename === 'cleaning.ics');
    expect(ics?.contentType).toMatch(/^text\/calendar/);
    expect(ics?.content).toContain('DTSTART;TZID=America/New_York:20261212T130000');
    expect(ics?.content).toContain('DTEND;TZID=America/New_York:20261212T170000');
    expect(ics?.content).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York');
    expect(ics?.content).toContain('METHOD:PUBLISH');
    expect(ics?.content).toMatch(/DTSTAMP:\d{8}T\d{6}Z/);
    expect(recorded()).toEqual([expect.objectContaining({ channel: 'email', google_event_id: null, crew_email: CREW })]);
    expect(google.apiRequests()).toHaveLength(0);

    // Once per stay.
    expect(await cleaning.reconcile()).toEqual({ created: 0, moved: 0, removed: 0 });
    expect(received).toHaveLength(1);
  });

  it('e-mails when the check-out moves and when the stay is cancelled', async () => {
    settings();
    const id = paidBooking();
    const { cleaning } = service({ google: 'off' });
    await cleaning.reconcile();
    const uid = /UID:(\S+)/.exec(sent[0]!.attachments![0]!.content)?.[1];

    database.db.prepare("UPDATE booking_inquiries SET checkout = '2026-12-13' WHERE id = ?").run(id);
    expect(await cleaning.reconcile()).toMatchObject({ moved: 1 });
    expect(sent[1]?.subject).toBe('Cleaning moved: now Sunday, December 13, 2026, 1:00–5:00 PM');
    expect(sent[1]?.text).toContain('from Saturday, December 12, 2026');
    expect(sent[1]?.attachments?.[0]?.content).toContain(`UID:${uid}`);
    expect(sent[1]?.attachments?.[0]?.content).toContain('DTSTART;TZID=America/New_York:20261213T130000');

    database.db.prepare("UPDATE booking_inquiries SET cancelled_at = '2026-11-21T15:00:00.000Z' WHERE id = ?").run(id);
    expect(await cleaning.reconcile()).toMatchObject({ removed: 1 });
    expect(sent[2]?.to).toBe(CREW);
    expect(sent[2]?.subject).toBe('Cleaning cancelled: Sunday, December 13, 2026');
    const cancel = sent[2]?.attachments?.[0]?.content ?? '';
    expect(cancel).toContain('METHOD:CANCEL');
    expect(cancel).toContain('STATUS:CANCELLED');
    expect(cancel).toContain(`UID:${uid}`);
    expect(Number(/SEQUENCE:(\d+)/.exec(cancel)?.[1])).toBeGreaterThan(0);
    expect(recorded()).toEqual([]);
  });

  it('records nothing and says why when neither Google nor SMTP can reach the crew', async () => {
    settings();
    paidBooking();
    const mailer = createMailer({}, () => {});
    const { cleaning } = service({ google: 'off', mailer });
    expect(await cleaning.reconcile()).toEqual({ created: 0, moved: 0, removed: 0 });
    expect(recorded()).toEqual([]);
    expect(logs.some((l) => l.level === 'warn' && /SMTP_URL is not set/.test(l.message))).toBe(true);
  });
});

describe('triggers', () => {
  it('reconciles after a booking is confirmed paid', async () => {
    const { deps } = service();
    let calls = 0;
    const checkin = '2026-12-10';
    const checkout = '2026-12-12';
    const quote = priceStay(checkin, checkout)!;
    const guest = { firstName: 'Ann', lastName: 'Lee', email: '', phone: '', location: '', ipAddress: '', message: '', specialRequests: '' };
    const held = placeHold(database.db, { checkin, checkout, guests: 2, guest, quote }, NOW);
    if (!held.ok) throw new Error('no hold');
    const intent = { id: 'pi_1', status: 'succeeded', amount: quote.totalCents, currency: 'usd', clientSecret: null, metadata: {}, card: null };
    const appDeps: AppDeps = { ...deps, cleaning: { reconcile: async () => ((calls += 1), {}) } };
    const services = createServices(appDeps);
    appDeps.jobs = createServerJobs(appDeps, services);
    await services.checkout.confirmIntent(getHold(database.db, held.hold.id)!, { ...intent, status: 'processing' }, guest);
    expect(calls).toBe(0);
    await services.checkout.confirmIntent(getHold(database.db, held.hold.id)!, intent, guest);
    expect(calls).toBe(1);
  });
});

/** Just enough MIME to read nodemailer's message: subject, text part, attachments. */
function parseMail(raw: string) {
  const unfold = (s: string) => s.replace(/\r\n[ \t]+/g, ' ');
  const decodeWords = (s: string) =>
    s.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const headers = unfold(head);
  const subject = decodeWords(/^Subject: (.*)$/im.exec(headers)?.[1] ?? '').trim();
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  const body = rest.join('\r\n\r\n');
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [body];
  const decoded = parts.map((part) => {
    const [h = '', ...b] = part.replace(/^\r\n/, '').split('\r\n\r\n');
    const ph = unfold(h);
    const content = b.join('\r\n\r\n');
    const enc = /Content-Transfer-Encoding: (\S+)/i.exec(ph)?.[1]?.toLowerCase();
    const text =
      enc === 'base64'
        ? Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8')
        : enc === 'quoted-printable'
          ? Buffer.from(content.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_x, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
          : content;
    return { contentType: /Content-Type: ([^;\r\n]+(?:;[^\r\n]*)?)/i.exec(ph)?.[1] ?? '', filename: /filename="?([^";\r\n]+)"?/i.exec(ph)?.[1], content: text };
  });
  return {
    subject,
    text: decoded.find((p) => p.contentType.startsWith('text/plain') && !p.filename)?.content ?? '',
    attachments: decoded.filter((p) => p.filename).map((p) => ({ filename: p.filename!, contentType: p.contentType, content: p.content })),
  };
}
