/**
 * Shapes the security console's endpoints answer, shared by the server (which builds them) and
 * the SPA (which reads them), so neither re-declares the other's.
 */

/**
 * `GET /api/security/status` → `{ security }`: the protections in force, every field read from
 * the running configuration and state ([security.status]).
 */
export interface SecurityStatus {
  /** The Content-Security-Policy header is always sent; no setting turns it off. */
  cspEnabled: boolean;
  /** false when RATE_LIMIT_MAX=0 turns the `/api` limit off. */
  rateLimitingEnabled: boolean;
  /** The block check runs on every route; no setting turns it off. */
  ipBlockingEnabled: boolean;
  /** Only when PUBLIC_URL is https (browsers ignore HSTS over http, RFC 6797 §8.1). */
  hstsEnabled: boolean;
  /** seconds */
  hstsMaxAge: number;
  hstsIncludeSubDomains: boolean;
  hstsPreload: boolean;
  /** Every route parses its input with zod and bodies are size-limited; always on. */
  requestValidationEnabled: boolean;
  /** Security events are written to SQLite; always on. */
  securityLoggingEnabled: boolean;
  /** NODE_ENV */
  environment: 'development' | 'production' | 'test';
  /** The `/api` limit in force: requests per IP (IPv6: per /64) per window; max 0 = off. */
  rateLimit: { max: number; windowMinutes: number };
  /** Blocked entries (addresses, CIDR ranges and texts). */
  blockedIpCount: number;
}

/** One background job's state (`GET /api/security/jobs` → `{ jobs }`, [security.jobs]). Times ISO 8601 UTC. */
export interface JobStatus {
  name: string;
  description: string;
  running: boolean;
  lastRunAt: string | null;
  lastSuccessAt: string | null;
  /** When the next run is due (scheduled or a retry); null when only triggers run it, or stopped. */
  nextRunAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  /** Failures in a row since the last success. */
  consecutiveFailures: number;
  runs: number;
}
