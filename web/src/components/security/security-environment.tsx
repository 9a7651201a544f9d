import Globe from 'lucide-react/icons/globe';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { EnabledBadge } from './enabled-badge';
import { hstsDays, useSecurityStatus } from './security-queries';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** The environment, production or other, with HSTS details ([security.status]). */
export function SecurityEnvironment() {
  const status = useSecurityStatus();
  const s = status.data;
  const production = s?.environment === 'production';

  return (
    <section aria-labelledby="security-environment-heading" className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
      <h2 id="security-environment-heading" className="flex items-center gap-2 font-display text-xl font-semibold tracking-tight text-navy-900">
        <Globe className="size-5 text-muted-foreground" aria-hidden="true" />
        Environment
      </h2>
      {!s ? (
        status.isError ? (
          <p className="mt-3 text-sm text-muted-foreground">Not available while the status cannot be loaded.</p>
        ) : (
          <div className="mt-4 space-y-2" aria-hidden="true">
            <Skeleton className="h-6 w-32" />
            <Skeleton className="h-24 w-full" />
          </div>
        )
      ) : (
        <>
          <p className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            <span className="text-muted-foreground">Running in</span>
            <span
              className={cn(
                'rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize',
                production ? 'bg-navy-800 text-white' : 'bg-amber-glow text-navy-900',
              )}
            >
              {production ? 'Production' : s.environment}
            </span>
          </p>
          <p className="mt-2 text-sm text-muted-foreground">
            {production
              ? 'Production: session cookies are Secure and HSTS is sent whenever the site is served over HTTPS.'
              : 'Not production: for development and testing. Use NODE_ENV=production and an https:// PUBLIC_URL for the live site.'}
          </p>

          <h3 className="mt-5 text-sm font-semibold uppercase tracking-wide text-muted-foreground">HSTS</h3>
          <dl className="mt-2 divide-y rounded-lg border text-sm">
            <div className="flex items-center justify-between gap-3 px-3 py-2">
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <EnabledBadge enabled={s.hstsEnabled} />
              </dd>
            </div>
            <div className="flex items-center justify-between gap-3 px-3 py-2">
              <dt className="text-muted-foreground">Max age</dt>
              <dd className="text-right font-medium text-navy-900">
                {hstsDays(s.hstsMaxAge)} days <span className="font-normal text-muted-foreground">({s.hstsMaxAge.toLocaleString('en-US')} seconds)</span>
              </dd>
            </div>
            <div className="flex items-center justify-between gap-3 px-3 py-2">
              <dt className="text-muted-foreground">Include subdomains</dt>
              <dd className="font-medium text-navy-900">{yesNo(s.hstsIncludeSubDomains)}</dd>
            </div>
            <div className="flex items-center justify-between gap-3 px-3 py-2">
              <dt className="text-muted-foreground">Preload</dt>
              <dd className="font-medium text-navy-900">{yesNo(s.hstsPreload)}</dd>
            </div>
          </dl>
          {!s.hstsEnabled && (
            <p className="mt-2 text-xs text-muted-foreground">HSTS is sent only when the site is served over HTTPS (an https:// PUBLIC_URL).</p>
          )}
        </>
      )}
    </section>
  );
}
