import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../logger.js';
import { JobRunner } from './job-runner.js';

function recordingLogger() {
  const errors: { message: string; fields?: Record<string, unknown> }[] = [];
  const logger: Logger = { info() {}, warn() {}, error: (message, fields) => void errors.push({ message, ...(fields ? { fields } : {}) }) };
  return { logger, errors };
}

/** A promise and its resolver, to hold a job's run open. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  return { open, opened };
}

describe('JobRunner', () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('runs a job on its interval once started, never before, and stops', async () => {
    const runner = new JobRunner(recordingLogger().logger);
    const run = vi.fn(async () => undefined);
    runner.define({ name: 'tick', description: 'ticks', everyMs: 60_000, run });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(run).not.toHaveBeenCalled();

    runner.start();
    expect(runner.status()[0]?.nextRunAt).toBe('2026-11-23T12:03:00.000Z');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(runner.status()[0]).toMatchObject({ runs: 2, lastSuccessAt: '2026-11-23T12:04:00.000Z', lastError: null, running: false });

    await runner.stop();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(runner.status()[0]?.nextRunAt).toBeNull();
  });

  it('runs `runAtStart` jobs at once', async () => {
    const runner = new JobRunner(recordingLogger().logger);
    const run = vi.fn(async () => undefined);
    runner.define({ name: 'boot', description: 'at start', everyMs: 3_600_000, runAtStart: true, run });
    runner.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(run).toHaveBeenCalledTimes(1);
    expect(runner.status()[0]?.nextRunAt).toBe('2026-11-23T13:00:00.000Z');
    await runner.stop();
  });

  it('coalesces triggers during a run into exactly one more run', async () => {
    const runner = new JobRunner(recordingLogger().logger);
    const first = gate();
    let calls = 0;
    runner.define({
      name: 'reconcile',
      description: 'reconciles',
      run: async () => {
        calls += 1;
        if (calls === 1) await first.opened;
      },
    });
    const done = runner.runNow('reconcile');
    runner.trigger('reconcile');
    runner.trigger('reconcile');
    runner.trigger('reconcile');
    expect(runner.status()[0]?.running).toBe(true);
    first.open();
    await done;
    expect(calls).toBe(2);
    expect(runner.status()[0]).toMatchObject({ runs: 2, running: false });
  });

  it('logs a failure with the job name, keeps it as the last error, and retries with back-off', async () => {
    const { logger, errors } = recordingLogger();
    const runner = new JobRunner(logger);
    let fail = true;
    const run = vi.fn(async () => {
      if (fail) throw new Error('SMTP refused');
    });
    runner.define({ name: 'mail', description: 'sends mail', everyMs: 3_600_000, retryDelaysMs: [60_000, 300_000], run });
    runner.start();
    await runner.runNow('mail');
    expect(errors).toEqual([{ message: 'background job failed', fields: expect.objectContaining({ job: 'mail', failures: 1 }) }]);
    expect(runner.status()[0]).toMatchObject({ lastError: 'SMTP refused', consecutiveFailures: 1, nextRunAt: '2026-11-23T12:01:00.000Z' });

    await vi.advanceTimersByTimeAsync(60_000);
    expect(run).toHaveBeenCalledTimes(2);
    // The second failure waits longer.
    expect(runner.status()[0]).toMatchObject({ consecutiveFailures: 2, nextRunAt: '2026-11-23T12:06:00.000Z' });

    fail = false;
    await vi.advanceTimersByTimeAsync(300_000);
    expect(run).toHaveBeenCalledTimes(3);
    // Success: back to the regular schedule; the last error stays on record with its time.
    expect(runner.status()[0]).toMatchObject({ consecutiveFailures: 0, lastError: 'SMTP refused', nextRunAt: '2026-11-23T13:06:00.000Z' });
    await runner.stop();
  });

  it('refuses an unknown job and a name defined twice', () => {
    const runner = new JobRunner(recordingLogger().logger);
    runner.define({ name: 'a', description: 'a', run: async () => undefined });
    expect(() => runner.define({ name: 'a', description: 'again', run: async () => undefined })).toThrow(/defined twice/);
    expect(() => runner.trigger('nope')).toThrow(/no job named nope/);
  });
});
