import Ban from 'lucide-react/icons/ban';
import ShieldCheck from 'lucide-react/icons/shield-check';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import { useState } from 'react';
import { IpAddressForm } from './ip-address-form';
import { useIpBlockActions } from './use-ip-block-actions';

/** The block and unblock IP forms ([security.ip-block]), side by side on wide screens. */
export function IpManagement() {
  const { block, unblock } = useIpBlockActions();
  // The server's warning when the address blocked is the one in use: kept in view, not only
  // in the toast, because this browser may be refused from now on.
  const [warning, setWarning] = useState<string | null>(null);

  return (
    <section aria-labelledby="ip-management-heading">
      <h2 id="ip-management-heading" className="font-display text-2xl font-semibold tracking-tight text-navy-900">
        IP Address Management
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        A blocked address, or every address of a blocked range such as 203.0.113.0/24 or 2001:db8::/48, is refused on
        every page and API call at once, and stays blocked after a restart.
      </p>
      {warning && (
        <p role="alert" className="mt-4 flex gap-2 rounded-lg border border-amber-glow bg-amber-50 px-4 py-3 text-sm text-amber-ink">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>{warning}</span>
        </p>
      )}
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <div className="rounded-xl border bg-card p-5 shadow-sm">
          <h3 className="mb-3 font-semibold text-navy-900">Block an IP address</h3>
          <IpAddressForm
            label="IP address to block"
            action="Block IP"
            actionVariant="destructive"
            icon={<Ban aria-hidden="true" />}
            withReason
            pending={block.isPending}
            onSubmit={async (ip, reason) => {
              setWarning(null);
              const result = await block.mutateAsync({ ip, reason });
              setWarning(result.warning ?? null);
            }}
          />
        </div>
        <div className="rounded-xl border bg-card p-5 shadow-sm">
          <h3 className="mb-3 font-semibold text-navy-900">Unblock an IP address</h3>
          <IpAddressForm
            label="IP address to unblock"
            action="Unblock IP"
            actionVariant="outline"
            icon={<ShieldCheck aria-hidden="true" />}
            pending={unblock.isPending}
            onSubmit={(ip) => unblock.mutateAsync(ip)}
          />
        </div>
      </div>
    </section>
  );
}
