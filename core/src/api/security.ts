/**
 * Contracts of the security console's endpoints ([security.console], [security.status],
 * [security.ip-block], [security.jobs]; audit log: [audit.log]), all behind the security
 * session. Shared by the server (which builds the answers) and the SPA (which parses them).
 * Browser-safe.
 */
import { z } from 'zod';
import { PASSWORD_AREAS } from './auth.js';

/**
 * `GET /api/security/status` → `{ security }`: the protections in force, every field read from
 * the running configuration and state ([security.status]).
 */
export const securityStatusSchema = z.object({
  /** The Content-Security-Policy header is always sent; no setting turns it off. */
  cspEnabled: z.boolean(),
  /** false when RATE_LIMIT_MAX=0 turns the `/api` limit off. */
  rateLimitingEnabled: z.boolean(),
  /** The block check runs on every route; no setting turns it off. */
  ipBlockingEnabled: z.boolean(),
  /** Only when PUBLIC_URL is https (browsers ignore HSTS over http, RFC 6797 §8.1). */
  hstsEnabled: z.boolean(),
  /** seconds */
  hstsMaxAge: z.number(),
  hstsIncludeSubDomains: z.boolean(),
  hstsPreload: z.boolean(),
  /** Every route parses its input with zod and bodies are size-limited; always on. */
  requestValidationEnabled: z.boolean(),
  /** Security events are written to SQLite; always on. */
  securityLoggingEnabled: z.boolean(),
  /** NODE_ENV */
  environment: z.enum(['development', 'production', 'test']),
  /** The `/api` limit in force: requests per IP (IPv6: per /64) per window; max 0 = off. */
  rateLimit: z.object({ max: z.number(), windowMinutes: z.number() }),
  /** Blocked entries (addresses, CIDR ranges and texts). */
  blockedIpCount: z.number(),
});
export type SecurityStatus = z.infer<typeof securityStatusSchema>;

export const securityStatusResponseSchema = z.object({ security: securityStatusSchema });
export type SecurityStatusResponse = z.infer<typeof securityStatusResponseSchema>;

/** One background job's state ([security.jobs]). Times ISO 8601 UTC. */
export const jobStatusSchema = z.object({
  name: z.string(),
  description: z.string(),
  running: z.boolean(),
  lastRunAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  /** When the next run is due (scheduled or a retry); null when only triggers run it, or stopped. */
  nextRunAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** Failures in a row since the last success. */
  consecutiveFailures: z.number(),
  runs: z.number(),
  /**
   * The reconcile job's open findings only ([money.reconcile]): what the reconciliation with
   * Stripe could not explain, oldest first; absent on the other jobs.
   */
  findings: z
    .array(
      z.object({
        id: z.number(),
        bookingId: z.number().nullable(),
        paymentIntentId: z.string().nullable(),
        text: z.string(),
        /** ISO 8601 UTC */
        foundAt: z.string(),
      }),
    )
    .optional(),
});
export type JobStatus = z.infer<typeof jobStatusSchema>;

/** `GET /api/security/jobs`. */
export const jobsResponseSchema = z.object({ jobs: z.array(jobStatusSchema) });
export type JobsResponse = z.infer<typeof jobsResponseSchema>;

/**
 * `POST /api/security/jobs/:name/run` ([console.jobs-run]): 202 with the job's state as the run
 * starts (`running: true`); 404 `{ error }` for an unknown job, 409 `{ error }` while it runs.
 */
export const runJobResponseSchema = z.object({ job: jobStatusSchema });
export type RunJobResponse = z.infer<typeof runJobResponseSchema>;

/**
 * A block entry as typed ([security.ip-block]): trimmed, non-empty text. The server then
 * normalises an address or CIDR range and refuses a malformed range, which needs Node's address
 * parser and so is not part of this browser-safe schema.
 */
export const ipEntryField = z.string({ message: 'is required' }).trim().min(1, 'is required').max(100, 'is too long');

/** Body of `POST /api/security/block-ip` and `POST /api/security/unblock-ip` (`reason` ignored there). */
export const blockIpRequestSchema = z.object({
  ip: ipEntryField,
  reason: z.string({ message: 'must be text' }).trim().max(300, 'is too long').optional().default(''),
});
export type BlockIpRequest = z.input<typeof blockIpRequestSchema>;

/** One blocked entry. */
export const blockedIpSchema = z.object({ ip: z.string(), reason: z.string(), createdAt: z.string() });
export type BlockedIp = z.infer<typeof blockedIpSchema>;

/** `POST /api/security/block-ip`; `warning` when the entry holds the address in use. */
export const blockIpResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  block: blockedIpSchema,
  warning: z.string().optional(),
});
export type BlockIpResponse = z.infer<typeof blockIpResponseSchema>;

/** `POST /api/security/unblock-ip`. */
export const unblockIpResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** `GET /api/security/blocked-ips`. */
export const blockedIpsResponseSchema = z.object({ blocked: z.array(blockedIpSchema) });
export type BlockedIpsResponse = z.infer<typeof blockedIpsResponseSchema>;

/** Query of `GET /api/security/events`: how many, newest first (1–500, default 100). */
export const securityEventsQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(500).optional().default(100) });

/** One security event. */
export const securityEventSchema = z.object({
  id: z.number(),
  /** ISO 8601 UTC */
  time: z.string(),
  ip: z.string(),
  method: z.string(),
  route: z.string(),
  event: z.string(),
  outcome: z.string(),
  detail: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

/** `GET /api/security/events`. */
export const securityEventsResponseSchema = z.object({ events: z.array(securityEventSchema) });
export type SecurityEventsResponse = z.infer<typeof securityEventsResponseSchema>;

/** Query of `GET /api/security/audit-log`: `limit` 1–1000 (default 100), `filter` text, `area`. */
export const auditLogQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be from 1 to 1000')
    .max(1000, 'must be from 1 to 1000')
    .optional()
    .default(100),
  filter: z.string().trim().max(100, 'is too long').optional(),
  area: z.enum(PASSWORD_AREAS, { message: 'must be admin or security' }).optional(),
});

/** One owner action of the audit log. */
export const auditEntrySchema = z.object({
  /** ISO 8601 UTC */
  time: z.string(),
  area: z.enum(PASSWORD_AREAS),
  ip: z.string(),
  action: z.string(),
  detail: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /api/security/audit-log`: newest first. */
export const auditLogResponseSchema = z.object({ entries: z.array(auditEntrySchema) });
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
