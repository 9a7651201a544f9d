#!/usr/bin/env node
/**
 * Runs after the client build: writes brotli (.br, quality 11) and gzip (.gz, level 9) copies
 * beside every compressible file of web/dist/client, so the server sends precompressed bytes
 * instead of compressing on each request. Images (already compressed) are left alone.
 *
 * BROTLI_QUALITY (0–11) lowers brotli's quality for builds that only tests use: `npm run test:e2e`
 * builds with 5 (about a tenth of quality 11's CPU, the bytes a little larger). Unset, every
 * build (production, `npm run build`, releases) stays at 11.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/dist/client');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|ico|webmanifest)$/i;
const MIN_BYTES = 1024;
const QUALITY = process.env.BROTLI_QUALITY === undefined || process.env.BROTLI_QUALITY === '' ? 11 : Number(process.env.BROTLI_QUALITY);
if (!Number.isInteger(QUALITY) || QUALITY < 0 || QUALITY > 11) {
  console.error(`BROTLI_QUALITY must be an integer 0–11, got ${JSON.stringify(process.env.BROTLI_QUALITY)}`);
  process.exit(1);
}

let files = 0;
let before = 0;
let after = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      walk(file);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const data = readFileSync(file);
    if (data.length < MIN_BYTES) continue;
    const br = brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
    files += 1;
    before += data.length;
    after += br.length;
  }
};
walk(root);
console.log(`precompressed ${files} files (brotli quality ${QUALITY}): ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB brotli`);
