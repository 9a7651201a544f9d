import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { ConsoleHeader, ConsoleHeaderLink } from '@/components/layout/console-header';

export interface SecurityConsoleHeaderProps {
  onLogout: () => void;
  loggingOut: boolean;
}

/** The console's top bar: its name, the Admin Dashboard link and Logout ([security.console]). */
export function SecurityConsoleHeader({ onLogout, loggingOut }: SecurityConsoleHeaderProps) {
  return (
    <ConsoleHeader
      mark={<ShieldCheck className="size-6 shrink-0 text-amber-glow" aria-hidden="true" />}
      area="Security"
      navLabel="Security console"
      onLogout={onLogout}
      loggingOut={loggingOut}
    >
      <ConsoleHeaderLink to="/admin" icon={LayoutDashboard}>
        Admin Dashboard
      </ConsoleHeaderLink>
    </ConsoleHeader>
  );
}
