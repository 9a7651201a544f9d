import { z } from 'zod';
import { DEFAULT_MAX_HELD_NIGHTS } from '../../booking/hold.js';

/**
 * Ridgeline's configuration, read once at start-up from environment variables ([config.validation];
 * `.env.example` documents each). Integrations left unset are disabled, never
 * faked: the API answers 503 for them.
 */

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const httpUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// URL');

/** A 32-byte key written as 64 hex digits or base64, as hex; undefined when it is neither. */
function secretKeyHex(value: string): string | undefined {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return value.toLowerCase();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return undefined;
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes.toString('hex') : undefined;
}

/** The desktop app's origin: its renderer is served from the privileged `app://ridgeline` scheme. */
export const DEFAULT_DESKTOP_ORIGIN = 'app://ridgeline';

/** "scheme://host[:port]" and nothing else: never "*" or "null" (file:// pages, sandboxed frames). */
function isExactOrigin(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\/[a-z0-9.-]+(?::\d{1,5})?$/i.test(value) && !/^(?:file|data|javascript):/i.test(value);
}

const password = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || v.length >= 8, 'must be at least 8 characters');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be from 0 to 65535')
    .max(65535, 'must be from 0 to 65535')
    .default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('127.0.0.1'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  PUBLIC_URL: httpUrl.optional(),
  TRUST_PROXY: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .default(0),
  /** Requests per IP per 15 minutes on /api ([security.rate-limit]: 100); 0 turns the limit off. */
  RATE_LIMIT_MAX: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 (off) or more').default(100),
  /** PaymentIntents a client IP may start per hour ([checkout.intent-limit]: 10). */
  PAYMENT_INTENT_LIMIT: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').default(10),
  /** Nights all live checkout holds may close together ([checkout.hold-cap]: 60). */
  MAX_HELD_NIGHTS: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(DEFAULT_MAX_HELD_NIGHTS),
  /** Before taking a payment, re-read calendars whose last good sync is older than this. */
  CALENDAR_RECHECK_MINUTES: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').default(15),
  ADMIN_PASSWORD: password,
  SECURITY_PASSWORD: password,
  /**
   * The listing on the external platform that "Book Your Stay" opens; unset (and no listing
   * `listingUrl`), the button scrolls to the booking section instead (issue 27 §3).
   */
  LISTING_URL: httpUrl.optional(),
  /** The guest guide linked from the footer ("Guide"). */
  GUIDE_URL: httpUrl.optional(),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: httpUrl.optional(),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** The Calendar API's root URL (the SDK's `rootUrl`); tests point it at a local stand-in. */
  GOOGLE_API_BASE: httpUrl.optional(),
  /** One origin for Google's OAuth endpoints (`/o/oauth2/v2/auth`, `/token`); tests only. */
  GOOGLE_OAUTH_BASE: httpUrl.optional(),
  /** 32-byte key that encrypts stored secrets (64 hex digits or base64); default DATA_DIR/secret.key. */
  SECRET_KEY: optionalString.refine((v) => v === undefined || secretKeyHex(v) !== undefined, 'must be 32 bytes as 64 hex digits or base64'),
  SMTP_URL: optionalString,
  MAIL_FROM: optionalString,
  GUIDE_APP_URL: httpUrl.optional(),
  /** Seed and show the demo reviews ([config.demo-content]); default true unless NODE_ENV=production. */
  DEMO_CONTENT: z.enum(['true', 'false'], { message: 'must be true or false' }).optional(),
  /** Origins of the desktop app allowed by CORS (comma-separated); see desktopOrigins. */
  DESKTOP_ORIGINS: z
    .string()
    .optional()
    .transform((v) => (v ?? DEFAULT_DESKTOP_ORIGIN).split(',').map((o) => o.trim()).filter(Boolean))
    .refine((list) => list.every(isExactOrigin), 'must be a comma-separated list of origins such as app://ridgeline (no "*", no "null", no path)'),
});

/** Google's Calendar API root (the SDK's default `rootUrl`). */
export const GOOGLE_API_ROOT = 'https://www.googleapis.com';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Origin the public reaches the site at, without a trailing slash. */
  publicUrl: string;
  trustProxy: number;
  /** /api requests allowed per IP per window ([security.rate-limit]: 100 per 15 minutes); max 0 = no limit. */
  rateLimit: { max: number; windowMs: number };
  /**
   * `POST /api/create-payment-intent` requests allowed per client IP per window ([checkout.intent-limit]:
   * 10 per hour), on top of `rateLimit`.
   */
  paymentIntentLimit: { max: number; windowMs: number };
  /**
   * Nights all live checkout holds may close together ([checkout.hold-cap]: 60): past it a new
   * checkout answers 429 until some expire, so anonymous checkouts cannot close the calendar.
   */
  maxHeldNights: number;
  /** Minutes after which calendars are re-read before a PaymentIntent is created (0: always). */
  calendarRecheckMinutes: number;
  adminPassword: string | undefined;
  securityPassword: string | undefined;
  listingUrl: string;
  guideUrl: string;
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; apiBase?: string };
  /**
   * Google Calendar OAuth client. `apiBase` is the Calendar API's root URL (Google's by default);
   * `oauthBase` replaces both of Google's OAuth origins (accounts.google.com for the consent
   * page, oauth2.googleapis.com for tokens) with one, for tests; unset uses Google's.
   */
  google: { clientId?: string; clientSecret?: string; apiBase: string; oauthBase?: string };
  /** SECRET_KEY as 64 hex digits; unset: a key generated in DATA_DIR/secret.key. */
  secretKey: string | undefined;
  mail: { smtpUrl?: string; from?: string };
  guideAppUrl: string | undefined;
  /**
   * Origins whose cross-origin API calls are allowed (CORS, no credentials): the desktop app,
   * which signs in with a bearer token. Default `app://ridgeline`; nothing else unless listed.
   */
  desktopOrigins: string[];
  /**
   * DEMO_CONTENT ([config.demo-content]): a fresh database gets the demo reviews, and published demo
   * reviews are shown, only when true. Default true, but false with NODE_ENV=production: fake
   * reviews on a live site mislead guests (U.S. FTC rule on fake reviews, 16 CFR Part 465).
   */
  demoContent: boolean;
}

/** A configuration that cannot start the server; `message` names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validates `env` into a Config.
 * @throws ConfigError naming each bad variable and why
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset" for every variable (a blank line in .env must not break start-up).
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    publicUrl,
    trustProxy: e.TRUST_PROXY,
    rateLimit: { max: e.RATE_LIMIT_MAX, windowMs: 15 * 60 * 1000 },
    paymentIntentLimit: { max: e.PAYMENT_INTENT_LIMIT, windowMs: 60 * 60 * 1000 },
    maxHeldNights: e.MAX_HELD_NIGHTS,
    calendarRecheckMinutes: e.CALENDAR_RECHECK_MINUTES,
    adminPassword: e.ADMIN_PASSWORD,
    securityPassword: e.SECURITY_PASSWORD,
    listingUrl: e.LISTING_URL ?? '',
    guideUrl: e.GUIDE_URL ?? `${publicUrl}/#location`,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      apiBase: (e.GOOGLE_API_BASE ?? GOOGLE_API_ROOT).replace(/\/+$/, ''),
      ...(e.GOOGLE_OAUTH_BASE ? { oauthBase: e.GOOGLE_OAUTH_BASE.replace(/\/+$/, '') } : {}),
    },
    secretKey: e.SECRET_KEY ? secretKeyHex(e.SECRET_KEY) : undefined,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    guideAppUrl: e.GUIDE_APP_URL,
    desktopOrigins: e.DESKTOP_ORIGINS,
    demoContent: e.DEMO_CONTENT === undefined ? e.NODE_ENV !== 'production' : e.DEMO_CONTENT === 'true',
  };
}
