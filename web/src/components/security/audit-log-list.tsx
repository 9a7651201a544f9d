import { useDeferredValue, useId, useState } from 'react';
import ScrollText from 'lucide-react/icons/scroll-text';
import { formatTimestamp } from '@/components/admin/format';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ConsoleListPanel } from './console-panel';
import { AUDIT_LIMIT, useAuditLog } from './security-queries';
import { ScrollRegion } from '@/components/ui/scroll-region';

const AREA_LABELS = { admin: 'Admin dashboard', security: 'Security console', guest: 'Guest' } as const;

/**
 * The owner's audit log ([audit.log]): every change made from the admin dashboard or this
 * console, sign-ins included, and guests' own cancellations, newest first, with a filter over
 * action, detail, area and address.
 */
export function AuditLogList() {
  const [filter, setFilter] = useState('');
  // The list follows the typed text without a request per keystroke blocking the input.
  const deferredFilter = useDeferredValue(filter.trim());
  const log = useAuditLog(deferredFilter);
  const filterId = useId();

  return (
    <ConsoleListPanel
      headingId="audit-log-heading"
      title="Audit Log"
      description={<>Every change made by the owner, sign-ins included, and guests’ own cancellations, newest first (the last {AUDIT_LIMIT}). Kept for one year.</>}
      alignActions="end"
      actions={
        <div className="grid gap-1.5 sm:w-64">
          <Label htmlFor={filterId}>Filter the audit log</Label>
          <Input id={filterId} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="e.g. review, sign-in, 203.0.113.9" />
        </div>
      }
      query={log}
      loadingLabel="Loading the audit log…"
      skeletons={['h-9', 'h-9']}
      errorTitle="Could not load the audit log"
      errorLayout="inline"
      empty={{ icon: ScrollText, title: deferredFilter ? `No entries match “${deferredFilter}”` : 'No owner actions recorded yet' }}
    >
      {(rows) => (
        <ScrollRegion label="Audit log entries, scrollable" className="max-h-[36rem] overflow-y-auto">
          <ol aria-label="Audit log entries" className="divide-y">
          {rows.map((entry, index) => (
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
        </ScrollRegion>
      )}
    </ConsoleListPanel>
  );
}
