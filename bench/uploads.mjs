/**
 * Memory of the production server while photos are uploaded ([images.processing]; the README targets a
 * 1 GB VPS): eight uploads of a 50-megapixel PNG sent at once, as an owner dropping a folder of
 * photos would, on a server of its own (so other workloads do not raise its peak). Reads the
 * server's resident memory from /proc (Linux): VmRSS before and after, VmHWM (the kernel's own
 * peak, so nothing between two samples is missed) across the uploads; and, sampled every 20 ms,
 * the image child process's own peak and the server's and its children's memory together; then
 * that every responsive file the image config lists for them is served ([images.variants]).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { startProductionServer } from './server.mjs';

const MB = (kb) => `${Math.round(kb / 1024)} MB`;

function memoryKb(pid, field) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    return Number(line?.match(/(\d+)/)?.[1] ?? 0);
  } catch {
    return 0; // the process has just exited
  }
}

/** Child processes of `pid`, from /proc/<pid>/task/<tid>/children. */
function childrenOf(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((tid) => readFileSync(`/proc/${pid}/task/${tid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    return [];
  }
}

/** A 8,660 × 5,773 (50.0 MP) PNG with shapes, about what a camera makes, decoded in full by the server. */
async function photo() {
  const [w, h] = [8660, 5773];
  const svg = `<svg width="${w}" height="${h}"><rect x="400" y="400" width="${w - 800}" height="${h - 800}" fill="#98c1d9"/><circle cx="${w / 2}" cy="${h / 2}" r="2000" fill="#f2a541"/></svg>`;
  return sharp({ create: { width: w, height: h, channels: 3, background: '#3d5a80' } })
    .composite([{ input: Buffer.from(svg) }])
    .png({ compressionLevel: 6 })
    .toBuffer();
}

async function signIn(url) {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: url }, body: JSON.stringify({ password: 'bench-admin-password' }) });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function upload(url, cookie, slot, bytes) {
  const form = new FormData();
  form.set('imageId', slot);
  form.set('image', new Blob([bytes], { type: 'image/png' }), `${slot}.png`);
  const res = await fetch(`${url}/api/upload-image`, { method: 'POST', headers: { Cookie: cookie, Origin: url }, body: form });
  return res.status;
}

/**
 * The responsive files ([images.variants]) the image config lists for the uploaded photos, each
 * fetched from the server: "72/72 (9 per photo)" when every one is there.
 */
async function responsiveFiles(url) {
  const config = await (await fetch(`${url}/api/images/config`)).json();
  const ext = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
  const paths = Object.entries(config.variants ?? {}).flatMap(([image, v]) => v.formats.flatMap((f) => v.widths.map((w) => image.replace(/\.jpg$/, `-${w}.${ext[f]}`))));
  let served = 0;
  for (const p of paths) if ((await fetch(`${url}${p}`, { method: 'HEAD' })).ok) served += 1;
  const photos = Object.keys(config.variants ?? {}).length;
  return `${served}/${paths.length} (${photos ? paths.length / photos : 0} per photo)`;
}

export async function runUploads() {
  const bytes = await photo();
  const server = await startProductionServer();
  try {
    return await measure(server, bytes);
  } finally {
    await server.stop();
  }
}

async function measure(server, bytes) {
  const cookie = await signIn(server.url);
  const before = memoryKb(server.pid, 'VmRSS');
  const slots = ['hero', 'overview', 'aerial', 'entrance', 'kitchen', 'mountains', 'railway', 'golf'];
  let childPeak = 0;
  let togetherPeak = 0;
  const sampler = setInterval(() => {
    const children = childrenOf(server.pid);
    childPeak = Math.max(childPeak, ...children.map((pid) => memoryKb(pid, 'VmHWM')));
    togetherPeak = Math.max(togetherPeak, memoryKb(server.pid, 'VmRSS') + children.reduce((sum, pid) => sum + memoryKb(pid, 'VmRSS'), 0));
  }, 20);
  const t0 = performance.now();
  const statuses = await Promise.all(slots.map((slot) => upload(server.url, cookie, slot, bytes))).finally(() => clearInterval(sampler));
  const ms = Math.round(performance.now() - t0);
  const files = await responsiveFiles(server.url);
  return [
    {
      workload: `8 concurrent uploads of a 50 MP PNG (${Math.round(bytes.length / 1024 / 1024)} MB each)`,
      statuses: [...new Set(statuses)].join(','),
      'RSS before': MB(before),
      'server peak RSS': MB(memoryKb(server.pid, 'VmHWM')),
      'image process peak': MB(childPeak),
      'server + image process peak (sampled)': MB(togetherPeak),
      'RSS after': MB(memoryKb(server.pid, 'VmRSS')),
      'all done in': `${ms} ms`,
      'responsive files served': files,
    },
  ];
}
