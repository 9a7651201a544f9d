import { SignInSettings } from '@/components/auth/sign-in-settings';
import { AuditLogList } from './audit-log-list';
import { BackgroundJobs } from './background-jobs';
import { BlockedIpList } from './blocked-ip-list';
import { IpManagement } from './ip-management';
import { OpenSessions } from './open-sessions';
import { SecurityConsoleHeader, type SecurityConsoleHeaderProps } from './security-console-header';
import { SecurityEnvironment } from './security-environment';
import { SecurityEventsList } from './security-events-list';
import { SecurityFeatures } from './security-features';
import { SecurityStatusOverview } from './security-status-overview';

/** The signed-in console ([security.console]), plus what an owner needs to act on it. */
export function SecurityConsole(props: SecurityConsoleHeaderProps) {
  return (
    <div className="min-h-svh bg-background">
      <SecurityConsoleHeader {...props} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl space-y-10 px-4 pb-16 pt-8 focus:outline-none sm:px-6 lg:px-8">
        <div>
          <h1 className="font-display text-3xl font-semibold tracking-tight text-navy-900 sm:text-4xl">Security Console</h1>
          <p className="mt-1 text-sm text-muted-foreground">Protections of the Ridgeline site, blocked addresses and the security log.</p>
        </div>
        <SecurityStatusOverview />
        <IpManagement />
        <BlockedIpList />
        <SecurityEventsList />
        <OpenSessions />
        <SignInSettings area="security" idPrefix="console" areaName="this security console" passwordName="security console password" />
        <AuditLogList />
        <BackgroundJobs />
        <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <SecurityFeatures />
          <SecurityEnvironment />
        </div>
      </main>
    </div>
  );
}
