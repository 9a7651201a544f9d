/**
 * Issue 23's money model at scale: the Vitest model test (web/server/booking/money-model.test.ts) run for
 * 5,000 random sequences (MONEY_MODEL_RUNS), every one run even after a failure
 * (MONEY_MODEL_REPORT), and how many passed. A figure, not a gate: CI runs 200 in `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

/** @returns `{ runs, passed, failed, seconds, failures }` (the first failing sequences with their errors) */
export function runMoney(runs = Number(process.env.MONEY_MODEL_RUNS ?? 5_000)) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ridgeline-money-bench-'));
  const report = path.join(dir, 'report.json');
  const t0 = performance.now();
  try {
    spawnSync('npx', ['vitest', 'run', 'web/server/booking/money-model.test.ts'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, MONEY_MODEL_RUNS: String(runs), MONEY_MODEL_REPORT: report },
    });
    const counts = JSON.parse(readFileSync(report, 'utf8'));
    return { ...counts, seconds: Math.round((performance.now() - t0) / 1000) };
  } catch (err) {
    return {
      runs,
      passed: 0,
      failed: runs,
      seconds: Math.round((performance.now() - t0) / 1000),
      failures: [{ sequence: '(no report)', error: String(err) }],
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
