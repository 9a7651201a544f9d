#!/usr/bin/env node
/**
 * `npm run dev`: the API server rebuilt and restarted on change (tsc --watch + node --watch) on
 * port 3000, and Vite's dev server with hot reload on http://localhost:5173 proxying /api to it.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
// The first build must exist before node --watch can start it.
spawnSync(bin('tsc'), ['-b', 'core', 'web/tsconfig.server.json'], { cwd: root, stdio: 'inherit' });
const children = [
  spawn(bin('tsc'), ['-b', '-w', '--preserveWatchOutput', 'core', 'web/tsconfig.server.json'], { cwd: root, stdio: 'inherit' }),
  spawn(process.execPath, ['--watch-path=web/dist/server', '--watch-path=core/dist', 'web/dist/server/main.js'], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env },
  }),
  spawn(bin('vite'), ['--config', 'web/vite.config.ts'], { cwd: root, stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && code !== 0 && stop());
