/**
 * The production server's responsiveness while it reads big calendar feeds ([ical.parse]: keep
 * answering within 100 ms while a feed is read). A local stand-in serves a 60,000-event feed and
 * an hourly RRULE begun years ago; while the server syncs each, `/api/health` is asked again and
 * again, one request at a time, and its slowest answer is reported.
 */
import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { startProductionServer } from './server.mjs';

function bigFeed(n) {
  const day = (i, plus = 0) => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1) + ((i % 700) + plus) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
  const events = Array.from({ length: n }, (_, i) => `BEGIN:VEVENT\r\nUID:e${i}@bench\r\nDTSTAMP:20261120T120000Z\r\nDTSTART;VALUE=DATE:${day(i)}\r\nDTEND;VALUE=DATE:${day(i, 1)}\r\nSUMMARY:Reserved\r\nEND:VEVENT`);
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Bench//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
}
const hourlyFeed = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Bench//EN', 'BEGIN:VEVENT', 'UID:hourly@bench', 'DTSTAMP:20261120T120000Z', 'DTSTART:20200101T000000Z', 'DTEND:20200101T001500Z', 'RRULE:FREQ=HOURLY', 'SUMMARY:Blocked', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');

async function startFeeds() {
  const bodies = { '/big.ics': bigFeed(60_000), '/hourly.ics': hourlyFeed };
  const server = createServer((req, res) => {
    const body = bodies[req.url ?? ''];
    if (body) res.writeHead(200, { 'Content-Type': 'text/calendar' }).end(body);
    else res.writeHead(404).end();
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: (p) => `http://127.0.0.1:${server.address().port}${p}`, close: () => new Promise((r) => server.close(r)) };
}

async function signIn(url) {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: url }, body: JSON.stringify({ password: 'bench-admin-password' }) });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function syncWhileProbing(server, cookie, icalUrl, name) {
  const headers = { Cookie: cookie, Origin: server.url, 'Content-Type': 'application/json' };
  const created = await (await fetch(`${server.url}/api/calendar-sources`, { method: 'POST', headers, body: JSON.stringify({ name, icalUrl, platform: 'airbnb' }) })).json();
  // Let the background sync that adding starts end before timing our own.
  for (let i = 0; i < 600; i += 1) {
    const list = await (await fetch(`${server.url}/api/calendar-sources`, { headers })).json();
    if (list.sources.find((s) => s.id === created.source.id)?.lastSyncStatus) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  let done = false;
  const t0 = performance.now();
  const sync = fetch(`${server.url}/api/calendar-sources/${created.source.id}/sync`, { method: 'POST', headers })
    .then((r) => r.json())
    .finally(() => (done = true));
  const latencies = [];
  while (!done) {
    const t = performance.now();
    await fetch(`${server.url}/api/health`).then((r) => r.arrayBuffer());
    latencies.push(performance.now() - t);
  }
  const result = await sync;
  latencies.sort((a, b) => a - b);
  return {
    feed: name,
    sync: `${result.success ? 'ok' : 'FAILED'}, ${result.eventsProcessed} events, ${Math.round(performance.now() - t0)} ms`,
    'health checks during sync': latencies.length,
    'health p50': `${Math.round(latencies[Math.floor(latencies.length / 2)] ?? 0)} ms`,
    'health max': `${Math.round(latencies.at(-1) ?? 0)} ms`,
  };
}

export async function runFeeds() {
  const feeds = await startFeeds();
  const server = await startProductionServer();
  try {
    const cookie = await signIn(server.url);
    return [await syncWhileProbing(server, cookie, feeds.url('/big.ics'), '60,000 events'), await syncWhileProbing(server, cookie, feeds.url('/hourly.ics'), 'hourly RRULE since 2020')];
  } finally {
    await server.stop();
    await feeds.close();
  }
}
