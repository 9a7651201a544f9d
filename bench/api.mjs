/**
 * Latency of the booking calendar's two public reads at a fixed load: `GET /api/availability/public`
 * and `GET /api/quote`, each at 500 requests/s for 10 s (autocannon in this process, so the load
 * generator shares the machine). Requests vary like real guests' (another month, another stay),
 * so no single answer is simply repeated. Percentiles are exact, from every response's time.
 * Each endpoint first gets 2 s of the same load, not measured: the figure is the steady state,
 * not the server's start-up work (rendering the public pages, compiling each path's code).
 * Target (README "Performance"): p99 ≤ 20 ms for both.
 */
import autocannon from 'autocannon';

const DAY = 86_400_000;
const iso = (ms) => new Date(ms).toISOString().slice(0, 10);

/** Exact percentile (nearest rank) of sorted `values`. */
const pct = (values, p) => values[Math.min(values.length - 1, Math.max(0, Math.ceil((p / 100) * values.length) - 1))];

/** One run of `paths` (round robin) at `rate` requests/s; { requests, p50, p95, p99, max (ms), errors }. */
export function latencyAt({ url, paths, rate = 500, duration = 10, connections = 10 }) {
  return new Promise((resolve, reject) => {
    const times = [];
    let next = 0;
    const instance = autocannon(
      {
        url,
        duration,
        connections,
        overallRate: rate,
        requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
      },
      (err, result) => {
        if (err) return reject(err);
        times.sort((a, b) => a - b);
        const r = (x) => Math.round(x * 100) / 100;
        resolve({
          requests: times.length,
          rps: Math.round(result.requests.average),
          p50: r(pct(times, 50)),
          p95: r(pct(times, 95)),
          p99: r(pct(times, 99)),
          max: r(times[times.length - 1] ?? 0),
          errors: result.errors + result.non2xx,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  });
}

/** The two endpoints at 500 requests/s; rows for console.table. */
export async function runApi(serverUrl) {
  const now = Date.now();
  // The calendar's windows: a month at a time over the next year, and three months at once.
  const availability = [];
  for (let m = 0; m < 12; m += 1) {
    availability.push(`/api/availability/public?startDate=${iso(now + m * 30 * DAY)}&endDate=${iso(now + (m + 1) * 30 * DAY)}`);
    availability.push(`/api/availability/public?startDate=${iso(now + m * 30 * DAY)}&endDate=${iso(now + (m + 3) * 30 * DAY)}`);
  }
  // Stays of 3 to 7 nights starting over the next 300 days, 1 to 8 guests.
  const quote = [];
  for (let d = 10; d < 310; d += 1) quote.push(`/api/quote?checkin=${iso(now + d * DAY)}&checkout=${iso(now + (d + 3 + (d % 5)) * DAY)}&guests=${1 + (d % 8)}`);
  const rows = [];
  for (const [endpoint, paths] of [
    ['GET /api/availability/public', availability],
    ['GET /api/quote', quote],
  ]) {
    await latencyAt({ url: serverUrl, paths, duration: 2 });
    const x = await latencyAt({ url: serverUrl, paths });
    rows.push({ endpoint, 'req/s': x.rps, requests: x.requests, p50ms: x.p50, p95ms: x.p95, p99ms: x.p99, maxms: x.max, errors: x.errors, 'p99 ≤ 20 ms': x.p99 <= 20 ? 'yes' : 'NO' });
  }
  return rows;
}
