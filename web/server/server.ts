import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createMailer,
  createStripeGateway,
  ensurePassword,
  firstRunPath,
  forgetFirstRunPassword,
  readFirstRunPasswords,
  recordFirstRunPasswords,
  loadConfig,
  openDatabase,
  seedDemoContent,
  type Config,
  type PasswordArea,
} from '@ridgeline/core/node';
import { createApp } from './app.js';
import { createServices } from './services.js';
import type { AppDeps } from './deps.js';
import { googleCalendarFromConfig } from './google-calendar/google-from-config.js';
import { createLogger, type Logger } from './logger.js';
import type { PageCache } from './pages/page-cache.js';
import { loadPageRenderer } from './pages/page-renderer.js';

/** The built SPA, next to this file's build output (`web/dist/server` → `web/dist/client`). */
export const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../client/', import.meta.url));
/** The server renderer of the public pages (`web/dist/server` → `web/dist/ssr`). */
export const DEFAULT_SSR_DIR = fileURLToPath(new URL('../ssr/', import.meta.url));

export interface RunningServer {
  /** The URL the server listens on, e.g. http://127.0.0.1:3000 */
  url: string;
  config: Config;
  server: Server;
  /** Stops accepting connections, lets in-flight requests finish, closes the database. */
  close: () => Promise<void>;
}

export interface StartOptions {
  env?: Record<string, string | undefined>;
  logger?: Logger;
  clientDir?: string;
  /** Directory of the server renderer (`entry-server.js`); the default is the build's. */
  ssrDir?: string;
  /** Where to print the one-time messages a person must read (generated passwords, the URL). */
  announce?: (text: string) => void;
}

/**
 * Reads the configuration, opens (and on first run seeds) the database, makes sure both
 * passwords exist, and listens.
 * @throws ConfigError for a bad configuration; errors from the database or `listen`
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig(options.env ?? process.env);
  const logger = options.logger ?? createLogger();
  const announce = options.announce ?? ((text: string) => process.stdout.write(`${text}\n`));
  const dataDir = path.resolve(config.dataDir);
  const { db, fresh } = openDatabase(dataDir);
  if (fresh) {
    // Demo reviews only with DEMO_CONTENT ([config.demo-content]); the default photos are real and always set.
    seedDemoContent(db, new Date(), { demoReviews: config.demoContent });
    logger.info(config.demoContent ? 'created a new database with demo content' : 'created a new database without demo content', {
      dataDir,
    });
  }
  // [setup.first-run]: generated passwords are printed last, framed, and kept in DATA_DIR/first-run.txt.
  const generated: Partial<Record<PasswordArea, string>> = {};
  for (const [area, configured] of [
    ['admin', config.adminPassword],
    ['security', config.securityPassword],
  ] as const) {
    const password = await ensurePassword(db, area, configured);
    if (password) generated[area] = password;
    // A configured password replaces the generated one.
    if (configured) forgetFirstRunPassword(dataDir, area);
  }
  recordFirstRunPasswords(dataDir, generated);

  const payments = config.stripe.secretKey
    ? createStripeGateway({ secretKey: config.stripe.secretKey, webhookSecret: config.stripe.webhookSecret, apiBase: config.stripe.apiBase })
    : undefined;
  if (!payments) logger.warn('card payments are off: STRIPE_SECRET_KEY is not set');
  const mailer = createMailer(config.mail, (message, fields) => logger.info(message, fields));
  const google = googleCalendarFromConfig(config);
  if (!google) logger.warn('Google Calendar is off: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set');
  // [pages.server-rendered]: without the renderer (not built), pages are the SPA shell.
  const renderPage = await loadPageRenderer(options.ssrDir ?? DEFAULT_SSR_DIR);
  if (!renderPage) logger.warn('server rendering is off: web/dist/ssr/entry-server.js is missing (npm run build)');
  const deps: AppDeps = { db, config, logger, payments, mailer, google, clientDir: options.clientDir ?? DEFAULT_CLIENT_DIR, renderPage };
  // The composition root: every service built once, for the routes and the jobs.
  const services = createServices(deps);
  const { calendarSync } = services;
  const app = createApp(deps, services);
  // Background work (web/server/job-catalogue.ts): hold sweeping, auto-sync, cleaning, mail
  // retries, housekeeping, on their schedules from now on.
  const jobs = deps.jobs as NonNullable<AppDeps['jobs']>;
  jobs.start();
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  server.keepAliveTimeout = 65_000;
  const { port } = server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const url = `http://${host}:${port}`;
  // Render the public pages now, in the background, rather than on the first visitor's request
  // ([pages.cache]); a failure here is logged and retried on that request.
  const pages = app.locals.pages as PageCache | undefined;
  for (const key of ['home', 'not-found'] as const) {
    pages?.get(key).catch((err: unknown) => logger.error('rendering a public page failed', { page: key, err }));
  }
  announce(startBanner(url, config.publicUrl, generated, Object.keys(readFirstRunPasswords(dataDir)).length > 0 ? firstRunPath(dataDir) : undefined));


  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= new Promise<void>((resolve) => {
      // No new background runs; the feed worker stops (a read in flight is recorded as failed).
      const stopped = Promise.allSettled([jobs.stop(), calendarSync.close()]);
      // Connections still serving a request become idle keep-alive connections afterwards and
      // would hold close() for keepAliveTimeout: sweep them until the server has closed.
      const sweep = setInterval(() => server.closeIdleConnections(), 100);
      server.close(() => {
        clearInterval(sweep);
        // Runs in flight end before the database closes under them.
        void stopped.then(() => {
          db.close();
          resolve();
        });
      });
      server.closeIdleConnections();
    }));
  return { url, config, server, close };
}

/**
 * What `npm start` prints last ([setup.first-run]): a framed block with the URL and, on the run
 * that generated them, the passwords; later runs name the first-run file while it still holds a
 * generated password. Plain ASCII, so any terminal or log viewer shows it as framed.
 * @param url where the server listens; `publicUrl` is named when it differs
 * @param firstRunFile DATA_DIR/first-run.txt when it still holds a generated password
 */
export function startBanner(url: string, publicUrl: string, generated: Partial<Record<PasswordArea, string>>, firstRunFile?: string): string {
  const lines = [`Ridgeline is running at ${url}`];
  if (publicUrl !== url) lines.push(`Public URL: ${publicUrl}`);
  lines.push(`Owner dashboard: ${publicUrl}/admin`, `Security console: ${publicUrl}/security-console`);
  const areas = (['admin', 'security'] as const).filter((a) => generated[a]);
  if (areas.length > 0) {
    lines.push('', 'Passwords generated for this installation (printed this once):');
    for (const a of areas) lines.push(`  ${a === 'admin' ? 'Admin   ' : 'Security'} password:  ${generated[a]}`);
    lines.push('Change them after signing in ("Change password"), or set ADMIN_PASSWORD / SECURITY_PASSWORD.');
  }
  if (firstRunFile) lines.push(`${areas.length > 0 ? 'Also kept in' : 'Generated passwords not changed yet are in'} ${firstRunFile} (readable by you only).`);
  const width = Math.max(...lines.map((l) => l.length));
  const rule = `+${'-'.repeat(width + 2)}+`;
  return ['', rule, ...lines.map((l) => `| ${l.padEnd(width)} |`), rule, ''].join('\n');
}
