/**
 * Entry point: `node web/dist/server/main.js` (what `npm start` runs). Reads `.env` when present,
 * starts the server, and shuts down gracefully on SIGTERM/SIGINT.
 */
import { existsSync } from 'node:fs';
import { ConfigError } from '@ridgeline/core/node';
import { startServer } from './server.js';

/** How long in-flight requests get to finish after SIGTERM before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

if (existsSync('.env')) process.loadEnvFile('.env');

try {
  const running = await startServer();
  const shutdown = (signal: string) => {
    process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'info', message: 'shutting down', signal })}\n`);
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
} catch (err) {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\nSee .env.example for every setting.\n`);
  } else {
    process.stderr.write(`Ridgeline could not start: ${(err as Error).stack ?? String(err)}\n`);
  }
  process.exit(1);
}
