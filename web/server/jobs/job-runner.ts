import type { JobStatus } from '@ridgeline/core';
import type { Jobs } from '../deps.js';
import type { Logger } from '../logger.js';

/** One kind of background work (docs/architecture.md §4 "Background work": all of it goes through the job runner). */
export interface JobDefinition {
  /** Stable id, e.g. "hold-sweep"; what call sites trigger and the console lists. */
  name: string;
  /** What it does, in a few words, for the security console. */
  description: string;
  /** Milliseconds between scheduled runs; omitted: runs only when triggered. */
  everyMs?: number;
  /** Also run right after `start()`. */
  runAtStart?: boolean;
  /**
   * After a failed run, try again after these delays in turn (ms, growing: back-off) before
   * falling back to the regular schedule. Omitted: the next scheduled run is the retry.
   */
  retryDelaysMs?: readonly number[];
  /** The work. A rejection is a failure: logged with the job's name, kept as its last error. */
  run: () => Promise<unknown>;
}

/** What the security console shows of a job: the shared `JobStatus` shape of `GET /api/security/jobs`. */
export type { JobStatus };

interface JobState {
  def: JobDefinition;
  status: JobStatus;
  timer?: ReturnType<typeof setTimeout>;
  /** The run in flight, if any. */
  current?: Promise<void>;
  /** Set when a trigger arrives during a run: one more run follows it. */
  again: boolean;
}

/**
 * The server's one in-process job runner: named jobs on a schedule, runs on demand (coalesced: a
 * trigger during a run makes exactly one more run after it), failures logged with context and
 * retried with back-off, and a status per job. Timers never keep the process alive.
 */
export class JobRunner implements Jobs {
  private readonly jobs = new Map<string, JobState>();
  private started = false;

  constructor(private readonly logger: Logger) {}

  /** Adds a job. @throws Error when a job of that name exists */
  define(def: JobDefinition): void {
    if (this.jobs.has(def.name)) throw new Error(`job ${def.name} is defined twice`);
    this.jobs.set(def.name, {
      def,
      again: false,
      status: {
        name: def.name,
        description: def.description,
        running: false,
        lastRunAt: null,
        lastSuccessAt: null,
        nextRunAt: null,
        lastError: null,
        lastErrorAt: null,
        consecutiveFailures: 0,
        runs: 0,
      },
    });
  }

  /** Starts the schedules (and the `runAtStart` runs). Idempotent. */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs.values()) {
      if (job.def.runAtStart) this.trigger(job.def.name);
      else this.schedule(job);
    }
  }

  /** Stops every schedule; runs in flight finish. @returns when they have */
  async stop(): Promise<void> {
    this.started = false;
    for (const job of this.jobs.values()) {
      if (job.timer) clearTimeout(job.timer);
      job.timer = undefined;
      job.again = false;
      job.status.nextRunAt = null;
    }
    await Promise.all([...this.jobs.values()].map((j) => j.current));
  }

  /**
   * Runs `name` now, or once more after the run in flight. Never throws or rejects: failures are
   * the runner's to log and retry. Works before `start()` too (tests, and apps without timers).
   * @throws Error for an unknown job name (a programming mistake)
   */
  trigger(name: string): void {
    void this.runNow(name);
  }

  /** `trigger`, resolving when the run it caused has ended (tests, the console's Run now). */
  runNow(name: string): Promise<void> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job named ${name}`);
    if (job.current) {
      // The run in flight resolves only after the follow-up run it starts has ended.
      job.again = true;
      return job.current;
    }
    job.current = this.execute(job);
    return job.current;
  }

  /** One job's status, or undefined when no job has that name. */
  statusOf(name: string): JobStatus | undefined {
    const job = this.jobs.get(name);
    return job ? { ...job.status } : undefined;
  }

  /** Every job's status, in definition order. */
  status(): JobStatus[] {
    return [...this.jobs.values()].map((j) => ({ ...j.status }));
  }

  private async execute(job: JobState): Promise<void> {
    if (job.timer) clearTimeout(job.timer);
    job.timer = undefined;
    const { status } = job;
    status.running = true;
    status.lastRunAt = new Date().toISOString();
    status.runs += 1;
    let failed = false;
    try {
      await job.def.run();
      status.lastSuccessAt = new Date().toISOString();
      status.consecutiveFailures = 0;
    } catch (err) {
      failed = true;
      status.consecutiveFailures += 1;
      status.lastError = err instanceof Error ? err.message : String(err);
      status.lastErrorAt = new Date().toISOString();
      this.logger.error('background job failed', { job: job.def.name, failures: status.consecutiveFailures, err });
    } finally {
      status.running = false;
    }
    if (job.again) {
      job.again = false;
      job.current = this.execute(job);
      return job.current;
    }
    job.current = undefined;
    this.schedule(job, failed ? job.def.retryDelaysMs?.[job.status.consecutiveFailures - 1] : undefined);
  }

  /** Sets the next run: the retry delay when given, else the regular interval (if any). */
  private schedule(job: JobState, retryInMs?: number): void {
    if (!this.started) return;
    const delay = retryInMs ?? job.def.everyMs;
    if (delay === undefined) {
      job.status.nextRunAt = null;
      return;
    }
    job.status.nextRunAt = new Date(Date.now() + delay).toISOString();
    job.timer = setTimeout(() => this.trigger(job.def.name), delay);
    job.timer.unref();
  }
}
