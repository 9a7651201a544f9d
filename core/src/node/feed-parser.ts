import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { FeedError, type FeedErrorReason, type ParsedFeed } from './ical-import.js';

/**
 * Parsing iCal feeds in a worker thread (issue 11 §9f: a 60,000-event feed parsed on the main
 * thread held `/api/health` for 1.5 s). One worker per process, started on first use, parses one
 * feed at a time in arrival order, and is stopped after a quiet minute to give its memory back.
 */

/** A message to the worker (feed-parse-worker.ts). */
export interface FeedParseRequest {
  id: number;
  text: string;
  timeZone: string;
  today: string;
}
/** The worker's answer: the parsed feed, or the FeedError it raised. */
export type FeedParseReply = ({ id: number; ok: true } & ParsedFeed) | { id: number; ok: false; reason: FeedErrorReason; message: string };

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
   *   the worker ran out of memory or stopped (every parse waiting on it fails the same way)
   */
  parse(text: string, timeZone: string, today: string): Promise<ParsedFeed>;
  /** Stops the worker; parses in flight fail. */
  close(): Promise<void>;
}

/**
 * How to start the worker. The built server (tsc output) runs the compiled `.js` beside this
 * file; from TypeScript source (Vitest) there is none, so the worker first registers
 * ts-source-hooks.mjs and then imports the `.ts` entry.
 */
function workerStart(): { entry: URL | string; options: WorkerOptions } {
  const compiled = new URL('./feed-parse-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(compiled))) return { entry: compiled, options: {} };
  const hooks = new URL('./ts-source-hooks.mjs', import.meta.url).href;
  const source = new URL('./feed-parse-worker.ts', import.meta.url).href;
  const code = `require('node:module').register(${JSON.stringify(hooks)}); import(${JSON.stringify(source)});`;
  return { entry: code, options: { eval: true } };
}

export function createFeedParser(options: FeedParserOptions = {}): FeedParser {
  const timeoutMs = options.timeoutMs ?? 60_000;
  const idleMs = options.idleMs ?? 60_000;
  const maxHeapMb = options.maxHeapMb ?? 512;
  let worker: Worker | undefined;
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;
  const pending = new Map<number, { resolve: (feed: ParsedFeed) => void; reject: (err: FeedError) => void; timer: NodeJS.Timeout }>();

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
    w.on('message', (reply: FeedParseReply) => {
      const p = pending.get(reply.id);
      if (!p) return;
      pending.delete(reply.id);
      clearTimeout(p.timer);
      if (reply.ok) p.resolve({ events: reply.events, warnings: reply.warnings });
      else p.reject(new FeedError(reply.reason, reply.message));
      goIdle(w);
    });
    w.on('error', (err: Error & { code?: string }) =>
      stop(w, new FeedError('parse', err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'The feed is too large to read' : `The feed could not be read (${err.message})`)),
    );
    w.on('exit', () => stop(w, new FeedError('parse', 'The feed reader stopped unexpectedly')));
    return w;
  };

  return {
    parse(text, timeZone, today) {
      clearTimeout(idleTimer);
      const w = (worker ??= start());
      w.ref();
      const id = nextId++;
      return new Promise<ParsedFeed>((resolve, reject) => {
        const timer = setTimeout(() => stop(w, new FeedError('timeout', `The feed took longer than ${Math.round(timeoutMs / 1000)} seconds to read`)), timeoutMs);
        pending.set(id, { resolve, reject, timer });
        w.postMessage({ id, text, timeZone, today } satisfies FeedParseRequest);
      });
    },
    async close() {
      if (worker) stop(worker, new FeedError('parse', 'The feed reader was stopped'));
    },
  };
}

let shared: FeedParser | undefined;
/** parseFeedDetailed in this process's shared feed-parsing worker (see createFeedParser). */
export function parseFeedOffThread(text: string, timeZone: string, today: string): Promise<ParsedFeed> {
  shared ??= createFeedParser();
  return shared.parse(text, timeZone, today);
}
