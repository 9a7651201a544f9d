#!/usr/bin/env node
/**
 * `npm run bench [-- --only lighthouse,budget,http,api,domain,uploads,feeds,money,bookings]`: prints Ridgeline's performance figures
 * against the production build. Figures, not pass/fail tests: the targets and any gap
 * are in README "Performance".
 */
import { runApi } from './api.mjs';
import { runBookingsTable } from './bookings-table.mjs';
import { runBudget } from './budget.mjs';
import { runDomain } from './domain.mjs';
import { runFeeds } from './feeds.mjs';
import { runHttp } from './http.mjs';
import { runLighthouse } from './lighthouse.mjs';
import { runMoney } from './money.mjs';
import { startProductionServer } from './server.mjs';
import { runUploads } from './uploads.mjs';

const only = (process.argv.find((a) => a.startsWith('--only='))?.slice(7) ?? process.argv[process.argv.indexOf('--only') + 1] ?? '')
  .split(',')
  .filter((x) => ['lighthouse', 'budget', 'http', 'api', 'domain', 'uploads', 'feeds', 'money', 'bookings'].includes(x));
const want = (k) => only.length === 0 || only.includes(k);

const server = await startProductionServer();
try {
  if (want('lighthouse')) {
    const checkout = `${server.url}/checkout?bookingData=${encodeURIComponent(JSON.stringify({ checkin: '2027-03-01', checkout: '2027-03-04', guests: 4 }))}&amount=1571.01`;
    console.log('\nLighthouse (mobile preset)');
    console.table(await runLighthouse([`${server.url}/`, checkout]));
  }
  if (want('budget')) {
    const budget = await runBudget(server.url);
    console.log(`\nJavaScript budget: first load of / (module script + modulepreloads, gzip -9) ${budget.totalKB} KB (target ≤ ${budget.targetKB} KB)`);
    console.table(budget.rows);
  }
  if (want('http')) {
    console.log('\nHTTP on loopback (autocannon, 20 connections, 5 s; p99 also at a fixed 500 requests/s)');
    const { rows, nginx } = await runHttp(server.url);
    console.table(rows);
    if (nginx) console.log(`GET / : Ridgeline ${nginx.oursRps} req/s vs nginx ${nginx.nginxRps} req/s on the same files → ratio ${nginx.ratio} (target ≥ 0.5)`);
    else console.log('GET / vs nginx: nginx is not installed (apt-get install nginx-light) — comparison skipped');
  }
  if (want('api')) {
    console.log('\nBooking calendar API at 500 requests/s, 10 s each (autocannon in this process; target p99 ≤ 20 ms)');
    console.table(await runApi(server.url));
  }
  if (want('uploads')) {
    console.log('\nMemory of a fresh server process during uploads (/proc VmRSS, VmHWM)');
    console.table(await runUploads());
  }
  if (want('feeds')) {
    console.log('\nGET /api/health while a fresh server syncs big calendar feeds (target: within 100 ms)');
    console.table(await runFeeds());
  }
  if (want('domain')) {
    console.log('\nDomain workloads (real SQLite file)');
    console.table(await runDomain());
  }
  if (want('bookings')) {
    // Last but money: it adds 1,000 bookings to this server's database.
    const table = await runBookingsTable(server);
    console.log(`\nBookings tab, Table view over 1,000 bookings in Chromium: each filter, search or sort change to the next frame (median of 3; worst ${table.worstMs} ms, target ≤ ${table.targetMs} ms)`);
    console.table(table.rows);
  }
  if (want('money')) {
    const m = runMoney();
    console.log(`\nMoney model (issue 23): ${m.passed} of ${m.runs} random sequences passed, ${m.failed} failed (${m.seconds} s)`);
    for (const f of m.failures) console.log(`  failed: ${f.sequence}\n    ${f.error.split('\n')[0]}`);
  }
} finally {
  await server.stop();
}
