import Ban from 'lucide-react/icons/ban';
import FileCheck from 'lucide-react/icons/file-check';
import Gauge from 'lucide-react/icons/gauge';
import Lock from 'lucide-react/icons/lock';
import ScrollText from 'lucide-react/icons/scroll-text';
import ShieldCheck from 'lucide-react/icons/shield-check';
import type { ComponentType, SVGProps } from 'react';
import { serverMessage } from '@/components/admin/api-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { EnabledBadge } from './enabled-badge';
import { rateLimitDetail } from './protection-text';
import { hstsDays, useSecurityStatus, type SecurityStatus } from './security-queries';

interface Protection {
  name: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  enabled: boolean;
  detail: string;
}

/** The six protections of the status overview ([security.headers], [security.status]), described from the server's own values. */
function protections(status: SecurityStatus): Protection[] {
  const days = hstsDays(status.hstsMaxAge);
  const blocked = status.blockedIpCount;
  return [
    {
      name: 'Content Security Policy',
      icon: ShieldCheck,
      enabled: status.cspEnabled,
      detail: 'Scripts load only from this site and Stripe; no inline scripts; no framing.',
    },
    {
      name: 'Rate Limiting',
      icon: Gauge,
      enabled: status.rateLimitingEnabled,
      detail: rateLimitDetail(status),
    },
    {
      name: 'IP Blocking',
      icon: Ban,
      enabled: status.ipBlockingEnabled,
      detail:
        blocked === undefined
          ? 'Blocked addresses and ranges are refused on every page and API call.'
          : `${blocked} ${blocked === 1 ? 'address' : 'addresses'} blocked; refused on every page and API call.`,
    },
    {
      name: 'HSTS',
      icon: Lock,
      enabled: status.hstsEnabled,
      detail: `Max age ${days} days${status.hstsIncludeSubDomains ? ', subdomains included' : ''}${status.hstsPreload ? ', preload' : ''}.${
        status.hstsEnabled ? '' : ' Sent only when the site is served over HTTPS.'
      }`,
    },
    {
      name: 'Request Validation',
      icon: FileCheck,
      enabled: status.requestValidationEnabled,
      detail: 'Every request body and query is checked before it is used; bodies are size-limited.',
    },
    {
      name: 'Security Logging',
      icon: ScrollText,
      enabled: status.securityLoggingEnabled,
      detail: 'Sign-ins, blocks and refused requests are recorded with time, IP address and route.',
    },
  ];
}

/** The status overview ([security.status]): each protection with an Enabled/Disabled badge. */
export function SecurityStatusOverview() {
  const status = useSecurityStatus();
  return (
    <section aria-labelledby="security-status-heading">
      <h2 id="security-status-heading" className="font-display text-2xl font-semibold tracking-tight text-navy-900">
        Security Status
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">The protections this server is running with now.</p>

      {status.isPending ? (
        <div role="status" className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">Loading the security status…</span>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-28 rounded-xl" />
          ))}
        </div>
      ) : status.isError ? (
        <div role="alert" className="mt-4 rounded-xl border border-destructive/40 bg-destructive/5 p-5 text-sm">
          <p className="font-semibold text-destructive">Could not load the security status.</p>
          <p className="mt-1 text-muted-foreground">{serverMessage(status.error) ?? status.error.message}</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <ul className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Protections">
          {protections(status.data).map(({ name, icon: Icon, enabled, detail }) => (
            <li key={name} className="flex gap-3 rounded-xl border bg-card p-4 shadow-sm">
              <span
                className={enabled ? 'h-fit rounded-lg bg-forest-50 p-2 text-forest-700' : 'h-fit rounded-lg bg-muted p-2 text-muted-foreground'}
                aria-hidden="true"
              >
                <Icon className="size-5" />
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold text-navy-900">{name}</h3>
                  <EnabledBadge enabled={enabled} />
                </div>
                <p className="mt-1 text-sm text-muted-foreground">{detail}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
