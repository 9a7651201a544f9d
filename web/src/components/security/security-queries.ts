/**
 * The security console's data ([security.status], [security.ip-block]). Keys are URLs; answers
 * are parsed with the contracts of `core/src/api/security.ts`. Every key starts with
 * `/api/security/`, which is how the console's session hook tells a lost console session (401)
 * from any other error.
 */
import { useQuery } from '@tanstack/react-query';
import {
  auditLogResponseSchema,
  blockedIpsResponseSchema,
  jobsResponseSchema,
  securityEventsResponseSchema,
  securityStatusResponseSchema,
  type JobStatus,
} from '@ridgeline/core';
import { apiQuery } from '@/lib/api';
import { securityApi } from '@/lib/query-client';

export type { AuditEntry, BlockedIp, SecurityEvent, SecurityStatus } from '@ridgeline/core';

/** How many recent events the console lists. */
export const EVENTS_LIMIT = 50;

export const SECURITY_STATUS_QUERY_KEY = ['/api/security/status'] as const;
export const BLOCKED_IPS_QUERY_KEY = ['/api/security/blocked-ips'] as const;
export const SECURITY_EVENTS_QUERY_KEY = [`/api/security/events?limit=${EVENTS_LIMIT}`] as const;

export function useSecurityStatus() {
  return useQuery({
    ...apiQuery(SECURITY_STATUS_QUERY_KEY[0], securityStatusResponseSchema, securityApi.area),
    select: (data) => data.security,
  });
}

export function useBlockedIps() {
  return useQuery({
    ...apiQuery(BLOCKED_IPS_QUERY_KEY[0], blockedIpsResponseSchema, securityApi.area),
    select: (data) => data.blocked,
  });
}

export function useSecurityEvents() {
  return useQuery({
    ...apiQuery(SECURITY_EVENTS_QUERY_KEY[0], securityEventsResponseSchema, securityApi.area),
    select: (data) => data.events,
  });
}

/** HSTS max age in whole days (31,536,000 s → 365). */
export function hstsDays(seconds: number): number {
  return Math.round(seconds / 86_400);
}

/** How many audit entries the console lists. */
export const AUDIT_LIMIT = 200;

/** The audit log query's key for a filter text ('' for all); every key starts with the one path. */
export function auditLogQueryKey(filter: string) {
  const query = new URLSearchParams({ limit: String(AUDIT_LIMIT), ...(filter ? { filter } : {}) });
  return [`/api/security/audit-log?${query.toString()}`] as const;
}

export function useAuditLog(filter: string) {
  return useQuery({
    ...apiQuery(auditLogQueryKey(filter)[0], auditLogResponseSchema, securityApi.area),
    select: (data) => data.entries,
    placeholderData: (previous) => previous,
  });
}

/** One background job's state (`GET /api/security/jobs`). */
export type BackgroundJob = JobStatus;

export const JOBS_QUERY_KEY = ['/api/security/jobs'] as const;

/** How often the list is read again while a job runs, so its end (and last run) shows. */
export const JOBS_RUNNING_POLL_MS = 1_000;

export function useBackgroundJobs() {
  return useQuery({
    ...apiQuery(JOBS_QUERY_KEY[0], jobsResponseSchema, securityApi.area),
    select: (data) => data.jobs,
    refetchInterval: (query) => (query.state.data?.jobs.some((job) => job.running) ? JOBS_RUNNING_POLL_MS : false),
  });
}
