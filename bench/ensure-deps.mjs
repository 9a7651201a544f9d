#!/usr/bin/env node
/**
 * Installs bench/'s own packages (Lighthouse, autocannon: bench/package.json and its lock) when
 * they are missing or older than the lock, so `npm run bench` works on a fresh clone while the
 * root's `npm ci` (CI, deploys) never fetches them. The app's packages (sharp, @ridgeline/core)
 * come from the root's node_modules as before.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const bench = path.dirname(fileURLToPath(import.meta.url));
const lock = path.join(bench, 'package-lock.json');
// npm writes node_modules/.package-lock.json at each install: older than the lock means stale.
const installed = path.join(bench, 'node_modules', '.package-lock.json');
const wanted = ['lighthouse', 'autocannon', 'chrome-launcher'];
const missing = wanted.filter((name) => !existsSync(path.join(bench, 'node_modules', name, 'package.json')));
const stale = !existsSync(installed) || statSync(installed).mtimeMs < statSync(lock).mtimeMs;

if (missing.length > 0 || stale) {
  console.log(`bench: installing its packages (${missing.length > 0 ? `missing ${missing.join(', ')}` : 'lock changed'}) with npm ci in bench/`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { cwd: bench, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
