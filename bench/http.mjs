/**
 * HTTP throughput and latency with autocannon on loopback: the production server, and Debian's
 * nginx serving the same built files (gzip_static), side by side.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { clientDir, freePort } from './server.mjs';

/** One autocannon run; `rate` fixes requests/s (for latency at a load), else as fast as it can. */
export function cannon({ url, method = 'GET', body, headers, duration = 5, connections = 20, rate }) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, method, body, headers, duration, connections, ...(rate ? { overallRate: rate } : {}) },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          rps: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.non2xx,
        });
      },
    );
  });
}

/**
 * Starts nginx (1 worker, like the single Node process) serving web/dist/client; undefined if absent.
 * `pageHtml`: the bytes `/` answers with (the server-rendered home page, gzip_static beside it),
 * so both servers send the same page.
 */
export async function startNginx(pageHtml) {
  let probe = spawnSync('nginx', ['-v']);
  if (probe.error && process.getuid?.() === 0) {
    // The comparison needs Debian's nginx; install it the way .ci/run installs Chromium.
    console.log('Installing nginx-light for the comparison (apt-get)…');
    spawnSync('apt-get', ['install', '-y', '-qq', 'nginx-light'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    probe = spawnSync('nginx', ['-v']);
  }
  if (probe.error) return undefined;
  const dir = mkdtempSync(path.join(tmpdir(), 'ridgeline-nginx-'));
  const port = await freePort();
  if (pageHtml !== undefined) {
    // nginx's workers run as another user: they must be able to read the page.
    chmodSync(dir, 0o755);
    mkdirSync(path.join(dir, 'page'));
    writeFileSync(path.join(dir, 'page', 'index.html'), pageHtml);
    writeFileSync(path.join(dir, 'page', 'index.html.gz'), gzipSync(pageHtml, { level: 9 }));
  }
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log error;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  gzip_static on;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${clientDir};
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    location / { try_files $uri /index.html; }${pageHtml !== undefined ? `\n    location = / { root ${dir}/page; try_files /index.html =404; }` : ''}
  }
}
`,
  );
  const child = spawn('nginx', ['-c', path.join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 50; i += 1) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function runHttp(serverUrl) {
  const today = new Date().toISOString().slice(0, 10);
  const plus = (d) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
  const gz = { 'Accept-Encoding': 'gzip, br' };
  const endpoints = [
    { name: 'GET /', path: '/', headers: gz },
    { name: 'GET /api/images/config', path: '/api/images/config', headers: gz },
    { name: 'GET /api/availability/public (3 months)', path: `/api/availability/public?startDate=${today}&endDate=${plus(90)}`, headers: gz },
    { name: 'GET /api/quote', path: `/api/quote?checkin=${plus(30)}&checkout=${plus(33)}&guests=4` },
    { name: 'POST /api/analytics/pageview', path: '/api/analytics/pageview', method: 'POST', body: JSON.stringify({ path: '/', referrer: '' }), headers: { 'Content-Type': 'application/json' } },
  ];
  const rows = [];
  for (const e of endpoints) {
    const max = await cannon({ url: serverUrl + e.path, method: e.method, body: e.body, headers: e.headers });
    const at500 = e.path.startsWith('/api') ? await cannon({ url: serverUrl + e.path, method: e.method, body: e.body, headers: e.headers, rate: 500, connections: 10 }) : undefined;
    rows.push({ endpoint: e.name, rps: max.rps, p50ms: max.p50, p99ms: max.p99, p99At500rps: at500?.p99 ?? '', errors: max.errors + (at500?.errors ?? 0) });
  }
  let nginx;
  // nginx serves the very page our `/` sends (server-rendered), not the build's empty shell.
  const ng = await startNginx(await (await fetch(`${serverUrl}/`, { headers: { 'Accept-Encoding': 'identity' } })).text());
  if (ng) {
    try {
      const ours = await cannon({ url: `${serverUrl}/`, headers: gz });
      const theirs = await cannon({ url: `${ng.url}/`, headers: gz });
      nginx = { oursRps: ours.rps, nginxRps: theirs.rps, ratio: Number((ours.rps / theirs.rps).toFixed(2)) };
    } finally {
      await ng.stop();
    }
  }
  return { rows, nginx };
}
