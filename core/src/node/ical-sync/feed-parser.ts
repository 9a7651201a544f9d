import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { FeedError, type FeedErrorReason, type FeedEvent, type ParsedFeed } from './ical-import.js';
import { threadEntry } from '../platform/thread-entry.js';

/**
 * Parsing iCal feeds, and storing what they close, in a worker thread ([ical.parse]: a
 * 60,000-event feed parsed on the main thread held `/api/health` for 1.5 s). A parser's worker
 * is started on first use, handles one feed at a time in arrival order, and is stopped after a
 * quiet minute to give its memory back.
 */

/** Where and how the worker stores a parsed feed's imports (replaceImports). */
export interface FeedStoreTarget {
  /** The SQLite file (`db.name` of the server's connection). */
  dbPath: string;
  sourceId: number;
  /** ISO instants */
  now: string;
  nextSyncAt: string;
}
/**
 * A message to the worker (feed-parse-worker.ts): parse; then store when `store` is given, or
 * answer only the count and the first `sample` events when that is given (little to copy back).
 */
export interface FeedWorkerRequest {
  id: number;
  text: string;
  timeZone: string;
  today: string;
  store?: FeedStoreTarget;
  sample?: number;
}
/** The worker's answer; `unexpected` errors are not FeedErrors (a bug, or the database). */
export type FeedWorkerReply =
  | ({ id: number; ok: true; kind: 'parsed' } & ParsedFeed)
  | { id: number; ok: true; kind: 'stored'; eventsProcessed: number; bookingsCreated: number; warnings: string[] }
  | ({ id: number; ok: true; kind: 'summary' } & FeedSummary)
  | { id: number; ok: false; reason: FeedErrorReason; message: string; unexpected: boolean };

/** How many events a feed has, its first few (in date order), and what was read only in part. */
export interface FeedSummary {
  eventsFound: number;
  sample: FeedEvent[];
  warnings: string[];
}

/** What storing a feed did (replaceImports), and what was read only in part. */
export interface StoredFeed {
  eventsProcessed: number;
  bookingsCreated: number;
  warnings: string[];
}

export interface FeedParserOptions {
  /** Longest a parse may take, ms, waiting included, before the worker is stopped (default 60 s). */
  timeoutMs?: number;
  /** The worker is stopped after this long without work, ms (default 60 s). */
  idleMs?: number;
  /** Heap limit of the worker, MB (default 512): a hostile feed fails alone, not the server. */
  maxHeapMb?: number;
}

export interface FeedParser {
  /**
   * parseFeedDetailed (ical-import.ts) off the main thread.
   * @throws FeedError: the parser's own ('parse'), 'timeout' past `timeoutMs`, or 'parse' when
   *   the worker ran out of memory or stopped (every request waiting on it fails the same way)
   */
  parse(text: string, timeZone: string, today: string): Promise<ParsedFeed>;
  /**
   * Parses and stores a feed's imports (replaceImports, one transaction on the worker's own
   * connection to `target.dbPath`), both off the main thread: a 60,000-event import is ~0.5 s of
   * SQLite work. The server's reads go on meanwhile (WAL); its writes wait for that transaction.
   * @throws FeedError as `parse` does; Error for anything else (e.g. the database)
   */
  parseAndStore(text: string, timeZone: string, today: string, target: FeedStoreTarget): Promise<StoredFeed>;
  /** Parses a feed and answers its count and first `sampleSize` events (a connection test). */
  summarize(text: string, timeZone: string, today: string, sampleSize: number): Promise<FeedSummary>;
  /** Stops the worker; requests in flight fail. */
  close(): Promise<void>;
}

/** How to start the worker: its compiled `.js`, or its `.ts` source behind ts-source-hooks.mjs. */
function workerStart(): { entry: string; options: WorkerOptions } {
  const entry = threadEntry('feed-parse-worker', import.meta.url);
  if (entry.compiled) return { entry: entry.file, options: {} };
  const code = `require('node:module').register(${JSON.stringify(entry.register)}); import(${JSON.stringify(pathToFileURL(entry.file).href)});`;
  return { entry: code, options: { eval: true } };
}

export function createFeedParser(options: FeedParserOptions = {}): FeedParser {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const idleMs = options.idleMs ?? 60_000;
  const maxHeapMb = options.maxHeapMb ?? 512;
  let worker: Worker | undefined;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;
  const pending = new Map<number, { resolve: (reply: FeedWorkerReply & { ok: true }) => void; reject: (err: Error) => void; timer: NodeJS.Timeout }>();

  const stop = (w: Worker, error: FeedError) => {
    if (worker !== w) return;
    worker = undefined;
    clearTimeout(idleTimer);
    for (const p of pending.values()) {
      clearTimeout(p.timer);
      p.reject(error);
    }
    pending.clear();
    void w.terminate();
  };

  const goIdle = (w: Worker) => {
    if (worker !== w || pending.size > 0) return;
    // An idle worker neither keeps the process alive nor holds memory for long.
    w.unref();
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => stop(w, new FeedError('parse', 'The feed reader was stopped')), idleMs);
    idleTimer.unref();
  };

  const start = () => {
    const { entry, options: startOptions } = workerStart();
    const w = new Worker(entry, { ...startOptions, resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } });
    w.on('message', (reply: FeedWorkerReply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      clearTimeout(p.timer);
      if (reply.ok) p.resolve(reply);
      else p.reject(reply.unexpected ? new Error(reply.message) : new FeedError(reply.reason, reply.message));
      goIdle(w);
    });
    w.on('error', (err: Error & { code?: string }) =>
      stop(w, new FeedError('parse', err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'The feed is too large to read' : `The feed could not be read (${err.message})`)),
    );
    w.on('exit', () => stop(w, new FeedError('parse', 'The feed reader stopped unexpectedly')));
    return w;
  };

  const request = (message: Omit<FeedWorkerRequest, 'id'>) => {
    clearTimeout(idleTimer);
    const w = (worker ??= start());
    w.ref();
    const id = nextId++;
    return new Promise<FeedWorkerReply & { ok: true }>((resolve, reject) => {
      const timer = setTimeout(() => stop(w, new FeedError('timeout', `The feed took longer than ${Math.round(timeoutMs / 1000)} seconds to read`)), timeoutMs);
      pending.set(id, { resolve, reject, timer });
      w.postMessage({ id, ...message } satisfies FeedWorkerRequest);
    });
  };

  return {
    async parse(text, timeZone, today) {
      const reply = await request({ text, timeZone, today });
      if (reply.kind !== 'parsed') throw new Error('The feed worker did not answer a parse');
      return { events: reply.events, warnings: reply.warnings };
    },
    async parseAndStore(text, timeZone, today, store) {
      const reply = await request({ text, timeZone, today, store });
      if (reply.kind !== 'stored') throw new Error('The feed worker did not answer a store');
      return { eventsProcessed: reply.eventsProcessed, bookingsCreated: reply.bookingsCreated, warnings: reply.warnings };
    },
    async summarize(text, timeZone, today, sample) {
      const reply = await request({ text, timeZone, today, sample });
      if (reply.kind !== 'summary') throw new Error('The feed worker did not answer a summary');
      return { eventsFound: reply.eventsFound, sample: reply.sample, warnings: reply.warnings };
    },
    async close() {
      if (worker) stop(worker, new FeedError('parse', 'The feed reader was stopped'));
    },
  };
}

let shared: FeedParser | undefined;
/** This process's feed worker (see createFeedParser), started on first use. */
export function sharedFeedParser(): FeedParser {
  return (shared ??= createFeedParser());
}
