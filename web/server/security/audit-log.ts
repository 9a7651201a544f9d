import type { AuditLogResponse } from '@ridgeline/core';
import { listAudit, type AuditQuery } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/**
 * The audit log's entries, newest first ([audit.log]): at most `limit`, those whose action,
 * detail, area or IP contain `filter` (case-insensitive), of one `area` when given.
 */
export function auditEntries(deps: Pick<AppDeps, 'db'>, query: { limit: number; filter?: string | undefined; area?: AuditQuery['area'] | undefined }): AuditLogResponse['entries'] {
  const { limit, filter, area } = query;
  return listAudit(deps.db, { limit, ...(filter ? { filter } : {}), ...(area ? { area } : {}) }).map(({ time, area: a, ip, action, detail }) => ({ time, area: a, ip, action, detail }));
}
