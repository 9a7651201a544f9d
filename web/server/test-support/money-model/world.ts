import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import {
  createSession,
  createStripeGateway,
  loadConfig,
  openDatabase,
  seedDemoContent,
  updateOwnerSettings,
  type Db,
  type MailMessage,
  type Mailer,
} from '@ridgeline/core/node';
import { createApp } from '../../app.js';
import type { AppDeps } from '../../deps.js';
import { silentLogger } from '../../logger.js';
import { startStripeStandIn, type StripeStandIn } from '../stripe-stand-in.js';
import { TEST_INDEX_HTML } from '../test-app.js';

/**
 * The system the money model test drives (docs/architecture.md "Tests"): the real app over a real
 * SQLite file, listening so the Stripe stand-in delivers its signed webhooks over HTTP, an owner
 * session minted in the database (no scrypt sign-in), and a clock the test moves. `restart()` is a
 * server restart: the jobs stopped, the listener and the database closed, and a new app built over
 * the same file. The gateway makes no network retries, so one lost answer (`loseNext`) is an
 * unknown outcome at once.
 */
export interface MoneyWorld {
  stripe: StripeStandIn;
  db: Db;
  deps: AppDeps;
  app: ReturnType<typeof createApp>;
  mail: MailMessage[];
  /** `Authorization` header of a new owner session (the clock jumps weeks: one may have expired) */
  readonly owner: string;
  /** the clock goes on from `iso`, never back */
  at(iso: string): void;
  now(): Date;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const WEBHOOK_SECRET = 'whsec_money_model';

/**
 * A database migrated and seeded like a first run, with the owner's `settings`, made once: each
 * sequence starts from a copy of its file (a copy takes a millisecond, migrating a new one 100).
 */
let template: { file: string; key: string } | undefined;
function templateFile(settings: Parameters<typeof updateOwnerSettings>[1], at: Date): string {
  const key = JSON.stringify(settings);
  if (template?.key === key) return template.file;
  const dir = mkdtempSync(path.join(tmpdir(), 'ridgeline-money-template-'));
  const { db } = openDatabase(dir);
  seedDemoContent(db);
  updateOwnerSettings(db, settings, at);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  template = { file: path.join(dir, 'ridgeline.sqlite'), key };
  return template.file;
}

export async function startMoneyWorld(
  start: string,
  settings: Parameters<typeof updateOwnerSettings>[1],
): Promise<MoneyWorld> {
  const stripe = await startStripeStandIn();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ridgeline-money-'));
  copyFileSync(templateFile(settings, new Date(start)), path.join(dataDir, 'ridgeline.sqlite'));
  const clientDir = path.join(dataDir, 'client');
  mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  writeFileSync(path.join(clientDir, 'index.html'), TEST_INDEX_HTML);
  const mail: MailMessage[] = [];
  const mailer: Mailer = { enabled: true, send: async (m) => (mail.push(m), { sent: true }) };
  // A clock that ticks from the time set, so what happened first is earlier, as on a server.
  let base = Date.parse(start);
  let since = performance.now();
  const now = () => new Date(base + (performance.now() - since));
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });

  let db: Db;
  let deps: AppDeps;
  let app: ReturnType<typeof createApp>;
  let listening: Server;
  const open = async () => {
    db = openDatabase(dataDir).db;
    const payments = createStripeGateway({
      secretKey: stripe.secretKey,
      webhookSecret: WEBHOOK_SECRET,
      apiBase: stripe.url,
      maxNetworkRetries: 0,
    });
    deps = { db, config, logger: silentLogger, clientDir, now, mailer, payments };
    app = createApp(deps);
    listening = createServer(app);
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    stripe.setWebhook({
      url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}/api/stripe/webhook`,
      secret: WEBHOOK_SECRET,
    });
  };
  const close = async () => {
    stripe.setWebhook(undefined);
    await deps.jobs?.stop();
    await new Promise<void>((resolve) => listening.close(() => resolve()));
    db.close();
  };
  await open();

  return {
    stripe,
    get db() {
      return db;
    },
    get deps() {
      return deps;
    },
    get app() {
      return app;
    },
    mail,
    get owner() {
      return `Bearer ${createSession(db, 'admin', 'desktop', now())}`;
    },
    at(iso) {
      const t = Date.parse(iso);
      if (t <= now().getTime()) return;
      base = t;
      since = performance.now();
    },
    now,
    async restart() {
      await close();
      await open();
    },
    async stop() {
      await close();
      await stripe.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A request of the owner's (admin session). */
export const asOwner = (w: MoneyWorld) => ({
  get: (url: string) => request(w.app).get(url).set('Authorization', w.owner),
  post: (url: string, body: object = {}) => request(w.app).post(url).set('Authorization', w.owner).send(body),
});

/**
 * The guest paying a PaymentIntent in the browser (Stripe.js's confirm with the publishable key),
 * over HTTP, so Stripe refuses what it would refuse (a cancelled or paid intent).
 * @returns Stripe's HTTP status
 */
export async function payInBrowser(w: MoneyWorld, paymentIntentId: string, card = 'pm_card_visa'): Promise<number> {
  const res = await fetch(`${w.stripe.url}/v1/payment_intents/${paymentIntentId}/confirm`, {
    method: 'POST',
    headers: { Authorization: 'Bearer pk_test_standin', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payment_method: card }).toString(),
  });
  await res.arrayBuffer();
  return res.status;
}
