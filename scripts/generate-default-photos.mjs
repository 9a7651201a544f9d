#!/usr/bin/env node
/**
 * Draws Ridgeline's built-in default photos as procedural SVG scenes and renders them with sharp.
 *
 *   node scripts/generate-default-photos.mjs            # every photo and icon
 *   node scripts/generate-default-photos.mjs hero golf  # only these photos (icons are always made)
 *
 * Outputs (idempotent: every run overwrites the same files with the same pixels):
 *   web/public/images/defaults/<name>-<480|960|1600>.<avif|webp|jpg>, web/public/images/defaults/<name>.jpg
 *   web/public/placeholder.svg, web/public/favicon.svg, web/public/apple-touch-icon.png,
 *   web/public/og-image.jpg, build/icon.svg, build/icon.png
 *
 * Nothing is downloaded: every picture is drawn here from seeded pseudo-random numbers.
 */
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT_DIR = join(ROOT, 'web/public/images/defaults');
const PUBLIC_DIR = join(ROOT, 'web/public');
const BUILD_DIR = join(ROOT, 'build');

// Keep in step with DEFAULT_IMAGE_NAMES and DEFAULT_IMAGE_WIDTHS in core/src/images.ts
// (this plain .mjs script cannot import a .ts file).
const DEFAULT_IMAGE_NAMES = [
  'hero',
  'overview',
  'aerial',
  'entrance',
  'kitchen',
  'mountains',
  'railway',
  'golf',
  'slide1',
  'slide2',
  'slide3',
  'slide4',
  'slide5',
  'slide6',
  'slide7',
  'slide8',
  'slide9',
  'slide10',
];
const DEFAULT_IMAGE_WIDTHS = [480, 960, 1600];

/** Size budget in bytes (decimal units, the stricter reading of "MB" and "KB"). */
const BUDGET = { folder: 6_000_000, avif480: 20_000, jpg1600: 250_000 };

/** Every scene is drawn on a 1600 x 1067 canvas (3:2). */
const W = 1600;
const H = Math.round((W * 2) / 3);

/** Brand palette. */
const BRAND = {
  navy: '#1b2a41',
  slate: '#3d5a80',
  mist: '#98c1d9',
  forest: '#2d5a3d',
  amber: '#f2a541',
  cream: '#f4efe6',
};

// ---------------------------------------------------------------------------------------------
// Small utilities
// ---------------------------------------------------------------------------------------------

/** Seeded PRNG (mulberry32): the same seed always draws the same picture. */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Round to one decimal to keep the SVG text short. */
const f = (n) => Math.round(n * 10) / 10;
const lerp = (a, b, t) => a + (b - a) * t;
const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));

function hexToRgb(hex) {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16));
}
function rgbToHex(rgb) {
  return `#${rgb.map((v) => clamp(Math.round(v), 0, 255).toString(16).padStart(2, '0')).join('')}`;
}
/** Mix two hex colours: t = 0 gives a, t = 1 gives b. */
function mix(a, b, t) {
  const ca = hexToRgb(a);
  const cb = hexToRgb(b);
  return rgbToHex(ca.map((v, i) => lerp(v, cb[i], t)));
}
const shade = (c, t) => (t >= 0 ? mix(c, '#ffffff', t) : mix(c, '#000000', -t));
const pick = (r, list) => list[Math.floor(r() * list.length) % list.length];

const pts = (list) => list.map(([x, y]) => `${f(x)},${f(y)}`).join(' ');
const attrs = (extra) =>
  Object.entries(extra)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => ` ${k}="${v}"`)
    .join('');

const rect = (x, y, w, h, fill, extra = {}) =>
  `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${fill}"${attrs(extra)}/>`;
const poly = (list, fill, extra = {}) => `<polygon points="${pts(list)}" fill="${fill}"${attrs(extra)}/>`;
const path = (d, fill, extra = {}) => `<path d="${d}" fill="${fill}"${attrs(extra)}/>`;
const circle = (cx, cy, r, fill, extra = {}) =>
  `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${fill}"${attrs(extra)}/>`;
const ellipse = (cx, cy, rx, ry, fill, extra = {}) =>
  `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(rx)}" ry="${f(ry)}" fill="${fill}"${attrs(extra)}/>`;
const line = (x1, y1, x2, y2, stroke, width, extra = {}) =>
  `<line x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}" stroke="${stroke}" stroke-width="${width}"${attrs(extra)}/>`;
const group = (content, extra = {}) => `<g${attrs(extra)}>${content}</g>`;
const polyD = (list) => `M${list.map(([x, y]) => `${f(x)},${f(y)}`).join('L')}Z`;

/** One SVG document under construction. */
class Scene {
  constructor(seed) {
    this.r = mulberry32(seed);
    this.defs = [];
    this.body = [];
    this.n = 0;
  }
  uid(prefix = 'i') {
    this.n += 1;
    return `${prefix}${this.n}`;
  }
  add(...parts) {
    this.body.push(...parts);
  }
  /** Linear gradient; stops are [offset, colour, opacity?]; default direction is top to bottom. */
  lin(stops, { x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false } = {}) {
    const id = this.uid('l');
    const units = user ? ' gradientUnits="userSpaceOnUse"' : '';
    this.defs.push(
      `<linearGradient id="${id}" x1="${f(x1)}" y1="${f(y1)}" x2="${f(x2)}" y2="${f(y2)}"${units}>${stopList(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }
  /** Radial gradient in user space. */
  rad(stops, cx, cy, r, { fx, fy, sy } = {}) {
    const id = this.uid('r');
    const focal = fx !== undefined ? ` fx="${f(fx)}" fy="${f(fy)}"` : '';
    const tr = sy ? ` gradientTransform="translate(0 ${f(cy)}) scale(1 ${sy}) translate(0 ${f(-cy)})"` : '';
    this.defs.push(
      `<radialGradient id="${id}" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}"${focal} gradientUnits="userSpaceOnUse"${tr}>${stopList(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }
  /** Gaussian blur filter of the given radius (cached per radius). */
  blur(sd) {
    const id = `b${String(sd).replace('.', '_')}`;
    if (!this.defs.some((d) => d.includes(`id="${id}"`))) {
      this.defs.push(
        `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${sd}"/></filter>`,
      );
    }
    return `url(#${id})`;
  }
  /** Clip path from a shape; returns the url. */
  clip(shape) {
    const id = this.uid('c');
    this.defs.push(`<clipPath id="${id}">${shape}</clipPath>`);
    return `url(#${id})`;
  }
  /** A soft vignette, the "photo" finish (film grain is laid over the rendered pixels, see `grain`). */
  finish({ vignette = 0.38 } = {}) {
    const vig = this.rad(
      [
        [0.55, '#000000', 0],
        [1, '#000000', vignette],
      ],
      W / 2,
      H / 2,
      W * 0.62,
      { sy: 0.85 },
    );
    this.add(rect(0, 0, W, H, vig));
  }
  svg({ width = W, height = H, viewBox = `0 0 ${W} ${H}`, overlay = '' } = {}) {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}"><defs>${this.defs.join('')}</defs>${this.body.join('')}${overlay}</svg>`;
  }
}

function stopList(stops) {
  return stops
    .map(([o, c, op]) => `<stop offset="${o}" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${op}"`}/>`)
    .join('');
}

// ---------------------------------------------------------------------------------------------
// Landscape building blocks
// ---------------------------------------------------------------------------------------------

/** A ridge line by midpoint displacement, smoothed into soft Appalachian shoulders. */
function ridgeLine(r, { y, amp, rough = 0.55, levels = 7, x0 = -60, x1 = W + 60, smooth = 2, tilt = 0 }) {
  const n = 2 ** levels;
  let ys = new Array(n + 1).fill(0);
  ys[0] = y + (r() - 0.5) * amp - tilt / 2;
  ys[n] = y + (r() - 0.5) * amp + tilt / 2;
  let step = n;
  let a = amp;
  while (step > 1) {
    const half = step / 2;
    for (let i = half; i < n; i += step) ys[i] = (ys[i - half] + ys[i + half]) / 2 + (r() - 0.5) * a;
    a *= rough;
    step = half;
  }
  for (let k = 0; k < smooth; k += 1) {
    ys = ys.map((v, i) => (i === 0 || i === n ? v : (ys[i - 1] + 2 * v + ys[i + 1]) / 4));
  }
  return ys.map((v, i) => [x0 + ((x1 - x0) * i) / n, v]);
}

/** Height of a ridge line at x. */
function heightAt(line0, x) {
  for (let i = 1; i < line0.length; i += 1) {
    const [xa, ya] = line0[i - 1];
    const [xb, yb] = line0[i];
    if (x <= xb) return lerp(ya, yb, (x - xa) / (xb - xa || 1));
  }
  return line0[line0.length - 1][1];
}

/** Closed path under a ridge line down to `bottom`. */
function ridgeD(line0, bottom = H + 20) {
  const first = line0[0];
  const last = line0[line0.length - 1];
  return `M${f(first[0])},${f(bottom)}L${line0.map(([x, y]) => `${f(x)},${f(y)}`).join('L')}L${f(last[0])},${f(bottom)}Z`;
}

/** Path of one stylised conifer standing at (x, y); big ones (5+ tiers) get drooping, ragged boughs. */
function pineD(x, y, h, w, r = null, tiers = 3) {
  if (r && tiers >= 5) return bigPineD(r, x, y, h, w, tiers);
  const left = [];
  const right = [];
  for (let t = 0; t < tiers; t += 1) {
    const yb = -h + (h * (t + 1)) / tiers;
    const wb = w * (0.45 + (0.55 * (t + 1)) / tiers);
    const jit = r ? (r() - 0.5) * 0.18 * w : 0;
    const inner = t < tiers - 1 ? 0.55 : 1;
    right.push([x + wb + jit, y + yb], [x + wb * inner * 0.62, y + yb]);
    left.push([x - wb * inner * 0.62, y + yb], [x - wb - jit, y + yb]);
  }
  right.pop();
  left.shift();
  const all = [
    [x, y - h],
    ...right,
    [x + w * 0.08, y],
    [x + w * 0.08, y + h * 0.06],
    [x - w * 0.08, y + h * 0.06],
    [x - w * 0.08, y],
    ...left.reverse(),
  ];
  return polyD(all);
}

/** A large conifer: overlapping skirts of boughs, each curving out and down to ragged tips. */
function bigPineD(r, x, y, h, w, tiers) {
  let d = `M${f(x - w * 0.05)},${f(y + h * 0.04)}L${f(x - w * 0.04)},${f(y - h * 0.3)}L${f(x + w * 0.04)},${f(y - h * 0.3)}L${f(x + w * 0.05)},${f(y + h * 0.04)}Z`;
  for (let t = 0; t < tiers; t += 1) {
    const k = (t + 1) / tiers;
    const top = y - h + h * (t / tiers) * 0.9;
    const bottom = y - h + h * k * 0.97;
    const drop = bottom - top;
    const half = w * (0.14 + 0.86 * k ** 0.9);
    const rt = [x + half * (0.9 + r() * 0.2), bottom + drop * 0.12 * r()];
    const lt = [x - half * (0.9 + r() * 0.2), bottom + drop * 0.12 * r()];
    d += `M${f(x)},${f(top)}Q${f(x + half * 0.3)},${f(top + drop * 0.6)} ${f(rt[0])},${f(rt[1])}`;
    const n = 4 + Math.floor(r() * 3);
    for (let i = 1; i < n; i += 1) {
      const px = lerp(rt[0], lt[0], i / n);
      d += `L${f(px)},${f(bottom - drop * (0.1 + r() * 0.14))}L${f(px - (rt[0] - lt[0]) / n / 2)},${f(bottom + drop * 0.04 * r())}`;
    }
    d += `L${f(lt[0])},${f(lt[1])}Q${f(x - half * 0.3)},${f(top + drop * 0.6)} ${f(x)},${f(top)}Z`;
  }
  return d;
}

/** Many conifers along a ridge line (one path, one colour). */
function treeline(r, line0, { hMin, hMax, spacing, sink = 2, from = -60, to = W + 60, wr = 0.3, tiers = 3 }) {
  let d = '';
  let x = from + r() * spacing;
  while (x < to) {
    const h = lerp(hMin, hMax, r() ** 1.4);
    d += pineD(x, heightAt(line0, x) + sink + r() * sink, h, h * wr * (0.8 + r() * 0.4), r, tiers);
    x += spacing * (0.45 + r() * 1.1);
  }
  return d;
}

/** Broadleaf tree: trunk and branches under a crown of many leaf clusters, lit from the upper left. */
function broadleaf(r, x, y, size, colors, trunk = '#3b2a20') {
  const cy = y - size * 0.66;
  const rx = size * 0.42;
  const ry = size * 0.34;
  let out = path(
    `M${f(x - size * 0.05)},${f(y)}L${f(x - size * 0.025)},${f(cy)}L${f(x + size * 0.025)},${f(cy)}L${f(x + size * 0.06)},${f(y)}Z`,
    trunk,
  );
  out +=
    line(x, cy + ry * 0.7, x - rx * 0.5, cy, trunk, f(size * 0.025)) +
    line(x, cy + ry * 0.5, x + rx * 0.45, cy - ry * 0.2, trunk, f(size * 0.02));
  out += ellipse(x, cy, rx * 0.9, ry * 0.85, shade(colors[0], -0.4));
  const n = Math.round(30 + size / 5);
  const blobs = [];
  for (let i = 0; i < n; i += 1) {
    const a = r() * Math.PI * 2;
    const d = Math.sqrt(r());
    const bx = x + Math.cos(a) * d * rx;
    const by = cy + Math.sin(a) * d * ry;
    const lit = clamp(0.55 - ((bx - x) / rx) * 0.3 - ((by - cy) / ry) * 0.45, 0, 1);
    blobs.push([bx, by, size * (0.045 + r() * 0.055), lit, pick(r, colors)]);
  }
  blobs.sort((p, q) => p[3] - q[3]);
  for (const [bx, by, br, lit, c] of blobs)
    out += circle(bx, by, br, lit > 0.8 ? shade(c, 0.12) : mix(c, '#000000', 0.32 * (1 - lit)));
  return out;
}

function insidePoly(list, x, y) {
  let inside = false;
  for (let i = 0, j = list.length - 1; i < list.length; j = i, i += 1) {
    const [xi, yi] = list[i];
    const [xj, yj] = list[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * A forest seen from afar: the polygon filled with round tree crowns, smaller towards `yTop`,
 * each with a shadow side and a lit side, far ones hazed towards `haze`.
 */
function canopyFill(r, list, { count, yTop, yBottom, rTop, rBottom, colors, base, haze = null, hazeK = 0.3 }) {
  let out = base ? poly(list, base) : '';
  const xs = list.map((p) => p[0]);
  const ys = list.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const crowns = [];
  for (let k = 0; crowns.length < count && k < count * 30; k += 1) {
    const x = lerp(x0, x1, r());
    const y = lerp(y0, y1, r());
    if (!insidePoly(list, x, y)) continue;
    const t = clamp((y - yTop) / (yBottom - yTop), 0, 1);
    crowns.push([x, y, lerp(rTop, rBottom, t) * (0.7 + r() * 0.6), t]);
  }
  crowns.sort((p, q) => p[1] - q[1]);
  for (const [x, y, r0, t] of crowns) {
    let c = pick(r, colors);
    if (haze) c = mix(c, haze, hazeK * (1 - t));
    out +=
      circle(x + r0 * 0.2, y + r0 * 0.22, r0, shade(c, -0.32)) +
      circle(x, y, r0 * 0.86, c) +
      circle(x - r0 * 0.3, y - r0 * 0.32, r0 * 0.4, shade(c, 0.18));
  }
  return out;
}

/** Sky gradient from the top of the picture down to `bottom`. */
function sky(s, stops, bottom = H) {
  s.add(rect(0, 0, W, bottom, s.lin(stops)));
}

/** Sun (or moon) disc with a wide glow. */
function sun(s, x, y, r, color, glow, glowR, glowOp = 0.7) {
  s.add(
    circle(
      x,
      y,
      glowR,
      s.rad(
        [
          [0, glow, glowOp],
          [0.35, glow, glowOp * 0.35],
          [1, glow, 0],
        ],
        x,
        y,
        glowR,
      ),
    ),
    circle(x, y, r, color),
  );
}

function stars(s, r, n, yMax, { x0 = 0, x1 = W, bright = 1 } = {}) {
  let out = '';
  for (let i = 0; i < n; i += 1) {
    const y = r() ** 1.3 * yMax;
    const big = r() > 0.93;
    out += circle(lerp(x0, x1, r()), y, big ? 1.6 + r() * 1.2 : 0.6 + r() * 0.9, '#ffffff', {
      opacity: f((0.35 + r() * 0.65) * bright * (1 - (y / yMax) * 0.6)),
    });
  }
  s.add(out);
}

/** Horizontal band of mist (transparent -> colour -> transparent). */
function mistBand(s, y, h, color, op) {
  s.add(
    rect(
      -10,
      y,
      W + 20,
      h,
      s.lin([
        [0, color, 0],
        [0.55, color, op],
        [1, color, 0],
      ]),
    ),
  );
}

/** Soft streaky cloud bank from overlapping blurred ellipses. */
function cloud(s, r, x, y, w, color, op) {
  let out = '';
  const n = 6 + Math.floor(r() * 5);
  for (let i = 0; i < n; i += 1) {
    const rx = w * (0.18 + r() * 0.3);
    out += ellipse(x + (r() - 0.5) * w * 0.8, y + (r() - 0.5) * w * 0.07, rx, rx * (0.05 + r() * 0.05), color, {
      opacity: f(0.5 + r() * 0.5),
    });
  }
  s.add(group(out, { opacity: op, filter: s.blur(7) }));
}

/**
 * Layered ridges from far to near with atmospheric perspective: each nearer ridge darker and more
 * saturated, valley mist between them, a fuzzy treeline on top. Returns the ridge lines.
 */
function ridges(
  s,
  { n, y0, y1, amp0, amp1, far, near, mist = null, mistOp = 0.45, trees = true, rough = 0.55, treeScale = 1, bottom },
) {
  const lines = [];
  const gap = n > 1 ? (y1 - y0) / (n - 1) : 0;
  for (let i = 0; i < n; i += 1) {
    const t = n > 1 ? i / (n - 1) : 1;
    const y = lerp(y0, y1, t);
    const amp = lerp(amp0, amp1, t);
    const l = ridgeLine(s.r, { y, amp, rough });
    const col = mix(far, near, t ** 0.85);
    s.add(path(ridgeD(l, bottom), col));
    if (trees) {
      const h = lerp(3, 16, t ** 1.6) * treeScale;
      s.add(
        path(
          treeline(s.r, l, { hMin: h * 0.5, hMax: h * 1.6, spacing: lerp(3.5, 9, t) * treeScale, sink: h * 0.25 }),
          col,
        ),
      );
    }
    if (mist && i < n - 1) {
      // valley haze: fades in below this ridge's crest and stays to the bottom, so the nearer
      // ridges drawn next sit in front of it and no hard edge is left anywhere
      const top = Math.min(...l.map((p) => p[1]));
      const mean = l.reduce((a, p) => a + p[1], 0) / l.length;
      const end = H + 20;
      const k = clamp((mean + gap * 0.9 - top) / (end - top), 0.05, 1);
      s.add(
        rect(
          -10,
          top,
          W + 20,
          end - top,
          s.lin([
            [0, mist, 0],
            [k, mist, mistOp],
            [1, mist, mistOp],
          ]),
        ),
      );
    }
    lines.push(l);
  }
  return lines;
}

/** Irregular stones filling a rectangle (for chimneys, fireplaces, steps, foundations). */
function stones(
  r,
  x,
  y,
  w,
  h,
  { size = 22, colors = ['#8a8781', '#7a776f', '#9c978c', '#6f6c66', '#a39d90'], mortar = '#4a4744', light = 0 } = {},
) {
  let out = rect(x, y, w, h, mortar);
  let yy = y;
  while (yy < y + h) {
    const rowH = size * (0.7 + r() * 0.5);
    let xx = x - r() * size;
    while (xx < x + w) {
      const sw = size * (1 + r() * 1.2);
      const x0 = clamp(xx + 1.5, x, x + w);
      const x1 = clamp(xx + sw - 1.5, x, x + w);
      const y0 = clamp(yy + 1.5, y, y + h);
      const y1 = clamp(yy + rowH - 1.5, y, y + h);
      if (x1 - x0 > 2 && y1 - y0 > 2) {
        const j = () => (r() - 0.5) * Math.min(4, (x1 - x0) * 0.2);
        const c = shade(pick(r, colors), light + (r() - 0.5) * 0.12);
        out += poly(
          [
            [x0 + j(), y0 + j()],
            [x1 + j(), y0 + j()],
            [x1 + j(), y1 + j()],
            [x0 + j(), y1 + j()],
          ],
          c,
          { 'stroke-linejoin': 'round' },
        );
      }
      xx += sw;
    }
    yy += rowH;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The house (front elevation, drawn around x = 0 with the ground at y = 0, about 620 wide)
// ---------------------------------------------------------------------------------------------

function house(s, cx, gy, sc, { lit = true, day = false, seed = 11 } = {}) {
  const r = mulberry32(seed);
  const timber = day ? '#6b4a33' : '#3a2a21';
  const timberLine = day ? '#4e3524' : '#2a1e18';
  const roof = day ? '#3b4653' : '#1a222d';
  const fascia = day ? '#8a6446' : '#4b3729';
  const stoneLight = day ? 0.05 : -0.35;
  const glass = lit
    ? s.lin([
        [0, '#ffd98f'],
        [1, '#f39a3c'],
      ])
    : s.lin([
        [0, '#c9dbe6'],
        [0.5, '#7d98ad'],
        [1, '#4b6479'],
      ]);
  let o = '';
  // warm glow behind the whole house
  if (lit) o += ellipse(0, -210, 420, 230, '#f2a541', { opacity: day ? 0.08 : 0.22, filter: s.blur(50) });
  // chimney
  o += stones(r, 175, -470, 56, 300, { size: 14, light: stoneLight });
  o += rect(170, -478, 66, 12, roof);
  // wings
  const wing = (x0, x1) => {
    let w0 = rect(x0, -235, x1 - x0, 200, timber);
    for (let y = -228; y < -35; y += 13) w0 += line(x0, y, x1, y, timberLine, 2, { opacity: 0.7 });
    return w0;
  };
  o += wing(-300, -118) + wing(118, 300);
  const wingRoof = (xa, xb) => {
    const mid = (xa + xb) / 2;
    return (
      poly(
        [
          [xa - 22, -226],
          [mid, -318],
          [xb + 22, -226],
          [xb + 22, -214],
          [mid, -304],
          [xa - 22, -214],
        ],
        fascia,
      ) +
      poly(
        [
          [xa - 26, -226],
          [mid, -322],
          [xb + 26, -226],
          [xb + 12, -226],
          [mid, -308],
          [xa - 12, -226],
        ],
        roof,
      ) +
      poly(
        [
          [xa - 8, -226],
          [mid, -300],
          [xb + 8, -226],
        ],
        timber,
      )
    );
  };
  o += wingRoof(-300, -118) + wingRoof(118, 300);
  // wing windows (two each) and gable vents
  const win = (x, y, w, h) => {
    let g = rect(x - 4, y - 4, w + 8, h + 8, fascia) + rect(x, y, w, h, glass);
    g += line(x + w / 2, y, x + w / 2, y + h, fascia, 3) + line(x, y + h * 0.45, x + w, y + h * 0.45, fascia, 3);
    return g;
  };
  for (const x of [-282, -200, 136, 218]) o += win(x, -190, 64, 92);
  o += win(-226, -276, 34, 28) + win(192, -276, 34, 28);
  // central great-room gable
  o += rect(-135, -340, 270, 305, timber);
  for (let x = -130; x < 135; x += 11) o += line(x, -340, x, -35, timberLine, 1.6, { opacity: 0.6 });
  o += poly(
    [
      [-135, -340],
      [0, -440],
      [135, -340],
    ],
    timber,
  );
  const glassWall = [
    [-104, -60],
    [104, -60],
    [104, -315],
    [0, -392],
    [-104, -315],
  ];
  o += poly(
    glassWall.map(([x, y]) => [x * 1.08, y - 6 + (y < -100 ? -6 : 6)]),
    fascia,
  );
  o += poly(glassWall, glass);
  if (lit) {
    // interior hints: a chandelier glow and the silhouette of a beam
    o += ellipse(0, -250, 60, 40, '#fff2c4', { opacity: 0.55, filter: s.blur(14) });
    o += line(-104, -230, 104, -230, fascia, 5, { opacity: 0.8 });
  }
  for (const x of [-52, 0, 52]) o += line(x, -60, x, x === 0 ? -392 : -353, fascia, 4);
  o += line(-104, -160, 104, -160, fascia, 3) + line(-104, -315, 104, -315, fascia, 4);
  o += poly(
    [
      [-178, -322],
      [0, -462],
      [178, -322],
      [178, -306],
      [0, -446],
      [-178, -306],
    ],
    fascia,
  );
  o += poly(
    [
      [-184, -324],
      [0, -468],
      [184, -324],
      [166, -324],
      [0, -452],
      [-166, -324],
    ],
    roof,
  );
  // timber truss in the gable
  o += line(-120, -338, 120, -338, fascia, 8) + line(0, -338, 0, -440, fascia, 6);
  // stone foundation and deck
  o += stones(r, -318, -40, 636, 40, { size: 16, light: stoneLight });
  o += rect(-330, -62, 660, 14, fascia);
  o += rect(-330, -50, 660, 8, timberLine);
  let rail = line(-330, -112, 330, -112, fascia, 7);
  for (let x = -326; x <= 326; x += 13) rail += line(x, -112, x, -62, fascia, 3);
  for (let x = -326; x <= 326; x += 108) rail += rect(x - 6, -118, 12, 58, fascia);
  o += group(rail, { opacity: 0.95 });
  // light spilling on the ground
  if (lit) o += ellipse(0, 6, 380, 26, '#f2a541', { opacity: day ? 0.1 : 0.3, filter: s.blur(16) });
  s.add(group(o, { transform: `translate(${f(cx)} ${f(gy)}) scale(${sc})` }));
}

// ---------------------------------------------------------------------------------------------
// Interiors: a one-point perspective box
// ---------------------------------------------------------------------------------------------

/**
 * Room seen in one-point perspective. back = [x0, y0, x1, y1] is the back wall; the vanishing point
 * is its centre unless given. Returns helpers for perspective drawing.
 */
function room(s, { back, vp, wall, side, floor, ceiling, planks = 26, plankLine = '#000000', plankOp = 0.16 }) {
  const [x0, y0, x1, y1] = back;
  const v = vp ?? [(x0 + x1) / 2, (y0 + y1) / 2];
  const ext = ([px, py], k = 6) => [v[0] + (px - v[0]) * k, v[1] + (py - v[1]) * k];
  const tl = [x0, y0];
  const tr = [x1, y0];
  const bl = [x0, y1];
  const br = [x1, y1];
  const floorPoly = [bl, br, ext(br), ext(bl)];
  s.add(poly([tl, tr, ext(tr), ext(tl)], ceiling));
  s.add(poly([tl, bl, ext(bl), ext(tl)], side));
  s.add(poly([tr, br, ext(br), ext(tr)], shade(side, -0.06)));
  s.add(poly(floorPoly, floor));
  // floor boards converge on the vanishing point; cross joints get denser with distance
  let boards = '';
  for (let i = -planks; i <= planks * 2; i += 1) {
    const x = lerp(x0, x1, i / planks);
    const far = [x, y1];
    boards += line(far[0], far[1], ...ext(far, 8), plankLine, 1.4);
  }
  const clipId = s.clip(poly(floorPoly, '#000'));
  s.add(group(boards, { 'clip-path': clipId, opacity: plankOp }));
  s.add(rect(x0, y0, x1 - x0, y1 - y0, wall));
  // baseboard
  s.add(rect(x0, y1 - 10, x1 - x0, 10, shade(wall, -0.25)));
  /** Project a point on the floor plane: u across (0..1 = back wall width), depth d >= 1 (1 = back wall). */
  const onFloor = (u, d) => [v[0] + (lerp(x0, x1, u) - v[0]) * d, v[1] + (y1 - v[1]) * d];
  const onCeil = (u, d) => [v[0] + (lerp(x0, x1, u) - v[0]) * d, v[1] + (y0 - v[1]) * d];
  /** Point at depth d above floor by height h (measured in back-wall pixels). */
  const at = (u, d, h) => {
    const p = onFloor(u, d);
    return [p[0], p[1] - h * d];
  };
  return { v, ext, onFloor, onCeil, at, floorPoly };
}

/** A box in one-point perspective: u0..u1 across, d0..d1 deep, from height h0 up to h. */
function box(rm, { u0, u1, d0, d1, h, h0 = 0, top, bottom, front, sideL, sideR }) {
  const A = (u, d, hh) => rm.at(u, d, hh);
  let out = '';
  // side faces (visible when the box is off-centre); bottom face when it is above the eye
  const vx = rm.v[0];
  const leftX = A(u0, d1, 0)[0];
  const rightX = A(u1, d1, 0)[0];
  if (sideL && leftX > vx) out += poly([A(u0, d0, h0), A(u0, d1, h0), A(u0, d1, h), A(u0, d0, h)], sideL);
  if (sideR && rightX < vx) out += poly([A(u1, d0, h0), A(u1, d1, h0), A(u1, d1, h), A(u1, d0, h)], sideR);
  if (top && A(0, d1, h)[1] > A(0, d0, h)[1])
    out += poly([A(u0, d0, h), A(u1, d0, h), A(u1, d1, h), A(u0, d1, h)], top);
  if (bottom && A(0, d1, h0)[1] < A(0, d0, h0)[1])
    out += poly([A(u0, d0, h0), A(u1, d0, h0), A(u1, d1, h0), A(u0, d1, h0)], bottom);
  if (front) out += poly([A(u0, d1, h0), A(u1, d1, h0), A(u1, d1, h), A(u0, d1, h)], front);
  return out;
}

/** Mountain view clipped to a window opening (a rectangle, or `shape` when given). */
function windowView(s, x, y, w, h, { seed = 5, time = 'day', shape = null, sunAt = null } = {}) {
  const r = mulberry32(seed);
  const pal = {
    day: {
      sky: [
        [0, '#6f9cc6'],
        [0.65, '#bcd4e6'],
        [1, '#e6eee9'],
      ],
      far: '#a3b9cf',
      near: '#34523f',
    },
    dusk: {
      sky: [
        [0, '#34466f'],
        [0.55, '#c58a8e'],
        [1, '#f6bd7a'],
      ],
      far: '#9486a6',
      near: '#24304a',
    },
    morning: {
      sky: [
        [0, '#86afd6'],
        [0.6, '#f1d9c0'],
        [1, '#fbe6c4'],
      ],
      far: '#b9c2d6',
      near: '#4a6658',
    },
    night: {
      sky: [
        [0, '#0c1428'],
        [1, '#23365a'],
      ],
      far: '#1f2d4a',
      near: '#0b1220',
    },
  }[time];
  let o = rect(x, y, w, h, s.lin(pal.sky));
  if (sunAt) {
    const [sx, sy] = sunAt;
    o += circle(
      sx,
      sy,
      h * 0.5,
      s.rad(
        [
          [0, '#fff1c8', 0.9],
          [0.3, '#ffd99a', 0.4],
          [1, '#ffd99a', 0],
        ],
        sx,
        sy,
        h * 0.5,
      ),
    );
    o += circle(sx, sy, h * 0.035, '#fffaf0');
  }
  const n = 4;
  for (let i = 0; i < n; i += 1) {
    const t = i / (n - 1);
    const l = ridgeLine(r, {
      y: y + h * lerp(0.55, 0.88, t),
      amp: h * lerp(0.16, 0.26, t),
      x0: x - 20,
      x1: x + w + 20,
      levels: 6,
    });
    const col = mix(pal.far, pal.near, t);
    o += path(ridgeD(l, y + h + 5), col);
    o += path(
      treeline(r, l, { hMin: 1.5 + t * 3, hMax: 3 + t * 9, spacing: 3 + t * 4, from: x - 20, to: x + w + 20, sink: 1 }),
      col,
    );
  }
  s.add(group(o, { 'clip-path': s.clip(shape ?? rect(x, y, w, h, '#000')) }));
}

/** Window frame: outer frame plus mullions (cols x rows panes). */
function windowFrame(x, y, w, h, cols, rows, color, width = 8) {
  let o = rect(x, y, w, h, 'none', { stroke: color, 'stroke-width': width * 1.6 });
  for (let i = 1; i < cols; i += 1) o += line(x + (w * i) / cols, y, x + (w * i) / cols, y + h, color, width);
  for (let j = 1; j < rows; j += 1) o += line(x, y + (h * j) / rows, x + w, y + (h * j) / rows, color, width);
  return o;
}

/**
 * Vaulted (cathedral) ceiling over a room: a gable above the back wall, two sloping ceiling planes
 * lined with boards, and heavy timber trusses at the given depths.
 */
function vault(s, rm, back, peakY, { wall, ceiling, beam, depths = [1, 1.5, 2.3], boards = 18 }) {
  const [x0, y0, x1] = back;
  const P = [(x0 + x1) / 2, peakY];
  const L = [x0, y0];
  const R = [x1, y0];
  s.add(poly([L, P, R], wall));
  const planeL = [P, L, rm.ext(L), rm.ext(P)];
  const planeR = [P, R, rm.ext(R), rm.ext(P)];
  s.add(poly(planeL, ceiling), poly(planeR, shade(ceiling, -0.08)));
  let lines0 = '';
  for (let i = 1; i < boards; i += 1) {
    for (const E of [L, R]) {
      const q = [lerp(E[0], P[0], i / boards), lerp(E[1], P[1], i / boards)];
      lines0 += line(q[0], q[1], ...rm.ext(q, 8), '#000000', 1.2);
    }
  }
  s.add(group(lines0, { opacity: 0.12 }));
  rm.vaultPeak = P;
  let t = '';
  for (const d of depths) {
    const sc = (p) => [rm.v[0] + (p[0] - rm.v[0]) * d, rm.v[1] + (p[1] - rm.v[1]) * d];
    const [l, pk, rr] = [sc(L), sc(P), sc(R)];
    const bw = 16 * d;
    t += `<polyline points="${pts([l, pk, rr])}" fill="none" stroke="${beam}" stroke-width="${f(bw)}" stroke-linejoin="round"/>`;
    t += line(l[0], l[1], rr[0], rr[1], beam, f(bw * 1.1));
    t += line(pk[0], pk[1], pk[0], l[1], beam, f(bw * 0.8));
    t += line(pk[0], l[1] - (l[1] - pk[1]) * 0.05, lerp(l[0], pk[0], 0.5), lerp(l[1], pk[1], 0.5), beam, f(bw * 0.6));
    t += line(pk[0], l[1] - (l[1] - pk[1]) * 0.05, lerp(rr[0], pk[0], 0.5), lerp(rr[1], pk[1], 0.5), beam, f(bw * 0.6));
  }
  s.add(line(P[0], P[1], ...rm.ext(P, 8), beam, 18));
  return t;
}

/** A pendant lamp hanging from (x, top) to y with a warm pool of light. */
function pendant(s, x, top, y, size, { shadeColor = '#1f2a36', cone = true, coneH = 420 } = {}) {
  let o = line(x, top, x, y, '#1a1a1a', 2);
  if (cone) {
    o += poly(
      [
        [x - size * 0.5, y + size * 0.55],
        [x + size * 0.5, y + size * 0.55],
        [x + size * 2.6, y + coneH],
        [x - size * 2.6, y + coneH],
      ],
      s.lin([
        [0, '#ffd58a', 0.35],
        [1, '#ffd58a', 0],
      ]),
      { filter: s.blur(8) },
    );
  }
  o += circle(x, y + size * 0.55, size * 1.6, '#ffcf7a', { opacity: 0.35, filter: s.blur(size * 0.9) });
  o += path(
    `M${f(x - size * 0.14)},${f(y)}L${f(x + size * 0.14)},${f(y)}L${f(x + size * 0.6)},${f(y + size * 0.55)}L${f(x - size * 0.6)},${f(y + size * 0.55)}Z`,
    shadeColor,
  );
  o += ellipse(x, y + size * 0.56, size * 0.6, size * 0.09, '#ffe7b0');
  s.add(o);
}

/** Flames with glow, at (x, y) = centre of the fire's base. */
function fire(s, r, x, y, w, h) {
  let o = ellipse(x, y - h * 0.3, w * 1.8, h * 1.2, '#ff9a3c', { opacity: 0.45, filter: s.blur(Math.max(4, w * 0.5)) });
  const tongues = [
    ['#e2531f', 1, 1],
    ['#f58a2a', 0.8, 0.82],
    ['#ffc24a', 0.55, 0.6],
    ['#fff0b0', 0.28, 0.35],
  ];
  for (const [c, ws, hs] of tongues) {
    let d = `M${f(x - w * ws)},${f(y)}`;
    const k = 5;
    for (let i = 0; i < k; i += 1) {
      const xa = x - w * ws + (2 * w * ws * (i + 0.5)) / k;
      const tip = h * hs * (0.55 + r() * 0.45) * (1 - Math.abs(i - (k - 1) / 2) / k);
      d += `Q${f(xa - w * ws * 0.25)},${f(y - tip * 0.5)} ${f(xa + (r() - 0.5) * w * 0.1)},${f(y - tip)}`;
      d += `Q${f(xa + w * ws * 0.18)},${f(y - tip * 0.4)} ${f(xa + (w * ws) / k)},${f(y - h * 0.08)}`;
    }
    d += `L${f(x + w * ws)},${f(y)}Z`;
    o += path(d, c);
  }
  s.add(o);
}

/** A rug in perspective with a border. */
function rug(s, rm, { u0, u1, d0, d1, color, border }) {
  const q = (a, b, c, e) => [rm.onFloor(a, c), rm.onFloor(b, c), rm.onFloor(b, e), rm.onFloor(a, e)];
  const du = (u1 - u0) * 0.04;
  const dd = (d1 - d0) * 0.06;
  s.add(poly(q(u0, u1, d0, d1), border));
  s.add(poly(q(u0 + du, u1 - du, d0 + dd, d1 - dd), color));
  s.add(
    poly(q(u0 + du * 2, u1 - du * 2, d0 + dd * 2, d1 - dd * 2), 'none', {
      stroke: border,
      'stroke-width': 3,
      opacity: 0.6,
    }),
  );
}

/** Wood beam running from the back wall towards the viewer along the ceiling. */
function ceilingBeam(s, rm, u, color, w = 0.03) {
  const a = rm.onCeil(u - w / 2, 1);
  const b = rm.onCeil(u + w / 2, 1);
  s.add(poly([a, b, rm.ext(b, 8), rm.ext(a, 8)], color));
}

/** Sofa seen from behind (back towards the viewer), across the floor. */
function sofaBack(s, x, y, w, h, color) {
  const dark = shade(color, -0.25);
  let o = ellipse(x + w / 2, y + h, w * 0.55, h * 0.12, '#000000', { opacity: 0.25, filter: s.blur(8) });
  o += rect(x, y, w, h, color, { rx: h * 0.18 });
  o += rect(x - h * 0.18, y + h * 0.25, h * 0.3, h * 0.75, dark, { rx: h * 0.1 });
  o += rect(x + w - h * 0.12, y + h * 0.25, h * 0.3, h * 0.75, dark, { rx: h * 0.1 });
  o += rect(x + h * 0.05, y + h * 0.06, w - h * 0.1, h * 0.12, shade(color, 0.12), { rx: h * 0.06, opacity: 0.7 });
  s.add(o);
}

/** Simple chair / stool silhouettes and small props. */
function stool(s, x, y, hgt, color) {
  let o = ellipse(x, y - hgt, hgt * 0.22, hgt * 0.06, shade(color, 0.15));
  o += rect(x - hgt * 0.2, y - hgt, hgt * 0.4, hgt * 0.06, color);
  o += line(x - hgt * 0.17, y - hgt, x - hgt * 0.24, y, color, Math.max(2, hgt * 0.035));
  o += line(x + hgt * 0.17, y - hgt, x + hgt * 0.24, y, color, Math.max(2, hgt * 0.035));
  o += line(x - hgt * 0.2, y - hgt * 0.35, x + hgt * 0.2, y - hgt * 0.35, color, Math.max(2, hgt * 0.03));
  s.add(o);
}

// ---------------------------------------------------------------------------------------------
// Scenes
// ---------------------------------------------------------------------------------------------

const SCENES = {
  hero(s) {
    sky(
      s,
      [
        [0, '#0e1a33'],
        [0.35, '#23375e'],
        [0.62, '#6e5d82'],
        [0.8, '#d98e6a'],
        [0.92, '#f5b978'],
      ],
      760,
    );
    stars(s, s.r, 70, 260, { bright: 0.7 });
    sun(s, 1180, 620, 0, '#ffd9a0', '#ffb070', 520, 0.55);
    cloud(s, s.r, 420, 380, 520, '#e7a2a0', 0.35);
    cloud(s, s.r, 1250, 300, 380, '#c98fa4', 0.3);
    ridges(s, {
      n: 5,
      y0: 560,
      y1: 760,
      amp0: 180,
      amp1: 140,
      far: '#9c87a3',
      near: '#1e2a45',
      mist: '#e8b8a0',
      mistOp: 0.35,
    });
    // the home ridge with a level shoulder for the house
    const base = ridgeLine(s.r, { y: 900, amp: 120, rough: 0.5 }).map(([x, y]) => {
      const k = Math.exp(-(((x - 800) / 380) ** 2));
      return [x, lerp(y, 905, k)];
    });
    s.add(path(ridgeD(base), '#121c2b'));
    house(s, 800, 912, 1.02, { lit: true });
    s.add(
      path(
        treeline(
          s.r,
          base.map(([x, y]) => [x, y + 20]),
          { hMin: 60, hMax: 170, spacing: 38, from: -40, to: 430, tiers: 5, wr: 0.28 },
        ),
        '#0c141f',
      ),
    );
    s.add(
      path(
        treeline(
          s.r,
          base.map(([x, y]) => [x, y + 20]),
          { hMin: 60, hMax: 180, spacing: 38, from: 1170, to: 1660, tiers: 5, wr: 0.28 },
        ),
        '#0c141f',
      ),
    );
    // foreground framing pines
    s.add(
      path(
        pineD(70, H + 20, 760, 170, s.r, 8) +
          pineD(1560, H + 30, 700, 160, s.r, 8) +
          pineD(1440, H + 40, 430, 110, s.r, 6),
        '#070c14',
      ),
    );
    // foreground meadow and path lights
    s.add(path(`M-20,${H + 20}L-20,1010Q500,960 800,955Q1100,960 1620,1000L1620,${H + 20}Z`, '#0a1019'));
    s.add(
      path(`M760,958L840,958L930,${H + 20}L670,${H + 20}Z`, '#2a2a2e'),
      path(
        `M760,958L840,958L930,${H + 20}L670,${H + 20}Z`,
        s.lin([
          [0, '#ffb45a', 0.35],
          [1, '#ffb45a', 0.05],
        ]),
      ),
    );
    for (const [x, y, k] of [
      [735, 985, 0.7],
      [865, 985, 0.7],
      [690, 1035, 1],
      [910, 1035, 1],
    ]) {
      s.add(
        ellipse(x, y + 4, 40 * k, 10 * k, '#ffc26b', { opacity: 0.4, filter: s.blur(6) }),
        rect(x - 4 * k, y - 26 * k, 8 * k, 30 * k, '#0d0f12'),
        rect(x - 5 * k, y - 30 * k, 10 * k, 8 * k, '#ffdca0'),
      );
    }
    s.finish();
  },

  mountains(s) {
    sky(
      s,
      [
        [0, '#2a3a66'],
        [0.35, '#6c5f8d'],
        [0.6, '#d98b7d'],
        [0.78, '#f6b26b'],
        [0.9, '#fbd38d'],
      ],
      700,
    );
    sun(s, 560, 548, 46, '#fff1c9', '#ffc46b', 620, 0.75);
    cloud(s, s.r, 1150, 250, 600, '#f0a58a', 0.45);
    cloud(s, s.r, 300, 190, 500, '#b98aa4', 0.4);
    ridges(s, {
      n: 7,
      y0: 600,
      y1: 990,
      amp0: 110,
      amp1: 240,
      rough: 0.58,
      far: '#a4a6c8',
      near: '#121a30',
      mist: '#f3c09e',
      mistOp: 0.36,
    });
    s.finish();
  },

  slide1(s) {
    sky(
      s,
      [
        [0, '#5f86b8'],
        [0.4, '#a9b7d4'],
        [0.68, '#f2c6b4'],
        [0.85, '#ffd9a6'],
      ],
      720,
    );
    sun(s, 980, 520, 40, '#fff6dc', '#ffd08a', 560, 0.9);
    cloud(s, s.r, 350, 260, 520, '#ffffff', 0.35);
    cloud(s, s.r, 1300, 200, 420, '#ffe4d0', 0.4);
    ridges(s, {
      n: 6,
      y0: 520,
      y1: 820,
      amp0: 110,
      amp1: 160,
      far: '#c6b7cf',
      near: '#34405e',
      mist: '#fbe7dc',
      mistOp: 0.75,
    });
    mistBand(s, 600, 220, '#fff3ea', 0.45);
    // the deck: railing and boards in the foreground
    const wood = '#4a3426';
    s.add(
      poly(
        [
          [-20, 930],
          [W + 20, 930],
          [W + 20, H + 10],
          [-20, H + 10],
        ],
        '#5d4030',
      ),
    );
    for (let i = 0; i < 12; i += 1)
      s.add(line(-20, 940 + i * 12 + i * i * 0.6, W + 20, 940 + i * 12 + i * i * 0.6, '#3a281d', 2, { opacity: 0.6 }));
    let rail = rect(-20, 760, W + 40, 26, wood) + rect(-20, 786, W + 40, 6, '#2d2019');
    rail += rect(-20, 900, W + 40, 18, wood);
    for (let x = 10; x < W; x += 46) rail += rect(x, 792, 14, 110, wood);
    for (const x of [-10, 520, 1060, 1580]) rail += rect(x - 16, 740, 40, 200, '#3d2b20');
    s.add(rail);
    // an enamel coffee mug on the rail, steaming in the cool morning air
    s.add(
      path('M1132,700c-16,-30 14,-46 -2,-80s10,-40 4,-60', 'none', {
        stroke: '#ffffff',
        'stroke-width': 10,
        'stroke-linecap': 'round',
        opacity: 0.35,
        filter: s.blur(5),
      }),
      path('M1150,722q24,0 24,17q0,17 -24,17', 'none', { stroke: '#2f4b6e', 'stroke-width': 8 }),
      rect(1108, 710, 48, 52, '#2f4b6e', { rx: 6 }),
      rect(1108, 710, 14, 52, '#4a6a90', { rx: 6 }),
      ellipse(1132, 711, 24, 6, '#e8eef5'),
      ellipse(1132, 712, 19, 4, '#5b3b26'),
    );
    s.add(
      rect(
        0,
        0,
        W,
        H,
        s.rad(
          [
            [0, '#ffd9a0', 0.25],
            [1, '#ffd9a0', 0],
          ],
          980,
          520,
          900,
        ),
      ),
    );
    s.finish({ vignette: 0.3 });
  },
  overview(s) {
    const back = [340, 300, 1260, 780];
    const rm = room(s, {
      back,
      vp: [800, 590],
      wall: '#d8c3a3',
      side: '#c7ab85',
      floor: '#8d5c3b',
      ceiling: '#b48b60',
      planks: 20,
    });
    const truss = vault(s, rm, back, 90, {
      wall: '#d8c3a3',
      ceiling: '#b98f63',
      beam: '#5a3b26',
      depths: [1, 1.45, 2.2],
    });
    // glass gable wall with the mountains beyond
    const glass = [
      [470, 760],
      [1130, 760],
      [1130, 330],
      [800, 160],
      [470, 330],
    ];
    windowView(s, 470, 160, 660, 600, { seed: 21, time: 'day', shape: poly(glass, '#000'), sunAt: [1010, 430] });
    let fr = `<polygon points="${pts(glass)}" fill="none" stroke="#2e2620" stroke-width="12"/>`;
    for (const x of [602, 734, 866, 998])
      fr += line(
        x,
        760,
        x,
        x < 800 ? 330 - (330 - 160) * ((x - 470) / 330) : 330 - (330 - 160) * ((1130 - x) / 330),
        '#2e2620',
        7,
      );
    fr += line(470, 330, 1130, 330, '#2e2620', 8) + line(470, 560, 1130, 560, '#2e2620', 6);
    s.add(fr);
    // sunlight falling through the glass onto the floor
    s.add(
      poly(
        [rm.onFloor(0.18, 1), rm.onFloor(0.86, 1), rm.onFloor(0.7, 1.9), rm.onFloor(-0.1, 1.9)],
        s.lin([
          [0, '#ffe3a8', 0.35],
          [1, '#ffe3a8', 0],
        ]),
        { filter: s.blur(6) },
      ),
    );
    // right wall: two tall windows in perspective
    for (const [da, db] of [
      [1.12, 1.38],
      [1.55, 1.95],
    ]) {
      const q = [rm.at(1, da, 40), rm.at(1, db, 40), rm.at(1, db, 430), rm.at(1, da, 430)];
      s.add(
        poly(
          q,
          s.lin([
            [0, '#a9c6de'],
            [1, '#e4ecde'],
          ]),
        ),
        `<polygon points="${pts(q)}" fill="none" stroke="#2e2620" stroke-width="8"/>`,
      );
      const m0 = rm.at(1, (da + db) / 2, 40);
      const m1 = rm.at(1, (da + db) / 2, 430);
      s.add(line(m0[0], m0[1], m1[0], m1[1], '#2e2620', 6));
    }
    // stone fireplace on the left, floor to ceiling
    const fd = 1.14;
    const [fx0, fy1] = rm.at(-0.2, fd, 0);
    const [fx1] = rm.at(0.12, fd, 0);
    s.add(poly([rm.at(0.12, 1, 0), rm.at(0.12, fd, 0), rm.at(0.12, fd, 900), rm.at(0.12, 1, 900)], '#6d6760'));
    s.add(stones(s.r, fx0, -20, fx1 - fx0, fy1 + 20, { size: 30, light: -0.02 }));
    const fbx = (fx0 + fx1) / 2;
    s.add(rect(fx0 - 10, fy1 - 330, fx1 - fx0 + 20, 34, '#5a3b26'));
    s.add(
      path(
        `M${f(fbx - 120)},${f(fy1 - 60)}L${f(fbx - 120)},${f(fy1 - 200)}Q${f(fbx)},${f(fy1 - 260)} ${f(fbx + 120)},${f(fy1 - 200)}L${f(fbx + 120)},${f(fy1 - 60)}Z`,
        '#1b1512',
      ),
    );
    fire(s, s.r, fbx, fy1 - 70, 80, 120);
    s.add(
      rect(fx0 - 30, fy1 - 60, fx1 - fx0 + 60, 60, '#827b72'),
      rect(fx0 - 30, fy1 - 60, fx1 - fx0 + 60, 10, '#9b958b'),
    );
    s.add(ellipse(fbx + 120, fy1 + 40, 420, 90, '#ff9a3c', { opacity: 0.18, filter: s.blur(30) }));
    s.add(truss);
    // rug, coffee table and sofa facing the view
    rug(s, rm, { u0: 0.2, u1: 0.85, d0: 1.25, d1: 1.9, color: '#a7a08f', border: '#5b6b7d' });
    s.add(
      box(rm, {
        u0: 0.38,
        u1: 0.68,
        d0: 1.38,
        d1: 1.58,
        h: 45,
        top: '#6b4428',
        front: '#4c3020',
        sideL: '#3e2719',
        sideR: '#3e2719',
      }),
    );
    s.add(
      ellipse(...rm.at(0.5, 1.48, 46), 26, 9, '#d7d2c6'),
      circle(rm.at(0.6, 1.48, 70)[0], rm.at(0.6, 1.48, 70)[1], 18, '#3b5f46'),
    );
    sofaBack(s, 420, 880, 720, 160, '#3f5873');
    // side table and lamp
    s.add(rect(1200, 900, 90, 120, '#4c3020'));
    s.add(circle(1245, 820, 70, '#ffd58a', { opacity: 0.35, filter: s.blur(20) }));
    s.add(
      poly(
        [
          [1205, 840],
          [1285, 840],
          [1270, 780],
          [1220, 780],
        ],
        '#efe3c8',
      ),
      line(1245, 840, 1245, 900, '#2a2a2a', 4),
    );
    // a plant in the right corner
    for (let i = 0; i < 14; i += 1) {
      const a = -Math.PI / 2 + (s.r() - 0.5) * 2.4;
      const L = 110 + s.r() * 90;
      s.add(
        path(
          `M1470,960Q${f(1470 + Math.cos(a) * L * 0.4 - 20)},${f(960 + Math.sin(a) * L * 0.6)} ${f(1470 + Math.cos(a) * L)},${f(960 + Math.sin(a) * L)}`,
          'none',
          { stroke: pick(s.r, ['#2f5d3a', '#3c7047', '#26503a']), 'stroke-width': 14, 'stroke-linecap': 'round' },
        ),
      );
    }
    s.add(
      poly(
        [
          [1420, 950],
          [1520, 950],
          [1505, 1067],
          [1435, 1067],
        ],
        '#c9b79c',
      ),
    );
    s.add(
      rect(
        0,
        0,
        W,
        H,
        s.rad(
          [
            [0, '#ffb86b', 0.16],
            [1, '#ffb86b', 0],
          ],
          200,
          700,
          900,
        ),
      ),
    );
    s.finish({ vignette: 0.32 });
  },

  kitchen(s) {
    const back = [250, 200, 1350, 690];
    const rm = room(s, {
      back,
      vp: [800, 360],
      wall: '#ece5d8',
      side: '#ddd3c2',
      floor: '#a0714c',
      ceiling: '#f1ece3',
      planks: 22,
    });
    ceilingBeam(s, rm, 0.25, '#8a6240', 0.035);
    ceilingBeam(s, rm, 0.75, '#8a6240', 0.035);
    const navy = '#2d4159';
    // backsplash tiles
    let tiles = rect(270, 420, 1060, 140, '#f4f1ea');
    for (let y = 420; y < 560; y += 18) tiles += line(270, y, 1330, y, '#d9d3c7', 1.5);
    for (let y = 420, k = 0; y < 560; y += 18, k += 1)
      for (let x = 270 + (k % 2) * 22; x < 1330; x += 44) tiles += line(x, y, x, y + 18, '#d9d3c7', 1.2);
    s.add(tiles);
    // window over the sink
    windowView(s, 660, 240, 280, 230, { seed: 33, time: 'morning', sunAt: [880, 330] });
    s.add(windowFrame(660, 240, 280, 230, 2, 1, '#2c2a28', 8));
    // upper cabinets with door panels
    const upper = (x0, x1) => {
      let o = rect(x0, 225, x1 - x0, 180, navy);
      const n = Math.round((x1 - x0) / 95);
      for (let i = 0; i < n; i += 1) {
        const dx = (x1 - x0) / n;
        o += rect(x0 + i * dx + 8, 233, dx - 16, 164, 'none', { stroke: shade(navy, 0.12), 'stroke-width': 4 });
        o += rect(x0 + i * dx + (i % 2 ? 14 : dx - 20), 360, 6, 26, '#c9a86a', { rx: 3 });
      }
      return o + rect(x0 - 6, 218, x1 - x0 + 12, 10, shade(navy, -0.2));
    };
    s.add(upper(270, 630), upper(970, 1330));
    // under-cabinet light on the tiles
    s.add(
      rect(
        270,
        405,
        360,
        60,
        s.lin([
          [0, '#ffe0a0', 0.55],
          [1, '#ffe0a0', 0],
        ]),
      ),
      rect(
        970,
        405,
        360,
        60,
        s.lin([
          [0, '#ffe0a0', 0.55],
          [1, '#ffe0a0', 0],
        ]),
      ),
    );
    // lower run, counter and range
    s.add(rect(262, 560, 1076, 16, '#f3f1ec'), rect(262, 576, 1076, 104, navy));
    for (let x = 262; x < 1338; x += 108)
      s.add(
        rect(x + 7, 586, 94, 86, 'none', { stroke: shade(navy, 0.12), 'stroke-width': 4 }),
        rect(x + 44, 596, 20, 5, '#c9a86a', { rx: 2 }),
      );
    s.add(
      rect(1040, 576, 150, 104, '#3a3d42'),
      rect(1052, 600, 126, 60, '#1c1e21'),
      rect(1040, 560, 150, 8, '#2a2c30'),
    );
    s.add(
      poly(
        [
          [1050, 420],
          [1180, 420],
          [1150, 330],
          [1080, 330],
        ],
        '#bfc3c7',
      ),
      rect(1095, 225, 40, 105, '#b2b6ba'),
    );
    // faucet
    s.add(
      path('M800,560L800,520Q800,505 815,505L830,505', 'none', {
        stroke: '#9aa0a6',
        'stroke-width': 6,
        'stroke-linecap': 'round',
      }),
    );
    // the long island
    const isl = { u0: 0.1, u1: 0.9, d0: 1.45, d1: 1.78, h: 170 };
    s.add(ellipse(...rm.onFloor(0.5, 1.8), 620, 40, '#000000', { opacity: 0.25, filter: s.blur(14) }));
    s.add(box(rm, { ...isl, front: '#6b4a30', sideL: '#573b26', sideR: '#573b26' }));
    const [ix0, iy0] = rm.at(isl.u0, isl.d1, isl.h);
    const [ix1, iy1] = rm.at(isl.u1, isl.d1, 0);
    for (let x = ix0 + 20; x < ix1 - 20; x += 130)
      s.add(rect(x, iy0 + 30, 110, iy1 - iy0 - 50, 'none', { stroke: '#5a3c26', 'stroke-width': 5 }));
    s.add(
      box(rm, {
        u0: isl.u0 - 0.012,
        u1: isl.u1 + 0.012,
        d0: isl.d0 - 0.02,
        d1: isl.d1 + 0.02,
        h0: isl.h,
        h: isl.h + 12,
        top: '#f5f3ee',
        front: '#dedad2',
        sideL: '#e6e2da',
        sideR: '#e6e2da',
      }),
    );
    const top = (u, d) => rm.at(u, d, isl.h + 12);
    // a bowl of lemons and a vase of greenery on the island
    const [bx, by] = top(0.32, 1.6);
    s.add(ellipse(bx, by - 8, 58, 22, '#e9e4da'));
    for (let i = 0; i < 6; i += 1) s.add(circle(bx - 36 + i * 14, by - 20 - (i % 2) * 10, 14, '#f2c53d'));
    s.add(ellipse(bx, by + 2, 60, 10, '#cfc8bb'));
    const [vx, vy] = top(0.66, 1.58);
    s.add(rect(vx - 14, vy - 70, 28, 70, '#dfe8ee', { rx: 8, opacity: 0.85 }));
    for (let i = 0; i < 7; i += 1)
      s.add(
        path(`M${vx},${f(vy - 60)}q${f(-30 + i * 10)},-60 ${f(-50 + i * 17)},-110`, 'none', {
          stroke: '#3c7047',
          'stroke-width': 5,
        }),
      );
    // stools along the front
    for (const u of [0.18, 0.36, 0.64, 0.82]) {
      const [sx, sy] = rm.onFloor(u, 1.95);
      stool(s, sx, sy, 330, '#2a2420');
    }
    // pendant lights over the island
    for (const u of [0.26, 0.5, 0.74]) pendant(s, rm.at(u, 1.6, 0)[0], 0, 250, 70, { coneH: 320 });
    s.add(
      rect(
        0,
        0,
        W,
        H,
        s.rad(
          [
            [0, '#ffd38a', 0.14],
            [1, '#ffd38a', 0],
          ],
          800,
          420,
          900,
        ),
      ),
    );
    s.finish({ vignette: 0.3 });
  },

  slide2(s) {
    const back = [300, 260, 1300, 760];
    const rm = room(s, {
      back,
      vp: [800, 540],
      wall: '#dcc9ac',
      side: '#c9ae88',
      floor: '#7f5437',
      ceiling: '#b68c61',
      planks: 20,
    });
    const truss = vault(s, rm, back, 60, { wall: '#dcc9ac', ceiling: '#b98f63', beam: '#5a3b26', depths: [1, 1.6] });
    // tall windows either side of the chimney
    for (const [x, seed] of [
      [360, 41],
      [1030, 42],
    ]) {
      windowView(s, x, 300, 210, 420, { seed, time: 'dusk' });
      s.add(windowFrame(x, 300, 210, 420, 2, 3, '#2e2620', 7));
    }
    // the chimney breast: floor to ceiling stone
    const d = 1.08;
    const [cx0, cy1] = rm.at(0.33, d, 0);
    const [cx1] = rm.at(0.67, d, 0);
    s.add(poly([rm.at(0.33, 1, 0), rm.at(0.33, d, 0), rm.at(0.33, d, 1000), rm.at(0.33, 1, 1000)], '#5f5a54'));
    s.add(poly([rm.at(0.67, 1, 0), rm.at(0.67, d, 0), rm.at(0.67, d, 1000), rm.at(0.67, 1, 1000)], '#5f5a54'));
    s.add(stones(s.r, cx0, -10, cx1 - cx0, cy1 + 10, { size: 28 }));
    const mx = (cx0 + cx1) / 2;
    s.add(
      path(
        `M${f(mx - 130)},${f(cy1 - 70)}L${f(mx - 130)},${f(cy1 - 230)}Q${f(mx)},${f(cy1 - 290)} ${f(mx + 130)},${f(cy1 - 230)}L${f(mx + 130)},${f(cy1 - 70)}Z`,
        '#17110e',
      ),
    );
    s.add(rect(mx - 90, cy1 - 92, 180, 18, '#3a2618'));
    fire(s, s.r, mx, cy1 - 88, 90, 150);
    s.add(
      rect(cx0 - 40, cy1 - 74, cx1 - cx0 + 80, 74, '#857e74'),
      rect(cx0 - 40, cy1 - 74, cx1 - cx0 + 80, 12, '#a19a8f'),
    );
    s.add(
      rect(cx0 - 24, cy1 - 350, cx1 - cx0 + 48, 38, '#5a3b26'),
      rect(cx0 - 24, cy1 - 312, cx1 - cx0 + 48, 6, '#3c271a'),
    );
    // candles and a small print on the mantel
    for (const [x, h] of [
      [cx0 + 30, 40],
      [cx0 + 52, 28],
    ])
      s.add(
        rect(x, cy1 - 350 - h, 14, h, '#f3ead8'),
        circle(x + 7, cy1 - 356 - h, 12, '#ffd58a', { opacity: 0.6, filter: s.blur(4) }),
      );
    windowView(s, cx1 - 140, cy1 - 470, 100, 120, { seed: 43, time: 'day' });
    s.add(rect(cx1 - 140, cy1 - 470, 100, 120, 'none', { stroke: '#3c271a', 'stroke-width': 8 }));
    s.add(ellipse(mx, cy1 + 120, 560, 140, '#ff9a3c', { opacity: 0.2, filter: s.blur(40) }));
    s.add(truss);
    rug(s, rm, { u0: 0.18, u1: 0.82, d0: 1.28, d1: 2.0, color: '#b9ac94', border: '#7a3f32' });
    // sofas facing each other across the rug
    const sofa = (u0, u1, backU0, backU1, armU0, armU1, color) => {
      const dark = shade(color, -0.18);
      let o = box(rm, {
        u0,
        u1,
        d0: 1.3,
        d1: 2.05,
        h: 60,
        top: shade(color, 0.08),
        front: dark,
        sideL: color,
        sideR: color,
      });
      o += box(rm, {
        u0: backU0,
        u1: backU1,
        d0: 1.3,
        d1: 2.05,
        h: 120,
        top: shade(color, 0.1),
        front: dark,
        sideL: shade(color, 0.04),
        sideR: shade(color, 0.04),
      });
      o += box(rm, {
        u0: armU0,
        u1: armU1,
        d0: 1.98,
        d1: 2.12,
        h: 95,
        top: shade(color, 0.12),
        front: dark,
        sideL: color,
        sideR: color,
      });
      o += box(rm, {
        u0: armU0,
        u1: armU1,
        d0: 1.24,
        d1: 1.32,
        h: 95,
        top: shade(color, 0.12),
        front: dark,
        sideL: color,
        sideR: color,
      });
      return o;
    };
    s.add(sofa(-0.02, 0.2, -0.06, 0.0, -0.06, 0.2, '#3f5873'));
    s.add(sofa(0.8, 1.02, 1.0, 1.06, 0.8, 1.06, '#3f5873'));
    // cushions
    s.add(poly([rm.at(0.0, 1.55, 60), rm.at(0.0, 1.7, 60), rm.at(0.0, 1.7, 125), rm.at(0.0, 1.55, 125)], '#c9823f'));
    s.add(poly([rm.at(1.0, 1.55, 60), rm.at(1.0, 1.7, 60), rm.at(1.0, 1.7, 125), rm.at(1.0, 1.55, 125)], '#c9823f'));
    s.add(
      box(rm, {
        u0: 0.36,
        u1: 0.64,
        d0: 1.45,
        d1: 1.78,
        h: 42,
        top: '#6b4428',
        front: '#4c3020',
        sideL: '#3e2719',
        sideR: '#3e2719',
      }),
    );
    const [tx, ty] = rm.at(0.45, 1.6, 43);
    s.add(rect(tx - 30, ty - 16, 60, 16, '#5b6b7d'), rect(tx - 26, ty - 30, 52, 14, '#b4503c'));
    s.add(
      rect(
        0,
        0,
        W,
        H,
        s.rad(
          [
            [0, '#ffae5e', 0.18],
            [1, '#ffae5e', 0],
          ],
          800,
          700,
          900,
        ),
      ),
    );
    s.finish({ vignette: 0.34 });
  },

  slide3(s) {
    const back = [150, 40, 1450, 620];
    const rm = room(s, {
      back,
      vp: [800, 200],
      wall: '#efe8dc',
      side: '#e0d6c6',
      floor: '#a0714c',
      ceiling: '#f3eee6',
      planks: 24,
    });
    const navy = '#2d4159';
    windowView(s, 480, 90, 640, 330, { seed: 51, time: 'morning', sunAt: [900, 250] });
    s.add(windowFrame(480, 90, 640, 330, 3, 1, '#2c2a28', 9));
    let cab = rect(170, 60, 280, 250, navy) + rect(1150, 60, 280, 250, navy);
    for (const x0 of [170, 1150])
      for (let i = 0; i < 2; i += 1)
        cab += rect(x0 + 10 + i * 140, 70, 120, 230, 'none', { stroke: shade(navy, 0.12), 'stroke-width': 4 });
    s.add(cab);
    s.add(rect(160, 440, 1280, 18, '#f3f1ec'), rect(160, 458, 1280, 162, navy));
    for (let x = 160; x < 1440; x += 128)
      s.add(rect(x + 8, 470, 112, 140, 'none', { stroke: shade(navy, 0.12), 'stroke-width': 4 }));
    // morning light rays from the window
    s.add(
      poly(
        [
          [480, 90],
          [1120, 90],
          [1500, 1067],
          [100, 1067],
        ],
        s.lin([
          [0, '#fff0c8', 0.28],
          [1, '#fff0c8', 0],
        ]),
        { filter: s.blur(10) },
      ),
    );
    // the island top, set for breakfast
    const hh = 200;
    s.add(
      box(rm, {
        u0: -0.15,
        u1: 1.15,
        d0: 1.35,
        d1: 3.6,
        h: hh,
        top: s.lin([
          [0, '#f3f1ec'],
          [1, '#fbfaf7'],
        ]),
        front: '#6b4a30',
      }),
    );
    // faint marble veins
    let veins = '';
    for (let i = 0; i < 7; i += 1) {
      const [ax, ay] = rm.at(-0.1 + s.r() * 0.5, 1.5 + s.r() * 1.8, hh);
      veins += path(
        `M${f(ax)},${f(ay)}q${f(150 + s.r() * 200)},${f(-20 + s.r() * 40)} ${f(400 + s.r() * 300)},${f(-30 + s.r() * 60)}t${f(300 + s.r() * 200)},${f(s.r() * 30)}`,
        'none',
        { stroke: '#b9b4aa', 'stroke-width': 1.5 + s.r() * 2, opacity: 0.35 },
      );
    }
    s.add(veins);
    const T = (u, d) => rm.at(u, d, hh);
    const shadow = (x, y, rx, ry) => ellipse(x + 6, y + 5, rx, ry, '#000000', { opacity: 0.12, filter: s.blur(4) });
    const plate = (u, d) => {
      const [x, y] = T(u, d);
      const k = d / 2;
      let o = shadow(x, y, 95 * k, 32 * k);
      o += ellipse(x, y, 95 * k, 32 * k, '#ffffff') + ellipse(x, y, 66 * k, 21 * k, '#eeebe4');
      // pancakes with butter, and berries
      o +=
        ellipse(x, y - 6 * k, 48 * k, 16 * k, '#c98a45') +
        ellipse(x, y - 12 * k, 46 * k, 15 * k, '#d99b52') +
        ellipse(x, y - 18 * k, 44 * k, 14 * k, '#e2aa5f');
      o += rect(x - 10 * k, y - 24 * k, 20 * k, 9 * k, '#f7e39a');
      for (let i = 0; i < 4; i += 1)
        o += circle(x + (40 + i * 8) * k, y + (4 - i * 3) * k, 6 * k, i % 2 ? '#3a3f8f' : '#b8283a');
      return o;
    };
    const mug = (u, d, c) => {
      const [x, y] = T(u, d);
      const k = d / 2;
      let o = shadow(x, y, 30 * k, 10 * k);
      o += rect(x - 26 * k, y - 62 * k, 52 * k, 62 * k, c, { rx: 6 * k });
      o +=
        ellipse(x, y - 62 * k, 26 * k, 8 * k, '#4a2c1a') +
        path(
          `M${f(x + 26 * k)},${f(y - 50 * k)}q${f(22 * k)},0 ${f(22 * k)},${f(18 * k)}q0,${f(18 * k)} ${f(-22 * k)},${f(18 * k)}`,
          'none',
          { stroke: c, 'stroke-width': f(7 * k) },
        );
      return o;
    };
    const juice = (u, d) => {
      const [x, y] = T(u, d);
      const k = d / 2;
      return (
        shadow(x, y, 22 * k, 8 * k) +
        rect(x - 20 * k, y - 80 * k, 40 * k, 80 * k, '#f3f7fa', { opacity: 0.7, rx: 4 * k }) +
        rect(x - 17 * k, y - 60 * k, 34 * k, 57 * k, '#f7a531', { rx: 3 * k })
      );
    };
    // far side settings first so near ones overlap them
    // a place setting: mug to the right, juice to the left, slightly behind the plate
    const setting = (u, d) => {
      const du = 0.17 / d;
      s.add(juice(u - du, d - 0.12), mug(u + du, d - 0.1, pick(s.r, ['#d96c4f', '#3d5a80', '#e7dcc8'])), plate(u, d));
    };
    setting(0.3, 1.8);
    setting(0.7, 1.8);
    // fruit bowl and coffee press in the middle
    const [fx, fy] = T(0.5, 2.25);
    s.add(shadow(fx, fy, 120, 34), ellipse(fx, fy - 16, 115, 34, '#ece6da'));
    for (let i = 0; i < 9; i += 1)
      s.add(
        circle(
          fx - 80 + i * 20 + (s.r() - 0.5) * 8,
          fy - 36 - (i % 3) * 14,
          24,
          pick(s.r, ['#f29b30', '#d93b30', '#f2c53d', '#7fae42']),
        ),
      );
    s.add(path(`M${f(fx - 118)},${f(fy - 20)}Q${f(fx)},${f(fy + 40)} ${f(fx + 118)},${f(fy - 20)}Z`, '#ddd5c6'));
    const [cx, cy] = T(0.6, 1.75);
    s.add(
      rect(cx - 24, cy - 110, 48, 110, '#2a2522', { opacity: 0.85, rx: 6 }),
      rect(cx - 20, cy - 85, 40, 80, '#4b2c18'),
      rect(cx - 28, cy - 118, 56, 12, '#9aa0a6'),
      line(cx, cy - 118, cx, cy - 136, '#9aa0a6', 5),
    );
    // a board of croissants
    const [bx, by] = T(0.33, 2.3);
    s.add(
      shadow(bx, by, 150, 40),
      poly(
        [
          [bx - 150, by - 30],
          [bx + 130, by - 40],
          [bx + 160, by + 22],
          [bx - 130, by + 34],
        ],
        '#b07a48',
      ),
      poly(
        [
          [bx - 130, by + 34],
          [bx + 160, by + 22],
          [bx + 160, by + 32],
          [bx - 130, by + 44],
        ],
        '#8a5a33',
      ),
    );
    for (const [ox, oy] of [
      [-70, -8],
      [10, -14],
      [85, -4],
    ])
      s.add(
        path(
          `M${f(bx + ox - 50)},${f(by + oy + 8)}Q${f(bx + ox)},${f(by + oy - 50)} ${f(bx + ox + 50)},${f(by + oy + 8)}Q${f(bx + ox)},${f(by + oy + 20)} ${f(bx + ox - 50)},${f(by + oy + 8)}Z`,
          '#d9953f',
        ),
        path(
          `M${f(bx + ox - 20)},${f(by + oy - 14)}Q${f(bx + ox)},${f(by + oy)} ${f(bx + ox + 20)},${f(by + oy - 14)}`,
          'none',
          { stroke: '#a8672a', 'stroke-width': 4 },
        ),
      );
    setting(0.37, 2.95);
    setting(0.66, 2.95);
    // flowers
    const [vx, vy] = T(0.44, 1.6);
    s.add(rect(vx - 18, vy - 80, 36, 80, '#dfe8ee', { rx: 10, opacity: 0.85 }));
    for (let i = 0; i < 7; i += 1) {
      const ex = vx - 60 + i * 20;
      const ey = vy - 140 - (i % 3) * 18;
      s.add(
        path(`M${vx},${f(vy - 70)}L${f(ex)},${f(ey)}`, 'none', { stroke: '#3c7047', 'stroke-width': 4 }),
        circle(ex, ey, 13, pick(s.r, ['#ffffff', '#f3c84b', '#e98aa0'])),
      );
    }
    for (const x of [300, 800, 1300]) pendant(s, x, -10, 0, 90, { cone: false });
    s.add(
      rect(
        0,
        0,
        W,
        H,
        s.rad(
          [
            [0, '#fff1c8', 0.2],
            [1, '#fff1c8', 0],
          ],
          900,
          250,
          1000,
        ),
      ),
    );
    s.finish({ vignette: 0.28 });
  },
  slide4(s) {
    // seen from just behind the headboard: the bed runs away from us towards the window
    const back = [240, 110, 1360, 700];
    const rm = room(s, {
      back,
      vp: [800, 300],
      wall: '#e2d6c4',
      side: '#d3c3ab',
      floor: '#8a603f',
      ceiling: '#ece4d7',
      planks: 22,
    });
    ceilingBeam(s, rm, 0.3, '#8a6240', 0.03);
    ceilingBeam(s, rm, 0.7, '#8a6240', 0.03);
    windowView(s, 360, 190, 880, 420, { seed: 61, time: 'morning', sunAt: [1040, 300] });
    s.add(windowFrame(360, 190, 880, 420, 3, 1, '#2e2620', 10));
    s.add(rect(350, 610, 900, 14, '#d9ccb8'));
    for (const [x, w] of [
      [270, 95],
      [1235, 95],
    ]) {
      let c = rect(
        x,
        160,
        w,
        530,
        s.lin(
          [
            [0, '#5b6b7d'],
            [0.5, '#71849a'],
            [1, '#4d5c6d'],
          ],
          { x1: 0, y1: 0, x2: 1, y2: 0 },
        ),
      );
      for (let i = 1; i < 4; i += 1)
        c += line(x + (w * i) / 4, 160, x + (w * i) / 4, 690, '#3f4c5b', 3, { opacity: 0.5 });
      s.add(c);
    }
    s.add(rect(250, 152, 1100, 10, '#2e2620'));
    s.add(
      poly(
        [rm.onFloor(0.12, 1), rm.onFloor(0.88, 1), rm.onFloor(0.98, 1.6), rm.onFloor(0.02, 1.6)],
        s.lin([
          [0, '#ffe7b8', 0.3],
          [1, '#ffe7b8', 0],
        ]),
        { filter: s.blur(8) },
      ),
    );
    // armchair by the window
    s.add(
      box(rm, { u0: 0.8, u1: 0.95, d0: 1.06, d1: 1.24, h: 55, top: '#b4503c', front: '#8f3d2d', sideL: '#a3473a' }),
    );
    s.add(
      box(rm, { u0: 0.92, u1: 0.95, d0: 1.06, d1: 1.24, h: 130, top: '#b4503c', front: '#a3473a', sideL: '#8f3d2d' }),
    );
    s.add(
      box(rm, { u0: 0.8, u1: 0.95, d0: 1.06, d1: 1.09, h: 130, top: '#b4503c', front: '#a3473a', sideL: '#8f3d2d' }),
    );
    rug(s, rm, { u0: 0.2, u1: 0.8, d0: 1.12, d1: 2.3, color: '#cdbfa6', border: '#a8977b' });
    // bench at the foot of the bed
    s.add(
      box(rm, {
        u0: 0.36,
        u1: 0.64,
        d0: 1.16,
        d1: 1.26,
        h: 50,
        top: '#6b4428',
        front: '#4c3020',
        sideL: '#5a3b26',
        sideR: '#5a3b26',
      }),
    );
    // the king bed
    const bed = { u0: 0.3, u1: 0.7, d0: 1.35, d1: 2.6 };
    s.add(box(rm, { ...bed, h: 40, front: '#5a3b26', sideL: '#4c3020', sideR: '#4c3020' }));
    s.add(
      box(rm, {
        ...bed,
        h0: 30,
        h: 100,
        top: s.lin([
          [0, '#f7f4ee'],
          [1, '#ebe5da'],
        ]),
        front: '#ece7de',
        sideL: '#e6e0d5',
        sideR: '#e6e0d5',
      }),
    );
    for (const u of [0.38, 0.46, 0.54, 0.62])
      s.add(line(...rm.at(u, 1.5, 101), ...rm.at(u + (u - 0.5) * 0.1, 2.2, 101), '#d4cdc0', 3, { opacity: 0.6 }));
    // navy throw across the foot, hanging over the end
    s.add(
      poly(
        [
          rm.at(bed.u0 - 0.005, 1.35, 101),
          rm.at(bed.u1 + 0.005, 1.35, 101),
          rm.at(bed.u1 + 0.005, 1.56, 101),
          rm.at(bed.u0 - 0.005, 1.56, 101),
        ],
        '#9a4632',
      ),
    );
    for (const d of [1.4, 1.5]) s.add(line(...rm.at(bed.u0, d, 102), ...rm.at(bed.u1, d, 102), '#e0b05a', 4));
    // duvet turned down, pillows against the headboard
    s.add(
      poly(
        [rm.at(bed.u0, 2.1, 102), rm.at(bed.u1, 2.1, 102), rm.at(bed.u1, 2.25, 102), rm.at(bed.u0, 2.25, 102)],
        '#dfe6ec',
      ),
    );
    for (const [ua, ub, dd, c] of [
      [0.31, 0.5, 2.42, '#fbfaf6'],
      [0.5, 0.69, 2.42, '#fbfaf6'],
      [0.4, 0.6, 2.3, '#3f5873'],
    ]) {
      const p0 = rm.at(ua, dd, 100);
      const p1 = rm.at(ub, dd, 100);
      const hgt = (c === '#3f5873' ? 32 : 52) * dd;
      s.add(
        path(
          `M${f(p0[0])},${f(p0[1])}L${f(p1[0])},${f(p1[1])}Q${f(p1[0] + 8)},${f(p1[1] - hgt)} ${f((p0[0] + p1[0]) / 2)},${f(p1[1] - hgt * 1.1)}Q${f(p0[0] - 8)},${f(p0[1] - hgt)} ${f(p0[0])},${f(p0[1])}Z`,
          c,
          { stroke: shade(c, -0.12), 'stroke-width': 3 },
        ),
      );
    }
    // nightstands with lamps either side
    for (const [u0, u1] of [
      [0.14, 0.27],
      [0.73, 0.86],
    ]) {
      s.add(
        box(rm, {
          u0,
          u1,
          d0: 2.3,
          d1: 2.6,
          h: 85,
          top: '#6b4428',
          front: '#4c3020',
          sideL: '#5a3b26',
          sideR: '#5a3b26',
        }),
      );
      const [lx, ly] = rm.at((u0 + u1) / 2, 2.45, 85);
      s.add(circle(lx, ly - 220, 160, '#ffd38a', { opacity: 0.3, filter: s.blur(40) }));
      s.add(
        line(lx, ly, lx, ly - 170, '#2a2a2a', 7),
        poly(
          [
            [lx - 80, ly - 160],
            [lx + 80, ly - 160],
            [lx + 58, ly - 280],
            [lx - 58, ly - 280],
          ],
          '#f3e6c9',
        ),
      );
    }
    // the headboard's top rail, right in front of us
    const [hx0, hy] = rm.at(0.28, 2.7, 150);
    const [hx1] = rm.at(0.72, 2.7, 150);
    s.add(
      rect(hx0, hy, hx1 - hx0, H - hy + 10, '#3f5873'),
      rect(hx0 - 10, hy - 16, hx1 - hx0 + 20, 22, '#5a3b26', { rx: 6 }),
    );
    for (let x = hx0 + 40; x < hx1; x += 80) s.add(circle(x, hy + 40, 4, '#2f4258'));
    s.add(
      rect(
        0,
        0,
        W,
        H,
        s.rad(
          [
            [0, '#fff0c8', 0.18],
            [1, '#fff0c8', 0],
          ],
          1040,
          300,
          1000,
        ),
      ),
    );
    s.finish({ vignette: 0.3 });
  },

  slide6(s) {
    const back = [230, 190, 1370, 720];
    const rm = room(s, {
      back,
      vp: [800, 470],
      wall: '#272c44',
      side: '#20253b',
      floor: '#3a3247',
      ceiling: '#1b1f33',
      planks: 0,
    });
    // LED strip along the ceiling line and its glow
    const led = `<polyline points="${pts([rm.ext([230, 190]), [230, 190], [1370, 190], rm.ext([1370, 190])])}" fill="none" stroke="#b86bff" stroke-width="6"/>`;
    s.add(
      group(led, { filter: s.blur(10), opacity: 0.9 }),
      led.replace('#b86bff', '#e6c7ff').replace('stroke-width="6"', 'stroke-width="2"'),
    );
    s.add(
      rect(
        230,
        190,
        1140,
        120,
        s.lin([
          [0, '#b86bff', 0.3],
          [1, '#b86bff', 0],
        ]),
      ),
    );
    // big screen with a bright platform game
    const [sx, sy, sw, sh] = [470, 270, 660, 372];
    s.add(rect(sx - 60, sy - 40, sw + 120, sh + 80, '#3fd0ff', { opacity: 0.35, filter: s.blur(40) }));
    s.add(rect(sx - 10, sy - 10, sw + 20, sh + 20, '#0b0c10', { rx: 6 }));
    let g = rect(
      sx,
      sy,
      sw,
      sh,
      s.lin([
        [0, '#4cc3ff'],
        [1, '#b8ecff'],
      ]),
    );
    g += circle(sx + 540, sy + 70, 36, '#fff3a0');
    g += path(
      `M${sx},${sy + 280}Q${sx + 120},${sy + 200} ${sx + 240},${sy + 270}T${sx + 480},${sy + 250}T${sx + 660},${sy + 260}L${sx + 660},${sy + 372}L${sx},${sy + 372}Z`,
      '#5ccf6a',
    );
    g += rect(sx, sy + 320, sw, 52, '#8a5a2b') + rect(sx, sy + 312, sw, 12, '#4fbf4f');
    for (let i = 0; i < 4; i += 1)
      g += rect(sx + 200 + i * 36, sy + 170, 34, 34, i === 1 ? '#ffcc33' : '#d9743a', {
        stroke: '#6b3a1a',
        'stroke-width': 3,
      });
    g +=
      rect(sx + 420, sy + 230, 120, 28, '#d9743a') +
      rect(sx + 80, sy + 260, 60, 60, '#2fae4f', { rx: 6 }) +
      rect(sx + 72, sy + 248, 76, 18, '#2fae4f', { rx: 4 });
    g +=
      rect(sx + 300, sy + 268, 30, 44, '#e8403a', { rx: 6 }) +
      circle(sx + 315, sy + 258, 14, '#f6c89a') +
      rect(sx + 300, sy + 244, 30, 10, '#e8403a');
    for (let i = 0; i < 5; i += 1) g += circle(sx + 440 + i * 22, sy + 200, 8, '#ffd84a');
    g +=
      ellipse(sx + 150, sy + 80, 60, 16, '#ffffff', { opacity: 0.9 }) +
      ellipse(sx + 190, sy + 70, 40, 18, '#ffffff', { opacity: 0.9 });
    s.add(group(g, { 'clip-path': s.clip(rect(sx, sy, sw, sh, '#000')) }));
    // media console and consoles
    s.add(box(rm, { u0: 0.22, u1: 0.78, d0: 1.0, d1: 1.1, h: 70, top: '#3a3f52', front: '#2b2f3e' }));
    const [mx, my] = rm.at(0.4, 1.1, 40);
    s.add(
      rect(mx, my - 14, 90, 22, '#111318', { rx: 4 }),
      circle(mx + 78, my - 3, 3, '#3fd0ff'),
      rect(mx + 240, my - 18, 60, 28, '#f1f1f1', { rx: 4 }),
    );
    // posters on the side walls
    const poster = (u, da, db, c1, c2) => {
      const q = [rm.at(u, da, 200), rm.at(u, db, 200), rm.at(u, db, 420), rm.at(u, da, 420)];
      s.add(
        poly(q, c1),
        poly([lerpP(q[0], q[2], 0.2), lerpP(q[1], q[3], 0.2), lerpP(q[0], q[2], 0.8), lerpP(q[1], q[3], 0.8)], c2, {
          opacity: 0.8,
        }),
      );
    };
    poster(0, 1.15, 1.45, '#ff5d8f', '#ffd84a');
    poster(0, 1.7, 2.1, '#3fd0ff', '#5b3fd0');
    poster(1, 1.2, 1.55, '#7ee081', '#2f6fd0');
    // screen light on the floor
    s.add(
      poly(
        [rm.onFloor(0.25, 1.05), rm.onFloor(0.75, 1.05), rm.onFloor(1.1, 2.6), rm.onFloor(-0.1, 2.6)],
        s.lin([
          [0, '#6fd8ff', 0.3],
          [1, '#6fd8ff', 0],
        ]),
        { filter: s.blur(12) },
      ),
    );
    s.add(ellipse(...rm.onFloor(0.5, 1.8), 520, 110, '#4a3f63'), ellipse(...rm.onFloor(0.5, 1.8), 440, 86, '#564a73'));
    // bean bags facing the screen (seen from behind), lit from the screen on their tops
    const beanbag = (x, y, w, h, c) => {
      let o = ellipse(x, y + 6, w * 0.62, h * 0.14, '#000000', { opacity: 0.35, filter: s.blur(8) });
      o += path(
        `M${f(x - w * 0.55)},${f(y)}C${f(x - w * 0.7)},${f(y - h * 0.7)} ${f(x - w * 0.3)},${f(y - h * 1.05)} ${f(x)},${f(y - h)}C${f(x + w * 0.35)},${f(y - h * 1.05)} ${f(x + w * 0.72)},${f(y - h * 0.6)} ${f(x + w * 0.55)},${f(y)}Z`,
        c,
      );
      o += path(
        `M${f(x - w * 0.4)},${f(y - h * 0.72)}C${f(x - w * 0.2)},${f(y - h * 1.02)} ${f(x + w * 0.25)},${f(y - h * 1.02)} ${f(x + w * 0.42)},${f(y - h * 0.7)}C${f(x + w * 0.2)},${f(y - h * 0.86)} ${f(x - w * 0.2)},${f(y - h * 0.86)} ${f(x - w * 0.4)},${f(y - h * 0.72)}Z`,
        '#9fe6ff',
        { opacity: 0.35 },
      );
      o += path(
        `M${f(x - w * 0.5)},${f(y - h * 0.15)}Q${f(x)},${f(y + h * 0.05)} ${f(x + w * 0.5)},${f(y - h * 0.15)}`,
        'none',
        { stroke: shade(c, -0.3), 'stroke-width': 4, opacity: 0.6 },
      );
      return o;
    };
    s.add(
      beanbag(520, 900, 300, 210, '#e0533d'),
      beanbag(1110, 910, 320, 220, '#2fa8a0'),
      beanbag(820, 1010, 360, 230, '#f2b33d'),
    );
    s.add(beanbag(180, 1020, 340, 250, '#6c4ad0'), beanbag(1460, 1030, 330, 240, '#3d5a80'));
    // a controller on the floor
    s.add(ellipse(700, 1000, 38, 16, '#111318'), circle(688, 996, 4, '#3fd0ff'));
    s.finish({ vignette: 0.42 });
  },

  slide7(s) {
    const back = [180, 200, 1420, 700];
    const rm = room(s, {
      back,
      vp: [800, 380],
      wall: '#4a3326',
      side: '#3d2a20',
      floor: '#5a4030',
      ceiling: '#2a1f19',
      planks: 22,
      plankOp: 0.22,
    });
    // wood paneling and a stone accent band
    let pan = '';
    for (let x = 180; x < 1420; x += 62)
      pan += line(x, 200, x, 700, '#3a271c', 3) + line(x + 3, 200, x + 3, 700, '#5a4030', 1.5);
    s.add(pan, rect(180, 560, 1240, 140, '#3a271c'));
    s.add(stones(s.r, 180, 565, 1240, 125, { size: 18, light: -0.35 }));
    // framed mountain prints and sconces
    for (const [x, seed] of [
      [300, 71],
      [1130, 72],
    ]) {
      s.add(rect(x - 12, 268, 194, 144, '#1f1711'));
      windowView(s, x, 280, 170, 120, { seed, time: 'dusk' });
    }
    for (const x of [250, 560, 1040, 1350])
      s.add(
        circle(x, 300, 80, '#ffbf66', { opacity: 0.35, filter: s.blur(20) }),
        path(`M${x - 16},290L${x + 16},290L${x + 10},320L${x - 10},320Z`, '#f3d9a6'),
      );
    // cue rack
    s.add(rect(640, 250, 320, 24, '#2a1c14'), rect(640, 500, 320, 20, '#2a1c14'));
    for (let i = 0; i < 8; i += 1)
      s.add(
        line(665 + i * 38, 240, 668 + i * 38, 512, pick(s.r, ['#c9a06a', '#a67a4a', '#d9b57f']), 7, {
          'stroke-linecap': 'round',
        }),
        line(665 + i * 38, 240, 665 + i * 38, 270, '#1b1b1b', 7),
      );
    // the pool table
    const T = { u0: 0.2, u1: 0.8, d0: 1.45, d1: 2.35 };
    s.add(ellipse(...rm.onFloor(0.5, 2.0), 560, 80, '#000000', { opacity: 0.35, filter: s.blur(20) }));
    for (const [u, d] of [
      [0.23, 1.5],
      [0.77, 1.5],
      [0.23, 2.28],
      [0.77, 2.28],
    ]) {
      const a = rm.at(u, d, 0);
      const b = rm.at(u, d, 110);
      s.add(rect(a[0] - 16 * d, b[1], 32 * d, a[1] - b[1], '#3b2417'));
    }
    s.add(box(rm, { ...T, h0: 100, h: 150, top: '#4a2c1b', front: '#5a3521', sideL: '#4a2c1b', sideR: '#4a2c1b' }));
    const inset = (u0, u1, d0, d1) => [rm.at(u0, d0, 150), rm.at(u1, d0, 150), rm.at(u1, d1, 150), rm.at(u0, d1, 150)];
    s.add(poly(inset(0.23, 0.77, 1.49, 2.31), '#6b3f25'));
    s.add(poly(inset(0.245, 0.755, 1.51, 2.28), '#1f7a52'));
    // pockets
    for (const [u, d] of [
      [0.245, 1.51],
      [0.755, 1.51],
      [0.245, 1.9],
      [0.755, 1.9],
      [0.245, 2.28],
      [0.755, 2.28],
    ])
      s.add(ellipse(...rm.at(u, d, 150), 15 * d, 7 * d, '#0c0c0c'));
    // racked balls at the far end, cue ball near
    const colors = ['#f2c53d', '#2c4fa8', '#d93b30', '#5b2d8a', '#f07a2a', '#1f7a3a', '#7a1f2a', '#111111'];
    const ball = (u, d, c, stripe) => {
      const [x, y] = rm.at(u, d, 150);
      const r0 = 9.5 * d;
      let o =
        ellipse(x + r0 * 0.3, y + r0 * 0.1, r0, r0 * 0.4, '#000000', { opacity: 0.3 }) +
        circle(x, y - r0, r0, stripe ? '#f4f1e8' : c);
      if (stripe) o += rect(x - r0, y - r0 * 1.4, r0 * 2, r0 * 0.8, c, { 'clip-path': undefined });
      return o + circle(x - r0 * 0.35, y - r0 * 1.35, r0 * 0.28, '#ffffff', { opacity: 0.7 });
    };
    let k = 0;
    for (let row = 4; row >= 0; row -= 1) {
      for (let i = 0; i <= row; i += 1) {
        const u = 0.5 + (i - row / 2) * 0.032;
        const d = 1.62 + row * 0.055;
        s.add(ball(u, d, colors[k % colors.length], k % 3 === 2));
        k += 1;
      }
    }
    s.add(ball(0.48, 2.08, '#f7f4ea', false));
    // a cue lying on the felt
    s.add(line(...rm.at(0.3, 2.24, 152), ...rm.at(0.46, 2.12, 152), '#c9a06a', 7, { 'stroke-linecap': 'round' }));
    // billiard light: three shades on a long bar
    const barY = 140;
    s.add(
      line(500, 0, 500, barY, '#111', 3),
      line(1100, 0, 1100, barY, '#111', 3),
      rect(380, barY, 840, 14, '#2a2a2a', { rx: 6 }),
    );
    for (const x of [480, 800, 1120]) pendant(s, x, barY + 10, barY + 14, 120, { shadeColor: '#1f4a36', coneH: 520 });
    s.add(
      rect(
        0,
        0,
        W,
        H,
        s.rad(
          [
            [0, '#ffcf7a', 0.22],
            [1, '#ffcf7a', 0],
          ],
          800,
          560,
          800,
        ),
      ),
    );
    s.finish({ vignette: 0.5 });
  },

  slide9(s) {
    const back = [180, 150, 1420, 760];
    const rm = room(s, {
      back,
      vp: [800, 500],
      wall: '#c99a65',
      side: '#b9895a',
      floor: '#7a5236',
      ceiling: '#d6ab78',
      planks: 22,
    });
    // knotty pine boards
    let pine = '';
    for (let x = 180; x < 1420; x += 40) pine += line(x, 150, x, 760, '#a77b4c', 2);
    for (let i = 0; i < 40; i += 1)
      pine += ellipse(180 + s.r() * 1240, 160 + s.r() * 580, 4 + s.r() * 4, 2 + s.r() * 2, '#8a5e36', { opacity: 0.6 });
    s.add(pine);
    ceilingBeam(s, rm, 0.5, '#6b4428', 0.04);
    // window between the bunks
    windowView(s, 700, 250, 200, 240, { seed: 91, time: 'day' });
    s.add(windowFrame(700, 250, 200, 240, 2, 2, '#3b2a1f', 8), rect(688, 490, 224, 14, '#6b4428'));
    // pennant garland
    let pen = `<path d="M200,180Q800,300 1400,180" fill="none" stroke="#3b2a1f" stroke-width="2"/>`;
    for (let i = 0; i < 22; i += 1) {
      const t = (i + 0.5) / 22;
      const x = lerp(200, 1400, t);
      const y = 180 + 4 * 120 * t * (1 - t) * 1;
      pen += poly(
        [
          [x - 18, y],
          [x + 18, y + 1],
          [x, y + 38],
        ],
        ['#d9533d', '#f2b33d', '#2fa8a0', '#3d5a80', '#f4efe6'][i % 5],
      );
    }
    s.add(pen);
    // two bunk beds = four beds, each with a patchwork quilt
    const quilt = (x, y, w, h, seed) => {
      const r = mulberry32(seed);
      const pal = ['#d9533d', '#f2b33d', '#2fa8a0', '#3d5a80', '#f4efe6', '#7a9a5a', '#c96f8a'];
      let o = rect(x, y, w, h, '#f4efe6');
      const n = 12;
      const m = 3;
      for (let i = 0; i < n; i += 1)
        for (let j = 0; j < m; j += 1)
          o += rect(x + (w * i) / n + 1, y + (h * j) / m + 1, w / n - 2, h / m - 2, mix(pick(r, pal), '#f4efe6', 0.18));
      return o;
    };
    const bunk = (x0, x1, seed) => {
      const floorY = 840;
      let o = ellipse((x0 + x1) / 2, floorY + 10, (x1 - x0) * 0.55, 24, '#000000', {
        opacity: 0.25,
        filter: s.blur(10),
      });
      const wood = '#5a3b26';
      for (const [y, k] of [
        [660, 0],
        [380, 1],
      ]) {
        // mattress top (seen from above for the lower bunk, from below for the upper)
        if (k === 0)
          o += poly(
            [
              [x0 + 30, y],
              [x1 - 30, y],
              [x1 - 60, y - 70],
              [x0 + 60, y - 70],
            ],
            '#f4efe6',
          );
        o += ellipse(x0 + 170, y - 34, 80, 26, '#ffffff') + ellipse(x1 - 170, y - 34, 80, 26, '#f7f4ee');
        o += quilt(x0 + 30, y - 10, x1 - x0 - 60, 100, seed + k);
        o += rect(x0 + 20, y + 90, x1 - x0 - 40, 26, wood);
        if (k === 1) o += rect(x0 + 30, y + 116, x1 - x0 - 60, 14, '#3b2a1f', { opacity: 0.5 });
      }
      o += rect(x0, 220, 36, floorY - 220, wood) + rect(x1 - 36, 220, 36, floorY - 220, wood);
      o += rect(x0, 300, x1 - x0, 24, wood);
      // guard rail on the upper bunk and a ladder
      o += rect(x0 + 36, 320, (x1 - x0) * 0.55, 14, wood);
      const lx = x1 - 150;
      o += rect(lx, 300, 14, floorY - 300, shade(wood, 0.1)) + rect(lx + 80, 300, 14, floorY - 300, shade(wood, 0.1));
      for (let y = 360; y < floorY; y += 70) o += rect(lx, y, 94, 12, shade(wood, 0.15));
      return o;
    };
    s.add(bunk(150, 720, 5), bunk(880, 1450, 9));
    rug(s, rm, { u0: 0.3, u1: 0.7, d0: 1.15, d1: 1.9, color: '#3d5a80', border: '#f2b33d' });
    s.add(
      rect(
        0,
        0,
        W,
        H,
        s.rad(
          [
            [0, '#fff0c8', 0.15],
            [1, '#fff0c8', 0],
          ],
          800,
          370,
          900,
        ),
      ),
    );
    s.finish({ vignette: 0.32 });
  },
  aerial(s) {
    sky(
      s,
      [
        [0, '#93b3d3'],
        [0.6, '#d8e0e2'],
        [1, '#f1e3c8'],
      ],
      300,
    );
    sun(s, 1320, 130, 0, '#fff', '#ffe2b0', 420, 0.5);
    ridges(s, {
      n: 5,
      y0: 160,
      y1: 390,
      amp0: 90,
      amp1: 110,
      far: '#b0bfd6',
      near: '#5b7468',
      mist: '#e8e6dc',
      mistOp: 0.5,
    });
    // valley floor with fields and a winding river
    s.add(
      rect(
        0,
        420,
        W,
        H - 420,
        s.lin([
          [0, '#9aae7c'],
          [0.3, '#7f9a62'],
          [1, '#56743f'],
        ]),
      ),
    );
    const vr = mulberry32(77);
    for (let i = 0; i < 16; i += 1) {
      const x = vr() * W;
      const y = 440 + vr() * 170;
      const w = 60 + vr() * 140;
      const h = 8 + (y - 420) * 0.08 + vr() * 8;
      s.add(
        poly(
          [
            [x, y],
            [x + w, y - h * 0.3],
            [x + w * 1.1, y + h],
            [x + w * 0.1, y + h * 1.2],
          ],
          pick(vr, ['#b3b878', '#a4b46e', '#8fa862', '#c2b883']),
          { opacity: 0.8 },
        ),
      );
    }
    let grove = '';
    for (let i = 0; i < 260; i += 1) {
      const x = vr() * W;
      const y = 430 + vr() * 220;
      grove += circle(x, y, 2 + (y - 420) * 0.014 + vr() * 2, pick(vr, ['#5f7d4a', '#56744a', '#6b8752']));
    }
    s.add(grove);
    s.add(
      path('M-20,545C260,505 420,585 700,560S1100,495 1300,530S1560,560 1640,540', 'none', {
        stroke: '#a9cad8',
        'stroke-width': 13,
        'stroke-linecap': 'round',
      }),
    );
    s.add(
      path('M-20,545C260,505 420,585 700,560S1100,495 1300,530S1560,560 1640,540', 'none', {
        stroke: '#e6f2f4',
        'stroke-width': 3,
        opacity: 0.6,
      }),
    );
    mistBand(s, 400, 200, '#f2efe6', 0.55);
    // the wooded ridge in the foreground, with a shoulder where the house sits
    const hx = 860;
    const top = ridgeLine(s.r, { y: 700, amp: 140, rough: 0.5 }).map(([x, y]) => [
      x,
      lerp(y, 655, Math.exp(-(((x - hx) / 300) ** 2))),
    ]);
    s.add(path(ridgeD(top), '#2c4630'));
    // clearing and drive
    s.add(ellipse(hx, 735, 300, 92, '#7f9a56'), ellipse(hx, 735, 250, 70, '#8dab60'));
    const drive = `M${hx - 60},770C${hx - 120},850 ${hx - 420},860 ${hx - 520},960S${hx - 700},1060 ${hx - 760},1100`;
    // canopy texture: hundreds of trees, far ones smaller, each lit from the upper left
    const greens = ['#2f5a36', '#3b6b3e', '#4a7a45', '#345f3a', '#577f48', '#6a8a4a', '#2a4e33'];
    const trees = [];
    for (let i = 0; i < 1100; i += 1) {
      const x = s.r() * (W + 60) - 30;
      const yTop = heightAt(top, x);
      const y = yTop + 6 + s.r() ** 1.2 * (H + 30 - yTop);
      const inClearing = ((x - hx) / 300) ** 2 + ((y - 738) / 96) ** 2 < 1;
      if (inClearing) continue;
      trees.push([x, y, 9 + ((y - 600) / 470) * 22 * (0.7 + s.r() * 0.6)]);
    }
    trees.sort((a, b) => a[1] - b[1]);
    let canopy = '';
    for (const [x, y, r0] of trees) {
      const c = pick(s.r, greens);
      canopy += circle(x + r0 * 0.25, y + r0 * 0.25, r0, shade(c, -0.35));
      canopy += circle(x, y, r0 * 0.9, c);
      canopy += circle(x - r0 * 0.3, y - r0 * 0.3, r0 * 0.45, shade(c, 0.18));
    }
    s.add(canopy);
    s.add(
      path(drive, 'none', { stroke: '#1f2d22', 'stroke-width': 34, opacity: 0.35 }),
      path(drive, 'none', { stroke: '#cdbf9f', 'stroke-width': 22 }),
    );
    isoHouse(s, hx + 20, 770, 1.05);
    s.add(
      rect(
        0,
        0,
        W,
        H,
        s.rad(
          [
            [0, '#ffe3b0', 0.18],
            [1, '#ffe3b0', 0],
          ],
          1320,
          130,
          1200,
        ),
      ),
    );
    s.finish({ vignette: 0.3 });
  },

  entrance(s) {
    sky(
      s,
      [
        [0, '#27365c'],
        [0.55, '#7e6a8c'],
        [1, '#e7a06c'],
      ],
      760,
    );
    const far = ridgeLine(s.r, { y: 560, amp: 90 });
    s.add(path(ridgeD(far), '#4b4f6e'));
    const tl = [
      [-40, 640],
      [1640, 640],
    ];
    s.add(
      path(
        treeline(s.r, tl, { hMin: 140, hMax: 330, spacing: 46, from: -40, to: 200, tiers: 6 }) +
          treeline(s.r, tl, { hMin: 140, hMax: 330, spacing: 46, from: 1400, to: 1640, tiers: 6 }),
        '#151d2b',
      ),
    );
    s.add(rect(0, 640, W, H - 640, '#1c2419'));
    // log wall of the house behind the porch
    let logs = rect(120, 250, 1360, 600, '#5a3e2b');
    for (let y = 262; y < 850; y += 24)
      logs += line(120, y, 1480, y, '#3f2b1e', 3) + line(120, y + 3, 1480, y + 3, '#6e4d36', 1.5, { opacity: 0.7 });
    s.add(logs);
    // door with sidelights and transom, all lit from inside
    const lit = s.lin([
      [0, '#ffe0a0'],
      [1, '#f4a445'],
    ]);
    s.add(rect(610, 460, 380, 380, '#3b2a1f'));
    s.add(rect(630, 480, 50, 350, lit), rect(920, 480, 50, 350, lit), rect(690, 480, 220, 40, lit));
    s.add(rect(695, 528, 210, 302, '#6e4424'));
    for (const x of [712, 772, 832]) s.add(rect(x, 548, 46, 180, lit));
    for (let y = 548; y < 830; y += 18) s.add(line(695, y, 905, y, '#5a361c', 1.5, { opacity: 0.4 }));
    s.add(rect(874, 700, 10, 50, '#c9a86a', { rx: 3 }));
    // windows either side
    for (const x of [260, 1120]) {
      s.add(
        rect(x - 14, 496, 248, 268, '#3b2a1f'),
        rect(x, 510, 220, 240, lit),
        windowFrame(x, 510, 220, 240, 2, 2, '#3b2a1f', 8),
      );
    }
    // lanterns
    for (const x of [560, 1040]) {
      s.add(circle(x, 590, 120, '#ffc26b', { opacity: 0.35, filter: s.blur(30) }));
      s.add(
        rect(x - 20, 560, 40, 62, '#ffdf9e', { rx: 4 }),
        rect(x - 26, 548, 52, 14, '#1d1a17'),
        rect(x - 24, 620, 48, 8, '#1d1a17'),
        line(x, 535, x, 548, '#1d1a17', 4),
      );
    }
    // porch gable: ceiling boards, heavy timber truss, roof
    s.add(
      poly(
        [
          [150, 440],
          [800, 80],
          [1450, 440],
        ],
        '#a77a52',
      ),
    );
    let boards = '';
    for (let i = 1; i < 24; i += 1)
      boards += line(800, 80, lerp(150, 1450, i / 24), 440, '#7a5638', 2, { opacity: 0.5 });
    s.add(boards);
    const beam = '#6e4b30';
    s.add(rect(150, 430, 1300, 46, beam), rect(150, 470, 1300, 8, '#4a3220'));
    s.add(rect(782, 110, 36, 330, beam));
    s.add(line(800, 400, 520, 290, beam, 26), line(800, 400, 1080, 290, beam, 26));
    s.add(
      poly(
        [
          [110, 450],
          [800, 52],
          [1490, 450],
          [1490, 476],
          [800, 84],
          [110, 476],
        ],
        '#1c232e',
      ),
    );
    s.add(
      poly(
        [
          [132, 452],
          [800, 70],
          [1468, 452],
          [1468, 466],
          [800, 86],
          [132, 466],
        ],
        '#8a6446',
      ),
    );
    // posts on stone piers, with knee braces
    for (const x of [330, 1270]) {
      s.add(
        rect(x - 34, 476, 68, 300, '#7a5638'),
        rect(x - 34, 476, 16, 300, '#8f6a49'),
        rect(x + 22, 476, 12, 300, '#5e412b'),
      );
      const dir = x < 800 ? 1 : -1;
      s.add(line(x + dir * 20, 600, x + dir * 140, 478, beam, 22));
      s.add(stones(s.r, x - 70, 770, 140, 110, { size: 20, light: -0.15 }));
      s.add(rect(x - 78, 762, 156, 14, '#8d877d'));
    }
    // porch floor and stone steps
    s.add(rect(100, 850, 1400, 40, '#7d776e'), rect(100, 850, 1400, 8, '#a09a90'));
    for (let k = 0; k < 4; k += 1) {
      const y = 890 + k * 50;
      const hw = 330 + k * 62;
      s.add(stones(s.r, 800 - hw, y + 10, hw * 2, 40, { size: 22, light: -0.2 + k * 0.03 }));
      s.add(rect(800 - hw - 6, y, hw * 2 + 12, 12, '#a9a297'));
    }
    // shrubs either side of the steps
    for (const [x, y, k] of [
      [250, 960, 1],
      [1350, 960, 1],
      [120, 1030, 1.3],
      [1480, 1030, 1.3],
    ]) {
      let b = '';
      for (let i = 0; i < 9; i += 1)
        b += circle(
          x + (s.r() - 0.5) * 160 * k,
          y - s.r() * 60 * k,
          (40 + s.r() * 30) * k,
          pick(s.r, ['#243a26', '#2d4a2f', '#365a37']),
        );
      s.add(b);
    }
    s.add(
      rect(
        0,
        0,
        W,
        H,
        s.rad(
          [
            [0, '#ffc070', 0.25],
            [1, '#ffc070', 0],
          ],
          800,
          650,
          900,
        ),
      ),
    );
    s.finish({ vignette: 0.4 });
  },

  railway(s) {
    sky(
      s,
      [
        [0, '#6a98c6'],
        [0.55, '#b7cfe0'],
        [1, '#f0ddc0'],
      ],
      640,
    );
    sun(s, 1290, 170, 0, '#fff', '#ffe7b8', 500, 0.55);
    cloud(s, s.r, 420, 150, 560, '#ffffff', 0.5);
    cloud(s, s.r, 1180, 90, 420, '#ffffff', 0.35);
    ridges(s, {
      n: 4,
      y0: 300,
      y1: 470,
      amp0: 110,
      amp1: 130,
      far: '#a8bcd2',
      near: '#4c6a5c',
      mist: '#e9ece8',
      mistOp: 0.4,
    });
    // the river valley: wooded slopes falling to the Toccoa River
    const valley = (x) => {
      const t = clamp(Math.abs(x - 820) / 820, 0, 1);
      return lerp(880, 420, t ** 0.8);
    };
    const slope = [];
    for (let x = -40; x <= W + 40; x += 20) slope.push([x, valley(x) + Math.sin(x / 37) * 6 + (s.r() - 0.5) * 10]);
    s.add(path(ridgeD(slope), '#3a5a3c'));
    const greens = ['#3c6a3e', '#4a7a45', '#2f5a36', '#5a8548', '#6d8f4c', '#44703f'];
    const blobs = [];
    for (let i = 0; i < 900; i += 1) {
      const x = s.r() * (W + 40) - 20;
      const y0 = heightAt(slope, x);
      if (y0 > 880) continue;
      const y = y0 + 4 + s.r() * (900 - y0);
      blobs.push([x, y, 9 + ((y - 400) / 500) * 12 * (0.7 + s.r() * 0.6)]);
    }
    blobs.sort((a, b) => a[1] - b[1]);
    let canopy = '';
    for (const [x, y, r0] of blobs) {
      const c = pick(s.r, greens);
      canopy +=
        circle(x + r0 * 0.2, y + r0 * 0.2, r0, shade(c, -0.3)) +
        circle(x, y, r0 * 0.85, c) +
        circle(x - r0 * 0.3, y - r0 * 0.3, r0 * 0.4, shade(c, 0.2));
    }
    s.add(canopy);
    s.add(
      path(
        treeline(
          s.r,
          slope.map(([x, y]) => [x, y + 10]),
          { hMin: 26, hMax: 60, spacing: 60, tiers: 4 },
        ),
        '#2a4a32',
      ),
    );
    // river
    s.add(
      rect(
        0,
        870,
        W,
        110,
        s.lin([
          [0, '#8fb7c4'],
          [1, '#4d7d8e'],
        ]),
      ),
    );
    let ripples = '';
    for (let i = 0; i < 60; i += 1) {
      const y = 880 + s.r() * 95;
      const x = s.r() * W;
      ripples += line(x, y, x + 30 + s.r() * 80, y, '#e8f4f6', 2, { opacity: f(0.2 + s.r() * 0.4) });
    }
    s.add(ripples);
    // trestle bridge
    const deck = 560;
    const timber = '#5a4535';
    let tr = '';
    let refl = '';
    for (let x = -10; x <= W + 20; x += 112) {
      const g = Math.min(valley(x) + 10, 900);
      const h = g - deck;
      const spread = 0.14 * h;
      tr +=
        line(x - 20, deck + 14, x - 20 - spread, g, timber, 7) + line(x + 20, deck + 14, x + 20 + spread, g, timber, 7);
      tr +=
        line(x - 7, deck + 14, x - 7 - spread * 0.3, g, timber, 6) +
        line(x + 7, deck + 14, x + 7 + spread * 0.3, g, timber, 6);
      for (let y = deck + 60; y < g - 20; y += 64) {
        const w0 = 20 + 0.14 * (y - deck);
        const w1 = 20 + 0.14 * (Math.min(y + 64, g) - deck);
        tr += line(x - w0, y, x + w0, y, timber, 5);
        tr +=
          line(x - w0, y, x + w1, Math.min(y + 64, g), timber, 3.5) +
          line(x + w0, y, x - w1, Math.min(y + 64, g), timber, 3.5);
      }
      if (g >= 880) {
        tr += rect(x - 30 - spread, g - 8, 60 + spread * 2, 20, '#8d877d');
        refl +=
          line(x - 20 - spread, 900, x - 20 - spread * 0.6, 975, timber, 6) +
          line(x + 20 + spread, 900, x + 20 + spread * 0.6, 975, timber, 6);
      }
    }
    for (let y = deck + 60; y < 880; y += 128) tr += line(-20, y, W + 20, y, timber, 4, { opacity: 0.8 });
    s.add(group(refl, { opacity: 0.25 }));
    s.add(tr, rect(-20, deck, W + 40, 16, '#4a382b'), rect(-20, deck - 6, W + 40, 6, '#2e241d'));
    // the train: vintage passenger cars and a locomotive
    const car = (x, w, color) => {
      let o = rect(x, deck - 100, w, 86, color, { rx: 6 });
      o += path(`M${x + 4},${deck - 100}Q${x + w / 2},${deck - 122} ${x + w - 4},${deck - 100}Z`, '#3a3a3a');
      o += rect(x, deck - 84, w, 34, '#e9dcc0');
      for (let wx = x + 16; wx < x + w - 30; wx += 30) o += rect(wx, deck - 80, 20, 24, '#f3c46f', { rx: 3 });
      o += line(x, deck - 44, x + w, deck - 44, '#c9a24a', 3);
      for (const wx of [x + 30, x + 56, x + w - 56, x + w - 30])
        o += circle(wx, deck - 10, 11, '#1f1f1f') + circle(wx, deck - 10, 4, '#6b6b6b');
      return o;
    };
    let train = '';
    for (let i = 0; i < 4; i += 1) train += car(250 + i * 196, 186, i === 2 ? '#2f5a44' : '#7a2a25');
    const lx = 1040;
    train += rect(lx, deck - 92, 250, 78, '#2c4a3a', { rx: 6 }) + rect(lx, deck - 130, 80, 118, '#2c4a3a', { rx: 6 });
    train += rect(lx, deck - 48, 250, 10, '#e0b43c') + rect(lx + 12, deck - 118, 56, 30, '#f3c46f', { rx: 3 });
    train += path(
      `M${lx + 250},${deck - 92}Q${lx + 285},${deck - 80} ${lx + 282},${deck - 14}L${lx + 250},${deck - 14}Z`,
      '#2c4a3a',
    );
    train += rect(lx + 150, deck - 106, 16, 16, '#1f1f1f') + circle(lx + 278, deck - 62, 8, '#fff2c0');
    for (const wx of [lx + 30, lx + 62, lx + 190, lx + 222])
      train += circle(wx, deck - 10, 12, '#1f1f1f') + circle(wx, deck - 10, 4, '#6b6b6b');
    s.add(circle(lx + 300, deck - 62, 40, '#fff2c0', { opacity: 0.5, filter: s.blur(10) }));
    s.add(train);
    s.add(
      group(
        circle(lx + 160, deck - 140, 22, '#e8e8e8') +
          circle(lx + 130, deck - 170, 30, '#e8e8e8') +
          circle(lx + 80, deck - 200, 38, '#e8e8e8'),
        { opacity: 0.5, filter: s.blur(8) },
      ),
    );
    // near bank with rocks and grass
    s.add(path(`M-20,${H + 20}L-20,990Q400,960 800,985Q1200,1005 1620,975L1620,${H + 20}Z`, '#2f4a2c'));
    let rocks = '';
    for (let i = 0; i < 26; i += 1) {
      const x = s.r() * W;
      rocks += ellipse(
        x,
        985 + s.r() * 16,
        14 + s.r() * 30,
        7 + s.r() * 10,
        pick(s.r, ['#8d877d', '#7a756d', '#a09a90']),
      );
    }
    s.add(rocks);
    s.add(path(pineD(60, H + 40, 560, 120, s.r, 7) + pineD(1540, H + 40, 620, 130, s.r, 7), '#16261b'));
    s.finish({ vignette: 0.3 });
  },

  golf(s) {
    sky(
      s,
      [
        [0, '#4b83c0'],
        [0.6, '#a6c8e4'],
        [1, '#e4edef'],
      ],
      560,
    );
    cloud(s, s.r, 380, 150, 560, '#ffffff', 0.7);
    cloud(s, s.r, 1200, 220, 520, '#ffffff', 0.55);
    ridges(s, {
      n: 4,
      y0: 330,
      y1: 480,
      amp0: 120,
      amp1: 140,
      far: '#a6bbd5',
      near: '#3f5f55',
      mist: '#eef2f2',
      mistOp: 0.45,
    });
    s.add(
      path(
        ridgeD(ridgeLine(s.r, { y: 560, amp: 30, rough: 0.5 })),
        s.lin([
          [0, '#4d7a3a'],
          [1, '#3a6a2c'],
        ]),
      ),
    );
    // fairway with mowing stripes, a green with its flag, bunkers
    const fair = `M420,${H + 10}C520,900 760,780 700,690C670,640 760,612 830,610C900,612 930,640 900,690C860,780 1080,900 1200,${H + 10}Z`;
    s.add(path(fair, '#7db356'));
    let stripes = '';
    for (let k = 0; k < 14; k += 2) {
      const ya = 610 + (H + 10 - 610) * (k / 14) ** 1.7;
      const yb = 610 + (H + 10 - 610) * ((k + 1) / 14) ** 1.7;
      stripes += rect(0, ya, W, yb - ya, '#8fc262');
    }
    s.add(group(stripes, { 'clip-path': s.clip(path(fair, '#000')) }));
    s.add(
      ellipse(830, 632, 120, 22, '#9fd06d'),
      ellipse(730, 650, 50, 9, '#ecdcb0'),
      ellipse(960, 662, 40, 8, '#ecdcb0'),
      ellipse(560, 880, 110, 22, '#ecdcb0'),
    );
    s.add(
      line(850, 560, 850, 632, '#f5f5f5', 3),
      poly(
        [
          [850, 560],
          [888, 570],
          [850, 580],
        ],
        '#d93b30',
      ),
    );
    // wooded slopes either side of the corridor, climbing towards the edges of the picture
    const greens = ['#2f5a36', '#3b6b3e', '#4a7a45', '#2a4e33', '#557f48', '#46703c'];
    const slopeL = [];
    for (let i = 0; i <= 24; i += 1) {
      const t = i / 24;
      slopeL.push([lerp(-60, 690, t), lerp(250, 612, t ** 0.7) + Math.sin(i * 1.7) * 6]);
    }
    const slopeR = [];
    for (let i = 0; i <= 24; i += 1) {
      const t = i / 24;
      slopeR.push([lerp(1660, 950, t), lerp(300, 614, t ** 0.7) + Math.sin(i * 1.3) * 6]);
    }
    const left = [...slopeL, [560, 760], [240, H + 20], [-60, H + 20]];
    const right = [...slopeR, [1080, 760], [1400, H + 20], [1660, H + 20]];
    // soft shadows the woods cast onto the rough
    s.add(path('M690,612L760,612L360,1080L240,1080Z', '#1f3a22', { opacity: 0.3, filter: s.blur(10) }));
    const opts = {
      count: 1300,
      yTop: 250,
      yBottom: 1067,
      rTop: 6,
      rBottom: 30,
      colors: greens,
      base: '#23402a',
      haze: '#8fa8a8',
      hazeK: 0.35,
    };
    s.add(canopyFill(s.r, left, opts), canopyFill(s.r, right, opts));
    s.add(path(pineD(120, H + 60, 700, 150, s.r, 7), '#183222'));
    s.finish({ vignette: 0.28 });
  },

  slide5(s) {
    sky(
      s,
      [
        [0, '#050a18'],
        [0.55, '#0f1a36'],
        [1, '#273a63'],
      ],
      760,
    );
    // the Milky Way: a soft diagonal band, denser stars, a darker dust lane
    s.add(
      ellipse(820, 260, 1000, 150, '#8ea4d8', { opacity: 0.16, transform: 'rotate(-22 820 260)', filter: s.blur(45) }),
    );
    s.add(
      ellipse(820, 260, 800, 60, '#c9d4f0', { opacity: 0.12, transform: 'rotate(-22 820 260)', filter: s.blur(30) }),
    );
    stars(s, s.r, 420, 640);
    let band = '';
    const c = Math.cos((-22 * Math.PI) / 180);
    const sn = Math.sin((-22 * Math.PI) / 180);
    for (let i = 0; i < 380; i += 1) {
      const t = (s.r() - 0.5) * 1900;
      const o = (s.r() + s.r() + s.r() - 1.5) * 90;
      band += circle(820 + t * c - o * sn, 260 + t * sn + o * c, 0.5 + s.r() * 1.1, '#ffffff', {
        opacity: f(0.3 + s.r() * 0.6),
      });
    }
    s.add(band);
    // crescent moon
    s.add(
      circle(1380, 130, 90, '#dfe7ff', { opacity: 0.12, filter: s.blur(20) }),
      path('M1380,96A34,34 0 1 0 1380,164A26,34 0 1 1 1380,96Z', '#f4efd8'),
    );
    ridges(s, {
      n: 3,
      y0: 540,
      y1: 650,
      amp0: 110,
      amp1: 120,
      far: '#26365a',
      near: '#0e1628',
      mist: '#3b4d7a',
      mistOp: 0.25,
    });
    // string lights
    let bulbs = '<path d="M-20,40Q800,260 1620,60" fill="none" stroke="#111" stroke-width="2"/>';
    for (let i = 0; i < 28; i += 1) {
      const t = i / 27;
      const x = lerp(-20, 1620, t);
      const y = (1 - t) ** 2 * 40 + 2 * (1 - t) * t * 260 + t * t * 60 + 10;
      bulbs += circle(x, y, 16, '#ffc26b', { opacity: 0.35 }) + circle(x, y, 5, '#ffe6b0');
    }
    s.add(group(bulbs));
    // deck railing silhouette and deck boards
    let rail = rect(-20, 690, W + 40, 18, '#1a140f');
    for (let x = 0; x < W; x += 40) rail += rect(x, 708, 10, 70, '#1a140f');
    rail += rect(-20, 770, W + 40, 12, '#1a140f');
    s.add(rail);
    s.add(rect(-20, 780, W + 40, H - 770, '#2e241d'));
    let boards = '';
    for (let i = -30; i <= 60; i += 1)
      boards += line(800 + i * 40, 780, 800 + i * 40 * 6, 780 + 5 * (H - 780), '#1d1712', 2);
    s.add(group(boards, { 'clip-path': s.clip(rect(-20, 780, W + 40, H, '#000')) }));
    // house wall with a lit window on the left
    s.add(rect(-10, 0, 230, H, '#2a1e17'));
    for (let y = 10; y < H; y += 24) s.add(line(-10, y, 220, y, '#1c140f', 3));
    s.add(rect(40, 300, 140, 300, '#ffcf7a'), windowFrame(40, 300, 140, 300, 1, 2, '#1c140f', 8));
    s.add(ellipse(220, 900, 260, 80, '#ffb45a', { opacity: 0.25, filter: s.blur(30) }));
    // hot tub: glowing water, steam
    s.add(ellipse(800, 880, 560, 160, '#4fd6ff', { opacity: 0.28, filter: s.blur(50) }));
    s.add(rect(420, 860, 760, 230, '#4a3527'));
    for (let x = 430; x < 1180; x += 26) s.add(line(x, 860, x, H + 10, '#3a291e', 3));
    s.add(path('M420,862L470,760Q480,742 500,742L1100,742Q1120,742 1130,760L1180,862Z', '#3b3d44'));
    const water = s.lin([
      [0, '#2bb5d8'],
      [1, '#8ef0ff'],
    ]);
    s.add(path('M470,846L508,774Q514,764 526,764L1074,764Q1086,764 1092,774L1130,846Z', water));
    let rip = '';
    for (let i = 0; i < 9; i += 1)
      rip += ellipse(560 + s.r() * 480, 780 + s.r() * 58, 40 + s.r() * 70, 4 + s.r() * 4, 'none', {
        stroke: '#e6fdff',
        'stroke-width': 2,
        opacity: f(0.3 + s.r() * 0.4),
      });
    s.add(rip, ellipse(800, 805, 200, 30, '#ffffff', { opacity: 0.25, filter: s.blur(14) }));
    let steam = '';
    for (let i = 0; i < 4; i += 1) {
      const x = 600 + i * 130 + s.r() * 40;
      const sway = (s.r() - 0.3) * 120;
      steam += path(
        `M${f(x)},780C${f(x - 90)},700 ${f(x + 80 + sway)},640 ${f(x + sway * 0.5)},560S${f(x + sway + 90)},470 ${f(x + sway * 1.4)},400`,
        'none',
        { stroke: '#ffffff', 'stroke-width': f(50 + s.r() * 30), 'stroke-linecap': 'round' },
      );
    }
    s.add(group(steam, { opacity: 0.07, filter: s.blur(22) }));
    // towels and two glasses on the rim
    s.add(rect(1100, 820, 110, 36, '#e9e2d4', { rx: 8 }), rect(1108, 796, 96, 28, '#c9823f', { rx: 8 }));
    for (const x of [520, 552])
      s.add(
        path(`M${x - 10},790L${x + 10},790L${x + 6},812Q${x},820 ${x - 6},812Z`, '#e8eef5', { opacity: 0.7 }),
        line(x, 816, x, 836, '#e8eef5', 2, { opacity: 0.7 }),
        path(`M${x - 8},798L${x + 8},798L${x + 5},810Q${x},816 ${x - 5},810Z`, '#7a1f2a'),
      );
    s.finish({ vignette: 0.45 });
  },

  slide8(s) {
    sky(
      s,
      [
        [0, '#141d3a'],
        [0.4, '#37406c'],
        [0.75, '#a86d88'],
        [1, '#ee9a66'],
      ],
      660,
    );
    stars(s, s.r, 50, 220, { bright: 0.6 });
    ridges(s, {
      n: 3,
      y0: 470,
      y1: 580,
      amp0: 120,
      amp1: 120,
      far: '#7a6e96',
      near: '#262c48',
      mist: '#d4909a',
      mistOp: 0.3,
    });
    s.add(
      rect(
        0,
        640,
        W,
        H - 640,
        s.lin([
          [0, '#1a1f2c'],
          [1, '#12151d'],
        ]),
      ),
    );
    const tl = [
      [-40, 660],
      [1640, 660],
    ];
    s.add(
      path(
        treeline(s.r, tl, { hMin: 160, hMax: 380, spacing: 60, from: -40, to: 430, tiers: 6 }) +
          treeline(s.r, tl, { hMin: 160, hMax: 380, spacing: 60, from: 1170, to: 1640, tiers: 6 }),
        '#0d1320',
      ),
    );
    // patio and the fire ring
    s.add(ellipse(800, 850, 640, 170, '#3a332e'));
    for (const k of [0.35, 0.6, 0.85])
      s.add(ellipse(800, 850, 640 * k, 170 * k, 'none', { stroke: '#2a2520', 'stroke-width': 3 }));
    s.add(
      rect(
        0,
        0,
        W,
        H,
        s.rad(
          [
            [0, '#ff9a3c', 0.55],
            [0.45, '#ff9a3c', 0.12],
            [1, '#ff9a3c', 0],
          ],
          800,
          830,
          700,
          { sy: 0.6 },
        ),
      ),
    );
    s.add(ellipse(800, 855, 160, 46, '#6b645c'), ellipse(800, 846, 122, 30, '#17110e'));
    let ring = '';
    for (let i = 0; i < 22; i += 1) {
      const a = (i / 22) * Math.PI * 2;
      ring += ellipse(
        800 + Math.cos(a) * 142,
        852 + Math.sin(a) * 38,
        24,
        13,
        pick(s.r, ['#8d877d', '#7a756d', '#a09a90']),
        { opacity: Math.sin(a) > 0 ? 1 : 0.85 },
      );
    }
    s.add(ring);
    fire(s, s.r, 800, 848, 64, 180);
    let sparks = '';
    for (let i = 0; i < 30; i += 1)
      sparks += circle(800 + (s.r() - 0.5) * 200, 640 - s.r() * 260, 1.5 + s.r() * 2, '#ffcf6b', {
        opacity: f(0.4 + s.r() * 0.6),
      });
    s.add(sparks);
    // Adirondack chairs in a circle around the fire
    const front = (x, y, k, c) => {
      const lit = mix(c, '#ffb060', 0.25);
      let o = ellipse(x, y, 110 * k, 16 * k, '#000000', { opacity: 0.4 });
      for (let i = 0; i < 5; i += 1) {
        const sx = x + (i - 2) * 22 * k;
        const topY = y - (215 - Math.abs(i - 2) * 14) * k;
        o += rect(sx - 9 * k, topY, 18 * k, 150 * k, shade(lit, -0.08 * Math.abs(i - 2)), { rx: 8 * k });
      }
      o += rect(x - 62 * k, y - 80 * k, 124 * k, 22 * k, shade(lit, -0.1));
      o += rect(x - 100 * k, y - 110 * k, 50 * k, 14 * k, lit) + rect(x + 50 * k, y - 110 * k, 50 * k, 14 * k, lit);
      o +=
        rect(x - 84 * k, y - 100 * k, 14 * k, 100 * k, shade(lit, -0.2)) +
        rect(x + 70 * k, y - 100 * k, 14 * k, 100 * k, shade(lit, -0.2));
      o += rect(x - 60 * k, y - 58 * k, 120 * k, 16 * k, shade(lit, -0.25));
      return o;
    };
    const back0 = (x, y, k, c) => {
      const dark = mix(c, '#05070c', 0.55);
      let o = ellipse(x, y, 110 * k, 16 * k, '#000000', { opacity: 0.5 });
      o += rect(x - 84 * k, y - 100 * k, 14 * k, 100 * k, dark) + rect(x + 70 * k, y - 100 * k, 14 * k, 100 * k, dark);
      o += rect(x - 100 * k, y - 110 * k, 50 * k, 14 * k, dark) + rect(x + 50 * k, y - 110 * k, 50 * k, 14 * k, dark);
      for (let i = 0; i < 5; i += 1) {
        const sx = x + (i - 2) * 22 * k;
        o += rect(sx - 9 * k, y - (215 - Math.abs(i - 2) * 14) * k, 18 * k, 170 * k, dark, { rx: 8 * k });
      }
      o += rect(x - 56 * k, y - 120 * k, 112 * k, 12 * k, shade(dark, -0.2));
      // firelight catching the top edges
      o += rect(x - 54 * k, y - 216 * k, 108 * k, 6 * k, '#ffb060', { opacity: 0.35 });
      return o;
    };
    const side = (x, y, k, c, dir) => {
      const lit = mix(c, '#ffb060', 0.2);
      const X = (dx) => x + dx * k * dir;
      let o = ellipse(x, y, 100 * k, 14 * k, '#000000', { opacity: 0.4 });
      o += line(X(-70), y - 70 * k, X(-120), y - 230 * k, shade(lit, -0.15), 20 * k, { 'stroke-linecap': 'round' });
      o += line(X(-70), y - 64 * k, X(40), y - 56 * k, lit, 14 * k);
      o += line(X(-90), y - 112 * k, X(60), y - 108 * k, lit, 12 * k);
      o +=
        line(X(40), y, X(40), y - 108 * k, shade(lit, -0.2), 12 * k) +
        line(X(-60), y, X(-40), y - 64 * k, shade(lit, -0.2), 12 * k);
      return o;
    };
    s.add(front(620, 760, 0.7, '#a23a2e'), front(985, 760, 0.7, '#2f4b6e'));
    s.add(side(360, 880, 1.0, '#3f6a4a', 1), side(1240, 880, 1.0, '#d9cdb5', -1));
    s.add(back0(520, 1070, 1.35, '#2f4b6e'), back0(1090, 1075, 1.35, '#a23a2e'));
    s.finish({ vignette: 0.45 });
  },

  slide10(s) {
    sky(
      s,
      [
        [0, '#5a8fc8'],
        [0.6, '#a9c9e4'],
        [1, '#eceee8'],
      ],
      640,
    );
    cloud(s, s.r, 420, 170, 560, '#ffffff', 0.6);
    cloud(s, s.r, 1250, 120, 420, '#ffffff', 0.45);
    ridges(s, {
      n: 4,
      y0: 360,
      y1: 520,
      amp0: 110,
      amp1: 130,
      far: '#a9b4cf',
      near: '#7d5c46',
      mist: '#f1ebe0',
      mistOp: 0.4,
    });
    // autumn hillside behind the house
    const hill = ridgeLine(s.r, { y: 600, amp: 90, rough: 0.5 });
    s.add(path(ridgeD(hill), '#7a5a36'));
    const fall = ['#c8452c', '#e0702e', '#e8a33a', '#b5342a', '#d9892f', '#9a6a2a', '#5f7a3a', '#f0c24a'];
    const dots = [];
    for (let i = 0; i < 700; i += 1) {
      const x = s.r() * (W + 40) - 20;
      const y0 = heightAt(hill, x);
      const y = y0 + 4 + s.r() * (800 - y0);
      dots.push([x, y, 8 + ((y - 520) / 300) * 10 * (0.7 + s.r() * 0.6)]);
    }
    dots.sort((a, b) => a[1] - b[1]);
    let canopy = '';
    for (const [x, y, r0] of dots) {
      const c = pick(s.r, fall);
      canopy +=
        circle(x + r0 * 0.2, y + r0 * 0.2, r0, shade(c, -0.3)) +
        circle(x, y, r0 * 0.85, c) +
        circle(x - r0 * 0.3, y - r0 * 0.3, r0 * 0.4, shade(c, 0.2));
    }
    s.add(canopy);
    s.add(
      rect(
        0,
        780,
        W,
        H - 780,
        s.lin([
          [0, '#8c9a52'],
          [1, '#6b7a3a'],
        ]),
      ),
    );
    // trees behind the house
    const tr = mulberry32(1010);
    for (const [x, sz] of [
      [470, 300],
      [600, 360],
      [1180, 340],
      [1330, 300],
    ])
      s.add(broadleaf(tr, x, 800, sz, [pick(tr, fall), pick(tr, fall), pick(tr, fall)]));
    s.add(path(pineD(1460, 800, 330, 70, tr, 5) + pineD(380, 800, 300, 64, tr, 5), '#2e4a32'));
    house(s, 900, 808, 0.72, { lit: true, day: true });
    // path, fallen leaves, foreground trees
    s.add(path(`M880,808L920,808L1060,${H + 10}L760,${H + 10}Z`, '#bcae92'));
    let leaves = '';
    for (let i = 0; i < 260; i += 1) {
      const y = 800 + s.r() ** 0.8 * 270;
      leaves += ellipse(s.r() * W, y, 3 + (y - 800) * 0.02, 1.5 + (y - 800) * 0.01, pick(s.r, fall), { opacity: 0.9 });
    }
    s.add(leaves);
    s.add(broadleaf(tr, 110, 1100, 600, ['#d9532f', '#e8833a', '#c8452c', '#b5342a']));
    s.add(broadleaf(tr, 1510, 1100, 560, ['#e8a33a', '#f0c24a', '#d9892f', '#e0702e']));
    s.finish({ vignette: 0.3 });
  },
};

/** The house seen from above (aerial view): an oblique projection of two gabled blocks. */
function isoHouse(s, cx, cy, sc) {
  const P = (x, y, z) => [cx + (x + z * 0.5) * sc, cy + (-y - z * 0.45) * sc];
  const q = (...list) => list.map((a) => P(...a));
  const timber = '#7a5638';
  const timberDark = '#5a3f2a';
  const roofA = '#4b5663';
  const roofB = '#5d6875';
  let o = ellipse(cx + 120 * sc, cy - 30 * sc, 330 * sc, 90 * sc, '#000000', { opacity: 0.3, filter: s.blur(12) });
  // main block (ridge along x)
  o += poly(q([190, 0, 0], [190, 0, 110], [190, 70, 110], [190, 70, 0]), timberDark);
  o += poly(q([190, 70, 0], [190, 120, 55], [190, 70, 110]), timberDark);
  o += poly(q([-110, 0, 0], [190, 0, 0], [190, 70, 0], [-110, 70, 0]), timber);
  for (const x of [-80, -20, 40, 100])
    o += poly(q([x, 18, 0], [x + 44, 18, 0], [x + 44, 58, 0], [x, 58, 0]), '#f3c46f');
  o += poly(q([-125, 120, 55], [205, 120, 55], [205, 62, 125], [-125, 62, 125]), roofB);
  o += poly(q([-125, 62, -15], [205, 62, -15], [205, 120, 55], [-125, 120, 55]), roofA);
  // chimney
  o +=
    poly(q([120, 90, 40], [150, 90, 40], [150, 150, 40], [120, 150, 40]), '#8d877d') +
    poly(q([150, 90, 40], [150, 90, 70], [150, 150, 70], [150, 150, 40]), '#6f6a63') +
    poly(q([120, 150, 40], [150, 150, 40], [150, 150, 70], [120, 150, 70]), '#a09a90');
  // deck on stilts in front of the main block
  o += poly(q([-110, 30, -50], [190, 30, -50], [190, 30, 0], [-110, 30, 0]), '#9a7a56');
  for (const x of [-100, -30, 40, 110, 180])
    o += poly(q([x, 0, -48], [x + 5, 0, -48], [x + 5, 30, -48], [x, 30, -48]), timberDark);
  o += poly(q([-110, 30, -50], [190, 30, -50], [190, 42, -50], [-110, 42, -50]), 'none', {
    stroke: '#3b2a1f',
    'stroke-width': 2,
  });
  // wing (ridge along z), nearer the viewer, with a glass gable
  o += poly(q([-110, 0, -70], [-110, 0, 0], [-110, 60, 0], [-110, 60, -70]), timberDark);
  o += poly(q([-270, 0, -70], [-110, 0, -70], [-110, 60, -70], [-190, 110, -70], [-270, 60, -70]), timber);
  for (const x of [-250, -175])
    o += poly(q([x, 14, -70], [x + 55, 14, -70], [x + 55, 52, -70], [x, 52, -70]), '#f3c46f');
  o += poly(q([-205, 66, -70], [-175, 66, -70], [-175, 86, -70], [-205, 86, -70]), '#f3c46f');
  o += poly(q([-285, 55, -85], [-190, 110, -85], [-190, 110, 100], [-285, 55, 100]), roofB);
  o += poly(q([-190, 110, -85], [-95, 55, -85], [-95, 55, 100], [-190, 110, 100]), roofA);
  s.add(o);
}

const lerpP = (a, b, t) => [lerp(a[0], b[0], t), lerp(a[1], b[1], t)];

// ---------------------------------------------------------------------------------------------
// Icons and placeholder
// ---------------------------------------------------------------------------------------------

/** The mountain-ridge mark: navy tile, two ridges and an amber sun; simple enough for 16 px. */
function markSvg(size) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
<rect width="64" height="64" rx="14" fill="${BRAND.navy}"/>
<circle cx="44" cy="21" r="7" fill="${BRAND.amber}"/>
<path d="M4 46 L20 24 L29 35 L38 25 L60 48 L60 50 L4 50 Z" fill="${BRAND.mist}"/>
<path d="M4 54 L18 40 L27 47 L40 34 L60 52 L60 60 Q60 60 58 60 L4 60 Z" fill="${BRAND.forest}"/>
<path d="M4 50 L4 57 Q4 60 7 60 L57 60 Q60 60 60 57 L60 50 Z" fill="${BRAND.forest}"/>
</svg>
`;
}

function placeholderSvg() {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800" role="img" aria-label="No image">
<rect width="1200" height="800" fill="#e5e7eb"/>
<g fill="none" stroke="#9ca3af" stroke-width="14" stroke-linejoin="round" stroke-linecap="round">
<rect x="480" y="300" width="240" height="170" rx="18"/>
<path d="M500 450 L565 380 L610 425 L645 395 L700 450"/>
</g>
<circle cx="660" cy="345" r="16" fill="#9ca3af"/>
<text x="600" y="530" text-anchor="middle" font-family="sans-serif" font-size="34" fill="#6b7280">No image</text>
</svg>
`;
}

// ---------------------------------------------------------------------------------------------
// Rendering
// ---------------------------------------------------------------------------------------------

const JPEG = { quality: 78, mozjpeg: true, progressive: true };
// The 1600 JPEG is stored twice (N-1600.jpg and the canonical N.jpg), so it gets a slightly lower
// quality to keep the folder inside its 6 MB budget; at that size the difference is not visible.
const jpegFor = (w) => (w >= 1600 ? { ...JPEG, quality: 72 } : JPEG);
const WEBP = { quality: 72 };
// AVIF effort 4 at 1600 px takes ~4x as long as effort 3 for ~10% fewer bytes; keep the small
// variant at 4 (cheap) and the larger ones at 3 so the whole run stays well under a minute.
const avifFor = (w) => ({ quality: 50, effort: w <= 480 ? 4 : 3 });
/** Strength of the film grain (0 = none). Fine noise costs bytes; this is just enough to read as a photo. */
const GRAIN = 0.05;

function drawScene(name) {
  const seed = [...name].reduce((a, c) => (a * 31 + c.charCodeAt(0)) >>> 0, 7);
  const s = new Scene(seed);
  const draw = SCENES[name];
  if (!draw) throw new Error(`No scene for ${name}`);
  draw(s);
  return s;
}

const grainCache = new Map();
/**
 * Film grain: one fixed feTurbulence noise field (rendered once per size), flattened to grey around
 * 50% so that an overlay blend leaves the picture's tones alone and only adds texture.
 */
async function grain(width, height) {
  const key = `${width}x${height}`;
  if (!grainCache.has(key)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><filter id="g" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.62" numOctaves="2" seed="3" stitchTiles="stitch"/><feColorMatrix type="saturate" values="0"/><feComponentTransfer><feFuncA type="linear" slope="0" intercept="1"/></feComponentTransfer></filter><rect width="100%" height="100%" filter="url(#g)"/></svg>`;
    const png = await sharp(Buffer.from(svg))
      .removeAlpha()
      .linear(GRAIN * 2.2, 128 * (1 - GRAIN * 2.2))
      .png()
      .toBuffer();
    grainCache.set(key, png);
  }
  return grainCache.get(key);
}

/** Rasterise an SVG and lay the grain over it; returns raw RGB pixels. */
async function rasterise(svg, width, height) {
  const layers = GRAIN > 0 ? [{ input: await grain(width, height), blend: 'overlay' }] : [];
  return sharp(Buffer.from(svg)).composite(layers).removeAlpha().raw().toBuffer({ resolveWithObject: true });
}

async function renderPhoto(name) {
  const { data, info } = await rasterise(drawScene(name).svg(), W, H);
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const jobs = [];
  for (const w of DEFAULT_IMAGE_WIDTHS) {
    const h = Math.round((w * 2) / 3);
    const img = () => (w === W ? sharp(data, raw) : sharp(data, raw).resize(w, h, { fit: 'fill', kernel: 'lanczos3' }));
    jobs.push(
      img()
        .avif(avifFor(w))
        .toFile(join(OUT_DIR, `${name}-${w}.avif`)),
    );
    jobs.push(
      img()
        .webp(WEBP)
        .toFile(join(OUT_DIR, `${name}-${w}.webp`)),
    );
    jobs.push(
      img()
        .jpeg(jpegFor(w))
        .toBuffer()
        .then(async (buf) => {
          await writeFile(join(OUT_DIR, `${name}-${w}.jpg`), buf);
          if (w === DEFAULT_IMAGE_WIDTHS[DEFAULT_IMAGE_WIDTHS.length - 1])
            await writeFile(join(OUT_DIR, `${name}.jpg`), buf);
        }),
    );
  }
  await Promise.all(jobs);
}

async function renderIcons() {
  await mkdir(BUILD_DIR, { recursive: true });
  const mark = markSvg(64);
  await writeFile(join(PUBLIC_DIR, 'favicon.svg'), mark);
  await writeFile(join(BUILD_DIR, 'icon.svg'), markSvg(512));
  await sharp(Buffer.from(markSvg(512)))
    .png({ compressionLevel: 9 })
    .toFile(join(BUILD_DIR, 'icon.png'));
  // iOS masks its own rounded corners: fill the whole square.
  const touch = markSvg(180).replace('rx="14"', 'rx="0"');
  await sharp(Buffer.from(touch)).png({ compressionLevel: 9 }).toFile(join(PUBLIC_DIR, 'apple-touch-icon.png'));
  await writeFile(join(PUBLIC_DIR, 'placeholder.svg'), placeholderSvg());
}

async function renderOgImage() {
  const s = drawScene('hero');
  // 1200 x 630 is 1.905:1; show a 1600 x 840 band of the 1600 x 1067 hero scene.
  const vbY = 150;
  const shadeBand = `<rect x="0" y="${vbY + 560}" width="${W}" height="280" fill="url(#ogshade)"/>`;
  const text = `<text x="${W / 2}" y="${vbY + 770}" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="78" fill="#fbf5ea" letter-spacing="1">Ridgeline · Blue Ridge, Georgia</text>`;
  s.defs.push(
    '<linearGradient id="ogshade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0b1220" stop-opacity="0"/><stop offset="1" stop-color="#0b1220" stop-opacity="0.75"/></linearGradient>',
  );
  const svg = s.svg({ width: 1200, height: 630, viewBox: `0 ${vbY} ${W} 840`, overlay: shadeBand + text });
  const { data, info } = await rasterise(svg, 1200, 630);
  await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg({ ...JPEG, quality: 82 })
    .toFile(join(PUBLIC_DIR, 'og-image.jpg'));
}

/** Run tasks with at most `limit` at a time. */
async function pool(items, limit, fn) {
  const queue = [...items];
  const workers = Array.from({ length: Math.min(limit, queue.length) }, async () => {
    while (queue.length) await fn(queue.shift());
  });
  await Promise.all(workers);
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;
const mb = (bytes) => `${(bytes / 1_000_000).toFixed(2)} MB`;

/** Print the size of the defaults folder per format and width, and flag anything over budget. */
async function checkBudget() {
  const files = (await readdir(OUT_DIR)).sort();
  let total = 0;
  const groups = new Map();
  const largest = { avif480: [0, ''], jpg1600: [0, ''] };
  const problems = [];
  for (const file of files) {
    const size = (await stat(join(OUT_DIR, file))).size;
    total += size;
    const m = /-(\d+)\.(\w+)$/.exec(file);
    const group = m ? `${m[2]} ${m[1]}` : 'jpg canonical';
    groups.set(group, (groups.get(group) ?? 0) + size);
    if (file.endsWith('-480.avif')) {
      if (size > largest.avif480[0]) largest.avif480 = [size, file];
      if (size > BUDGET.avif480) problems.push(`${file} is ${kb(size)} (> ${kb(BUDGET.avif480)})`);
    }
    if (file.endsWith('-1600.jpg')) {
      if (size > largest.jpg1600[0]) largest.jpg1600 = [size, file];
      if (size > BUDGET.jpg1600) problems.push(`${file} is ${kb(size)} (> ${kb(BUDGET.jpg1600)})`);
    }
  }
  if (total > BUDGET.folder) problems.push(`the folder is ${mb(total)} (> ${mb(BUDGET.folder)})`);
  console.log(`\nweb/public/images/defaults: ${files.length} files, ${mb(total)} (budget ${mb(BUDGET.folder)})`);
  for (const [group, size] of [...groups].sort()) console.log(`  ${group.padEnd(14)} ${kb(size).padStart(10)}`);
  console.log(
    `  largest 480 AVIF:  ${largest.avif480[1]} ${kb(largest.avif480[0])} (budget ${kb(BUDGET.avif480)} each)`,
  );
  console.log(
    `  largest 1600 JPEG: ${largest.jpg1600[1]} ${kb(largest.jpg1600[0])} (budget ${kb(BUDGET.jpg1600)} each)`,
  );
  if (problems.length) {
    console.log('OVER BUDGET:');
    for (const p of problems) console.log(`  - ${p}`);
    process.exitCode = 1;
  } else {
    console.log('Size budget OK.');
  }
}

async function main() {
  const started = Date.now();
  const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  for (const n of only) if (!DEFAULT_IMAGE_NAMES.includes(n)) throw new Error(`Unknown photo name: ${n}`);
  const names = only.length ? only : DEFAULT_IMAGE_NAMES.filter((n) => SCENES[n]);
  await mkdir(OUT_DIR, { recursive: true });
  sharp.concurrency(1);
  await renderIcons();
  await renderOgImage();
  await pool(names, 2, async (name) => {
    const t = Date.now();
    await renderPhoto(name);
    console.log(`${name.padEnd(10)} ${((Date.now() - t) / 1000).toFixed(1)} s`);
  });
  await checkBudget();
  console.log(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

await main();
