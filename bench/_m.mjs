import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, createCalendarSource, replaceImports, createFeedParser } from '@ridgeline/core/node';
const day = (i, plus = 0) => new Date(Date.UTC(2026, 11, 1) + ((i % 700) + plus) * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
const text = ['BEGIN:VCALENDAR','VERSION:2.0','PRODID:-//B//EN', ...Array.from({ length: 60000 }, (_, i) => `BEGIN:VEVENT\r\nUID:e${i}\r\nDTSTAMP:20261120T120000Z\r\nDTSTART;VALUE=DATE:${day(i)}\r\nDTEND;VALUE=DATE:${day(i, 1)}\r\nSUMMARY:Reserved\r\nEND:VEVENT`), 'END:VCALENDAR', ''].join('\r\n');
const p = createFeedParser();
let t = performance.now();
const { events } = await p.parse(text, 'America/New_York', '2026-11-21');
console.log('parse total', performance.now() - t);
// measure structured clone cost on main
t = performance.now(); structuredClone(events); console.log('clone', performance.now() - t);
const { db } = openDatabase(mkdtempSync(path.join(tmpdir(), 'rb-')));
const s = createCalendarSource(db, { name: 'x', icalUrl: 'http://x/', platform: 'airbnb' });
t = performance.now(); replaceImports(db, s.id, events, new Date(), new Date()); console.log('first import', performance.now() - t);
t = performance.now(); replaceImports(db, s.id, events, new Date(Date.now()+1000), new Date()); console.log('re-import', performance.now() - t);
await p.close();
