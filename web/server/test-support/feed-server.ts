import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server standing in for other platforms' calendar feeds. `routes` maps a path to
 * a handler; each request is recorded (path and User-Agent).
 */
export async function startFeedServer(routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void>) {
  const requests: { path: string; userAgent: string | undefined }[] = [];
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    requests.push({ path, userAgent: req.headers['user-agent'] });
    const handler = routes[path];
    if (!handler) {
      res.writeHead(404).end('not found');
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: (path: string) => `${base}${path}`,
    requests,
    routes,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const ics = (res: ServerResponse, body: string) => res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' }).end(body);
export const serve = (body: () => string) => (_req: IncomingMessage, res: ServerResponse) => ics(res, body());

/** Folds a content line at 75 octets (RFC 5545 §3.1), as Airbnb does for DESCRIPTION. */
const fold = (line: string) => line.replace(/(.{75})(?=.)/g, '$1\r\n ');

/** An Airbnb host calendar export: "Reserved" stays and "Airbnb (Not available)" blocks. */
export function airbnbFeed(events: { start: string; end: string; uid: string; blocked?: boolean }[]): string {
  const d = (s: string) => s.replaceAll('-', '');
  return [
    'BEGIN:VCALENDAR',
    'PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
    ...events.flatMap((e) => [
      'BEGIN:VEVENT',
      'DTSTAMP:20261120T120000Z',
      `DTSTART;VALUE=DATE:${d(e.start)}`,
      `DTEND;VALUE=DATE:${d(e.end)}`,
      `SUMMARY:${e.blocked ? 'Airbnb (Not available)' : 'Reserved'}`,
      `UID:${e.uid}`,
      ...(e.blocked
        ? []
        : [fold(`DESCRIPTION:Reservation URL: https://www.airbnb.com/hosting/reservations/details/HM${e.uid.slice(0, 8).toUpperCase()}\\nPhone Number (Last 4 Digits): 4242`)]),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** A VRBO export: "Reserved - Name" and "Blocked"; timed DTSTART/DTEND in UTC. */
export function vrboFeed(events: { start: string; end: string; uid: string; name?: string; blocked?: boolean; cancelled?: boolean }[]): string {
  const d = (s: string) => s.replaceAll('-', '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//HomeAway.com, Inc.//EN',
    ...events.flatMap((e) => [
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      'DTSTAMP:20261120T120000Z',
      `DTSTART;VALUE=DATE:${d(e.start)}`,
      `DTEND;VALUE=DATE:${d(e.end)}`,
      `SUMMARY:${e.blocked ? 'Blocked' : `Reserved - ${e.name ?? 'Guest'}`}`,
      ...(e.cancelled ? ['STATUS:CANCELLED'] : []),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** A Booking.com export: "CLOSED - Not available", escaped commas in PRODID. */
export function bookingComFeed(events: { start: string; end: string; uid: string }[]): string {
  const d = (s: string) => s.replaceAll('-', '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Booking.com//Booking.com Calendar\\, Inc.\\, Amsterdam//EN',
    'METHOD:PUBLISH',
    ...events.flatMap((e) => ['BEGIN:VEVENT', `UID:${e.uid}`, 'DTSTAMP:20261120T120000Z', `DTSTART;VALUE=DATE:${d(e.start)}`, `DTEND;VALUE=DATE:${d(e.end)}`, 'SUMMARY:CLOSED - Not available', 'END:VEVENT']),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
