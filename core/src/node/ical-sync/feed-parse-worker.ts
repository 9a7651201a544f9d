import { parentPort } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { replaceImports } from './calendar-sources-store.js';
import type { FeedWorkerReply, FeedWorkerRequest } from './feed-parser.js';
import { FeedError, parseFeedDetailed } from './ical-import.js';

/**
 * Worker-thread entry (started by feed-parser.ts): parses feeds, and stores their imports, off
 * the server's main thread ([ical.parse]: a 60,000-event feed held every request for 1.5 s). One
 * request at a time, in arrival order; errors come back as data, never as an uncaught exception.
 */
function handle(request: FeedWorkerRequest): FeedWorkerReply {
  const parsed = parseFeedDetailed(request.text, request.timeZone, request.today);
  if (request.sample !== undefined) return { id: request.id, ok: true, kind: 'summary', eventsFound: parsed.events.length, sample: parsed.events.slice(0, request.sample), warnings: parsed.warnings };
  if (!request.store) return { id: request.id, ok: true, kind: 'parsed', ...parsed };
  // Its own connection to the same file, opened per import (the file may be a test's, deleted
  // afterwards). WAL: the server's readers keep reading while this one transaction writes.
  const db = new Database(request.store.dbPath, { fileMustExist: true });
  try {
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    const { sourceId, now, nextSyncAt } = request.store;
    const stored = replaceImports(db, sourceId, parsed.events, new Date(now), new Date(nextSyncAt));
    return { id: request.id, ok: true, kind: 'stored', ...stored, warnings: parsed.warnings };
  } finally {
    db.close();
  }
}

parentPort?.on('message', (request: FeedWorkerRequest) => {
  let reply: FeedWorkerReply;
  try {
    reply = handle(request);
  } catch (err) {
    reply =
      err instanceof FeedError
        ? { id: request.id, ok: false, reason: err.reason, message: err.message, unexpected: false }
        : { id: request.id, ok: false, reason: 'parse', message: (err as Error).message, unexpected: true };
  }
  parentPort?.postMessage(reply);
});
