import { useDeferredValue, useId, useState } from 'react';
import ScrollText from 'lucide-react/icons/scroll-text';
import { serverMessage } from '@/components/admin/api-error';
import { formatTimestamp } from '@/components/admin/format';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { AUDIT_LIMIT, useAuditLog } from './security-queries';

const AREA_LABELS = { admin: 'Admin dashboard', security: 'Security console' } as const;

/**
 * The owner's audit log (security issue §8): every change made from the admin dashboard or this
 * console, sign-ins included, newest first, with a filter over action, detail, area and address.
 */
export function AuditLogList() {
  const [filter, setFilter] = useState('');
  // The list follows the typed text without a request per keystroke blocking the input.
  const deferredFilter = useDeferredValue(filter.trim());
  const log = useAuditLog(deferredFilter);
  const filterId = useId();

  return (
    <section aria-labelledby="audit-log-heading" aria-busy={log.isFetching} className="rounded-xl border bg-card shadow-sm">
      <div className="flex flex-col gap-3 border-b p-5 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="audit-log-heading" className="font-display text-xl font-semibold tracking-tight text-navy-900">
            Audit Log
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground">
            Every change made by the owner, sign-ins included, newest first (the last {AUDIT_LIMIT}). Kept for one year.
          </p>
        </div>
        <div className="grid gap-1.5 sm:w-64">
          <Label htmlFor={filterId}>Filter the audit log</Label>
          <Input id={filterId} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="e.g. review, sign-in, 203.0.113.9" />
        </div>
      </div>

      {log.isPending ? (
        <div role="status" className="space-y-2 p-5">
          <span className="sr-only">Loading the audit log…</span>
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-9 w-full" />
        </div>
      ) : log.isError ? (
        <p role="alert" className="p-5 text-sm text-destructive">
          Could not load the audit log: {serverMessage(log.error) ?? log.error.message}
        </p>
      ) : log.data.length === 0 ? (
        <div className="flex flex-col items-center px-6 py-10 text-center">
          <ScrollText className="size-9 text-muted-foreground" aria-hidden="true" />
          <p className="mt-2 font-medium text-navy-900">{deferredFilter ? `No entries match “${deferredFilter}”` : 'No owner actions recorded yet'}</p>
        </div>
      ) : (
        <ol aria-label="Audit log entries" className="max-h-[36rem] divide-y overflow-y-auto">
          {log.data.map((entry, index) => (
            <li key={`${entry.time}-${index}`} className="grid gap-1 px-5 py-3 text-sm sm:grid-cols-[11rem_1fr_auto] sm:gap-4">
              <time dateTime={entry.time} className="text-muted-foreground">
                {formatTimestamp(entry.time)}
              </time>
              <div className="min-w-0">
                <p className="font-medium text-navy-900">{entry.action}</p>
                {entry.detail && <p className="break-all text-xs text-muted-foreground">{entry.detail}</p>}
              </div>
              <p className="text-xs text-muted-foreground sm:text-right">
                {AREA_LABELS[entry.area]}
                <span className="block font-mono">{entry.ip}</span>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
