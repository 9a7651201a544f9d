import LoaderCircle from 'lucide-react/icons/loader-circle';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { formatTimestamp } from '@/components/admin/format';
import { Button } from '@/components/ui/button';
import { CardTable, ConsoleListPanel, RefreshButton } from './console-panel';
import { blockRangeNote } from './protection-text';
import { useBlockedIps } from './security-queries';
import { useIpBlockActions } from './use-ip-block-actions';

const COLUMNS = ['IP address', 'Blocked', 'Reason', <span className="sr-only">Actions</span>];

/**
 * Every blocked address or CIDR range (with how much a range covers) and when and why it was
 * blocked, each with its own Unblock button.
 */
export function BlockedIpList() {
  const blocked = useBlockedIps();
  const { unblock } = useIpBlockActions();
  const count = blocked.data?.length;

  return (
    <ConsoleListPanel
      headingId="blocked-ips-heading"
      title="Blocked IP Addresses"
      description={count === undefined ? 'Addresses refused on every route.' : `${count} ${count === 1 ? 'address' : 'addresses'} blocked, newest first.`}
      actions={<RefreshButton query={blocked} className="w-fit" />}
      query={blocked}
      loadingLabel="Loading blocked IP addresses…"
      skeletons={['h-10', 'h-10']}
      errorTitle="Could not load the blocked IP addresses"
      empty={{ icon: ShieldCheck, good: true, title: 'No IP addresses are blocked', hint: 'Addresses you block with the form above appear here.' }}
    >
      {(rows) => (
        <CardTable caption="Blocked IP addresses" columns={COLUMNS} wideFrom="md">
          {rows.map((entry) => {
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
        </CardTable>
      )}
    </ConsoleListPanel>
  );
}

