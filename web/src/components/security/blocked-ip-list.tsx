import LoaderCircle from 'lucide-react/icons/loader-circle';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { serverMessage } from '@/components/admin/api-error';
import { formatTimestamp } from '@/components/admin/format';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { blockRangeNote } from './protection-text';
import { useBlockedIps } from './security-queries';
import { useIpBlockActions } from './use-ip-block-actions';

/**
 * Every blocked address or CIDR range (with how much a range covers) and when and why it was
 * blocked, each with its own Unblock button.
 */
export function BlockedIpList() {
  const blocked = useBlockedIps();
  const { unblock } = useIpBlockActions();
  const count = blocked.data?.length;

  return (
    <section aria-labelledby="blocked-ips-heading" aria-busy={blocked.isFetching} className="rounded-xl border bg-card shadow-sm">
      <div className="flex flex-col gap-3 border-b p-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="blocked-ips-heading" className="font-display text-xl font-semibold tracking-tight text-navy-900">
            Blocked IP Addresses
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground">
            {count === undefined ? 'Addresses refused on every route.' : `${count} ${count === 1 ? 'address' : 'addresses'} blocked, newest first.`}
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void blocked.refetch()} disabled={blocked.isFetching} className="w-fit">
          <RefreshCw className={blocked.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
          Refresh
        </Button>
      </div>

      {blocked.isPending ? (
        <div role="status" className="space-y-2 p-5">
          <span className="sr-only">Loading blocked IP addresses…</span>
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : blocked.isError ? (
        <div role="alert" className="p-5 text-sm">
          <p className="font-semibold text-destructive">Could not load the blocked IP addresses.</p>
          <p className="mt-1 text-muted-foreground">{serverMessage(blocked.error) ?? blocked.error.message}</p>
        </div>
      ) : blocked.data.length === 0 ? (
        <div className="flex flex-col items-center px-6 py-10 text-center">
          <ShieldCheck className="size-9 text-forest-600" aria-hidden="true" />
          <p className="mt-2 font-medium text-navy-900">No IP addresses are blocked</p>
          <p className="mt-1 max-w-sm text-sm text-muted-foreground">Addresses you block with the form above appear here.</p>
        </div>
      ) : (
        // A table on wide screens; on phones each row is a card with labelled lines. Explicit
        // roles keep the table semantics when the rows are displayed as blocks.
        <div className="relative">
          <table role="table" className="block w-full text-left text-sm md:table">
            <caption className="sr-only">Blocked IP addresses</caption>
            <thead className="sr-only bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground md:not-sr-only md:table-header-group">
              <tr role="row">
                <th role="columnheader" scope="col" className="px-5 py-2.5 font-semibold">IP address</th>
                <th role="columnheader" scope="col" className="px-5 py-2.5 font-semibold">Blocked</th>
                <th role="columnheader" scope="col" className="px-5 py-2.5 font-semibold">Reason</th>
                <th role="columnheader" scope="col" className="px-5 py-2.5 font-semibold">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="block divide-y md:table-row-group">
              {blocked.data.map((entry) => {
                const busy = unblock.isPending && unblock.variables === entry.ip;
                const range = blockRangeNote(entry.ip);
                return (
                  <tr key={entry.ip} role="row" className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 px-5 py-4 md:table-row md:p-0">
                    <th role="rowheader" scope="row" className="col-start-1 break-all font-mono font-medium text-navy-900 md:px-5 md:py-3">
                      {entry.ip}
                      {range && <span className="block font-sans text-xs font-normal text-muted-foreground">Range: {range}</span>}
                    </th>
                    <td role="cell" className="col-start-1 text-muted-foreground md:whitespace-nowrap md:px-5 md:py-3">
                      <span className="sr-only md:hidden">Blocked </span>
                      <time dateTime={entry.createdAt}>{formatTimestamp(entry.createdAt)}</time>
                    </td>
                    <td role="cell" className="col-start-1 break-words md:px-5 md:py-3">
                      {entry.reason || <span className="text-muted-foreground">No reason given</span>}
                    </td>
                    {/* On phones the button sits on the right of the card, beside all three lines. */}
                    <td role="cell" className="col-start-2 row-span-3 row-start-1 self-center md:px-5 md:py-3 md:text-right">
                      <Button variant="outline" size="sm" disabled={unblock.isPending} onClick={() => unblock.mutate(entry.ip)}>
                        {busy && <LoaderCircle className="animate-spin" aria-hidden="true" />}
                        Unblock<span className="sr-only"> {entry.ip}</span>
                      </Button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

