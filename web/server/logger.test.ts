import { Writable } from 'node:stream';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, runWithRequestId } from './logger.js';
import { createTestApp } from './test-support/test-app.js';

/** A logger whose JSON lines are collected, parsed. */
function memoryLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: createLogger(stream), lines };
}

/** Polls until `lines` holds a line matching `pick` (pino writes asynchronously to a stream). */
async function lineWhere(lines: Record<string, unknown>[], pick: (l: Record<string, unknown>) => boolean) {
  await expect.poll(() => lines.find(pick)).toBeDefined();
  return lines.find(pick) as Record<string, unknown>;
}

describe('createLogger', () => {
  it('writes JSON lines with level, time and message, and serialises errors', async () => {
    const { logger, lines } = memoryLogger();
    logger.error('it broke', { err: new Error('boom'), bookingId: 7 });
    const line = await lineWhere(lines, (l) => l.message === 'it broke');
    expect(line).toMatchObject({ level: 'error', bookingId: 7, err: { type: 'Error', message: 'boom' } });
    expect(Date.parse(String(line.time))).not.toBeNaN();
    expect(line).not.toHaveProperty('requestId');
  });

  it('adds the request id to every line written while a request is handled, awaited work included', async () => {
    const { logger, lines } = memoryLogger();
    await runWithRequestId('req-42', async () => {
      logger.info('before');
      await new Promise((r) => setImmediate(r));
      logger.warn('after');
    });
    logger.info('outside');
    expect((await lineWhere(lines, (l) => l.message === 'before')).requestId).toBe('req-42');
    expect((await lineWhere(lines, (l) => l.message === 'after')).requestId).toBe('req-42');
    expect(await lineWhere(lines, (l) => l.message === 'outside')).not.toHaveProperty('requestId');
  });

  it('censors personal data and secrets by field name', async () => {
    const { logger, lines } = memoryLogger();
    logger.info('mail', { to: 'guest@example.com', guest: { email: 'guest@example.com', phone: '555-0100' }, subject: 'Hello' });
    const line = await lineWhere(lines, (l) => l.message === 'mail');
    expect(JSON.stringify(line)).not.toMatch(/guest@example\.com|555-0100/);
    expect(line.subject).toBe('Hello');
  });
});

describe('request logs', () => {
  let t: ReturnType<typeof createTestApp> | undefined;
  afterEach(() => t?.cleanup());

  it('logs each /api request with its id, and the 500 log carries the same id', async () => {
    const { logger, lines } = memoryLogger();
    t = createTestApp({}, {}, undefined, { logger });
    await request(t.app).get('/api/health').set('X-Request-Id', 'health-1').expect(200);
    expect(await lineWhere(lines, (l) => l.message === 'request' && l.requestId === 'health-1')).toMatchObject({
      req: { method: 'GET', path: '/api/health' },
      res: { status: 200 },
    });

    // A closed database makes the next read fail: the server's own fault, a 500.
    t.db.close();
    const failed = await request(t.app).get('/api/images/config?secret=1').expect(500);
    const id = failed.headers['x-request-id'];
    expect(await lineWhere(lines, (l) => l.message === 'request failed')).toMatchObject({ requestId: id, level: 'error' });
    const requestLine = await lineWhere(lines, (l) => l.message === 'request' && l.requestId === id);
    expect(requestLine).toMatchObject({ res: { status: 500 }, req: { path: '/api/images/config' } });
  });
});
