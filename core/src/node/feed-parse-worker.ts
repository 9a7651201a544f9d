import { parentPort } from 'node:worker_threads';
import { FeedError, parseFeedDetailed } from './ical-import.js';
import type { FeedParseReply, FeedParseRequest } from './feed-parser.js';

/**
 * Worker-thread entry (started by feed-parser.ts): parses feeds off the server's main thread
 * (issue 11 §9f: a 60,000-event feed held every request for 1.5 s). One request at a time, in
 * arrival order; errors come back as data, never as an uncaught exception.
 */
parentPort?.on('message', (request: FeedParseRequest) => {
  let reply: FeedParseReply;
  try {
    reply = { id: request.id, ok: true, ...parseFeedDetailed(request.text, request.timeZone, request.today) };
  } catch (err) {
    reply = err instanceof FeedError ? { id: request.id, ok: false, reason: err.reason, message: err.message } : { id: request.id, ok: false, reason: 'parse', message: `The feed could not be read (${(err as Error).message})` };
  }
  parentPort?.postMessage(reply);
});
