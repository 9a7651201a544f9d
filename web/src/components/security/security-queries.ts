/**
 * The security console's data ([security.status], [security.ip-block]). Keys are URLs: the default query
 * function GETs `queryKey[0]`. Every key starts with `/api/security/`, which is how the console's
 * session hook tells a lost console session (401) from any other error.
 */
import { useQuery } from '@tanstack/react-query';
import type { JobStatus, SecurityStatus } from '@ridgeline/core';
import { securityApi } from '@/lib/query-client';

export type { SecurityStatus };

export interface BlockedIp {
  ip: string;
  reason: string;
  /** ISO 8601 UTC */
  createdAt: string;
}

export interface SecurityEvent {
  id: number;
  /** ISO 8601 UTC */
  time: string;
  ip: string;
  method: string;
  route: string;
  event: string;
  outcome: string;
  detail: string;
}

/** How many recent events the console lists. */
export const EVENTS_LIMIT = 50;

export const SECURITY_STATUS_QUERY_KEY = ['/api/security/status'] as const;
export const BLOCKED_IPS_QUERY_KEY = ['/api/security/blocked-ips'] as const;
export const SECURITY_EVENTS_QUERY_KEY = [`/api/security/events?limit=${EVENTS_LIMIT}`] as const;

export function useSecurityStatus() {
  return useQuery<{ security: SecurityStatus }, Error, SecurityStatus>({
    meta: securityApi.meta,
    queryKey: SECURITY_STATUS_QUERY_KEY,
    select: (data) => data.security,
  });
}

export function useBlockedIps() {
  return useQuery<{ blocked: BlockedIp[] }, Error, BlockedIp[]>({
    meta: securityApi.meta,
    queryKey: BLOCKED_IPS_QUERY_KEY,
    select: (data) => data.blocked,
  });
}

export function useSecurityEvents() {
  return useQuery<{ events: SecurityEvent[] }, Error, SecurityEvent[]>({
    meta: securityApi.meta,
    queryKey: SECURITY_EVENTS_QUERY_KEY,
    select: (data) => data.events,
  });
}

/** HSTS max age in whole days (31,536,000 s → 365). */
export function hstsDays(seconds: number): number {
  return Math.round(seconds / 86_400);
}

/** One owner action of the audit log (`GET /api/security/audit-log`, security issue §8). */
export interface AuditEntry {
  /** ISO 8601 UTC */
  time: string;
  area: 'admin' | 'security';
  ip: string;
  action: string;
  detail: string;
}

/** How many audit entries the console lists. */
export const AUDIT_LIMIT = 200;

/** The audit log query's key for a filter text ('' for all); every key starts with the one path. */
export function auditLogQueryKey(filter: string) {
  const query = new URLSearchParams({ limit: String(AUDIT_LIMIT), ...(filter ? { filter } : {}) });
  return [`/api/security/audit-log?${query.toString()}`] as const;
}

export function useAuditLog(filter: string) {
  return useQuery<{ entries: AuditEntry[] }, Error, AuditEntry[]>({
    meta: securityApi.meta,
    queryKey: auditLogQueryKey(filter),
    select: (data) => data.entries,
    placeholderData: (previous) => previous,
  });
}

/** One background job's state (`GET /api/security/jobs`). */
export type BackgroundJob = JobStatus;

export const JOBS_QUERY_KEY = ['/api/security/jobs'] as const;

export function useBackgroundJobs() {
  return useQuery<{ jobs: BackgroundJob[] }, Error, BackgroundJob[]>({
    meta: securityApi.meta,
    queryKey: JOBS_QUERY_KEY,
    select: (data) => data.jobs,
  });
}
