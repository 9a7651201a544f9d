/**
 * Domain workloads timed in-process against a real SQLite file: a 5,000-event iCal sync, the
 * upload of a 24-megapixel photo, and the reports over 1,000 bookings.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { PROPERTY, bookingsCsv, monthlySummaryCsv, priceStay, summarize, taxReportCsv, todayIn } from '@ridgeline/core';
import {
  createBookingInquiry,
  createCalendarSource,
  listBookingInquiries,
  openDatabase,
  parseFeed,
  replaceImports,
  storeUploadedImage,
} from '@ridgeline/core/node';

const time = async (fn) => {
  const t0 = performance.now();
  const out = await fn();
  return { ms: Math.round(performance.now() - t0), out };
};

function feedOf(n) {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Airbnb Inc//Hosting Calendar 1.0//EN'];
  const base = Date.now();
  for (let i = 0; i < n; i += 1) {
    const s = new Date(base + i * 8_640_000);
    const d = (x) => x.toISOString().slice(0, 10).replaceAll('-', '');
    lines.push('BEGIN:VEVENT', `DTSTART;VALUE=DATE:${d(s)}`, `DTEND;VALUE=DATE:${d(new Date(s.getTime() + 86_400_000))}`, 'SUMMARY:Reserved', `UID:bench-${i}@airbnb.com`, 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.join('\r\n');
}

export async function runDomain() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ridgeline-bench-domain-'));
  const { db } = openDatabase(dir);
  const rows = [];
  try {
    const text = feedOf(5000);
    const source = createCalendarSource(db, { name: 'Bench', icalUrl: 'http://127.0.0.1/bench.ics', platform: 'airbnb' });
    const parsed = await time(() => parseFeed(text, PROPERTY.timeZone, todayIn(PROPERTY.timeZone)));
    const stored = await time(() => replaceImports(db, source.id, parsed.out, new Date(), new Date()));
    const again = await time(() => replaceImports(db, source.id, parseFeed(text, PROPERTY.timeZone, todayIn(PROPERTY.timeZone)), new Date(Date.now() + 1000), new Date()));
    rows.push({ workload: 'iCal sync, 5,000 events: parse', ms: parsed.ms, detail: `${parsed.out.length} events` });
    rows.push({ workload: 'iCal sync, 5,000 events: first import', ms: stored.ms, detail: `${stored.out.bookingsCreated} new` });
    rows.push({ workload: 'iCal sync, 5,000 events: re-sync (parse + store)', ms: again.ms, detail: '' });

    const photo = await sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#3d5a80' } })
      .composite([{ input: Buffer.from(`<svg width="6000" height="4000"><rect x="500" y="500" width="5000" height="3000" fill="#98c1d9"/><circle cx="3000" cy="2000" r="1200" fill="#f2a541"/></svg>`) }])
      .jpeg({ quality: 92 })
      .toBuffer();
    const upload = await time(() => storeUploadedImage(photo, path.join(dir, 'uploads'), 'hero'));
    rows.push({
      workload: 'Upload of a 24 MP photo (check, re-encode WebP + JPEG, and 480/960/1600 px × AVIF/WebP/JPEG)',
      ms: upload.ms,
      detail: `${Math.round(photo.length / 1024)} KB → ${Math.round(upload.out.compressedSize / 1024)} KB AVIF at 1600 px`,
    });

    for (let i = 0; i < 1000; i += 1) {
      const checkin = new Date(Date.UTC(2026, 0, 1) + i * 86_400_000 * 0.7).toISOString().slice(0, 10);
      const checkout = new Date(Date.parse(checkin) + 3 * 86_400_000).toISOString().slice(0, 10);
      createBookingInquiry(db, { firstName: `Guest${i}`, lastName: 'Bench', email: `g${i}@example.com`, phone: '', location: '', ipAddress: '', checkin, checkout, guests: 4, message: 'Hello, "world"', specialRequests: '', paymentStatus: 'paid', quote: priceStay(checkin, checkout) });
    }
    const list = await time(() => listBookingInquiries(db));
    const reports = await time(() => {
      const today = todayIn(PROPERTY.timeZone);
      summarize(list.out, today);
      bookingsCsv(list.out);
      taxReportCsv(list.out, 2026);
      return monthlySummaryCsv(list.out, 2026);
    });
    rows.push({ workload: '1,000 bookings: load from SQLite', ms: list.ms, detail: '' });
    rows.push({ workload: '1,000 bookings: summary + three CSV exports', ms: reports.ms, detail: '' });
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
