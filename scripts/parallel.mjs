#!/usr/bin/env node
/**
 * `node scripts/parallel.mjs LANE…`: runs npm scripts side by side, for `npm test` (issue 24: lint
 * and type checks run beside the unit tests and the build instead of before them). Each argument
 * is a lane of npm script names joined by commas, run one after the other (`typecheck,build:test`:
 * the build starts once the type check is done); the lanes run at the same time.
 *
 * Each script's output is kept and printed whole when it ends (stdout and stderr in the order
 * they came, under a header naming it), so outputs never interleave; a summary with each one's
 * exit code and wall time follows. Exits 1 when any script failed (a lane stops at its first
 * failure; the other lanes still finish, so every failure is shown); Ctrl-C stops them all.
 */
import { spawn } from 'node:child_process';

const lanes = process.argv.slice(2).map((lane) => lane.split(',').filter(Boolean));
if (lanes.length === 0 || lanes.some((lane) => lane.length === 0)) {
  console.error('usage: node scripts/parallel.mjs SCRIPT[,SCRIPT…] [SCRIPT[,SCRIPT…] …]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const children = new Set();
/** @type {{ name: string, code: number | string, seconds: number }[]} */
const results = [];

/** Runs `npm run NAME`, buffering its output; resolves with its exit code (or signal name). */
function run(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const chunks = [];
    // FORCE_COLOR keeps the tools' colours although their output goes to a pipe (unless NO_COLOR).
    const env = { ...process.env, ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}) };
    const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], env });
    children.add(child);
    child.stdout.on('data', (d) => chunks.push(d));
    child.stderr.on('data', (d) => chunks.push(d));
    const finish = (code) => {
      children.delete(child);
      const seconds = (Date.now() - started) / 1000;
      results.push({ name, code, seconds });
      const ok = code === 0;
      process.stdout.write(`\n${'─'.repeat(8)} npm run ${name}: ${ok ? 'passed' : `FAILED (${code})`} in ${seconds.toFixed(1)} s ${'─'.repeat(8)}\n`);
      process.stdout.write(Buffer.concat(chunks));
      resolve(code);
    };
    child.on('error', (err) => {
      chunks.push(Buffer.from(`${err.message}\n`));
      finish(1);
    });
    child.on('close', (code, signal) => finish(code ?? signal ?? 1));
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });
}

const started = Date.now();
console.log(`running side by side: ${lanes.map((lane) => lane.join(' → ')).join('  |  ')}`);
await Promise.all(
  lanes.map(async (lane) => {
    for (const name of lane) if ((await run(name)) !== 0) return;
  }),
);
const failed = results.filter((r) => r.code !== 0);
const skipped = lanes.flat().filter((name) => !results.some((r) => r.name === name));
console.log(`\n${'─'.repeat(8)} summary (${((Date.now() - started) / 1000).toFixed(1)} s) ${'─'.repeat(8)}`);
for (const r of results) console.log(`  ${r.code === 0 ? 'ok    ' : 'FAILED'} ${r.name} (${r.seconds.toFixed(1)} s)`);
for (const name of skipped) console.log(`  not run ${name} (an earlier script of its lane failed)`);
process.exit(failed.length > 0 || skipped.length > 0 ? 1 : 0);
