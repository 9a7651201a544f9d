#!/usr/bin/env node
/**
 * `npm start`: builds when the build is missing or older than the sources, then runs the server
 * (web/dist/server/main.js) in this process's place, passing signals through.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(root, 'web/dist/server/main.js');
const clientIndex = path.join(root, 'web/dist/client/index.html');
const sources = ['core/src', 'core/migrations', 'web/server', 'web/src', 'web/public', 'web/index.html', 'web/vite.config.ts'];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const built = existsSync(serverEntry) && existsSync(clientIndex);
const stale = built && Math.max(...sources.map((s) => newestMtime(path.join(root, s)))) > Math.min(statSync(serverEntry).mtimeMs, statSync(clientIndex).mtimeMs);
if (!built || stale) {
  console.log(built ? 'Sources changed since the last build: building…' : 'First start: building the site…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, [serverEntry], { cwd: process.cwd(), stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
