import { z } from 'zod';

/**
 * Ridgeline's configuration, read once at start-up from environment variables (DESIGN.md
 * "Configuration"; `.env.example` documents each). Integrations left unset are disabled, never
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
  /** Requests per IP per 15 minutes on /api (security issue: 100). */
  RATE_LIMIT_MAX: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').default(100),
  ADMIN_PASSWORD: password,
  SECURITY_PASSWORD: password,
  /** The listing on the external platform that "Book Your Stay" opens. */
  LISTING_URL: httpUrl.default('https://www.airbnb.com/'),
  /** The guest guide linked from the footer ("Guide"). */
  GUIDE_URL: httpUrl.optional(),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: httpUrl.optional(),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: optionalString,
  GUIDE_APP_URL: httpUrl.optional(),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** Origin the public reaches the site at, without a trailing slash. */
  publicUrl: string;
  trustProxy: number;
  /** /api requests allowed per IP per window (SPEC §2: 100 per 15 minutes). */
  rateLimit: { max: number; windowMs: number };
  adminPassword: string | undefined;
  securityPassword: string | undefined;
  listingUrl: string;
  guideUrl: string;
  stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; apiBase?: string };
  google: { clientId?: string; clientSecret?: string };
  mail: { smtpUrl?: string; from?: string };
  guideAppUrl: string | undefined;
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
    adminPassword: e.ADMIN_PASSWORD,
    securityPassword: e.SECURITY_PASSWORD,
    listingUrl: e.LISTING_URL,
    guideUrl: e.GUIDE_URL ?? `${publicUrl}/#location`,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiBase: e.STRIPE_API_BASE,
    },
    google: { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    guideAppUrl: e.GUIDE_APP_URL,
  };
}
