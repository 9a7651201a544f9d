import LayoutDashboard from 'lucide-react/icons/layout-dashboard';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import LogOut from 'lucide-react/icons/log-out';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';

export interface SecurityConsoleHeaderProps {
  onLogout: () => void;
  loggingOut: boolean;
}

/** The console's top bar: its name, the Admin Dashboard link and Logout (SPEC §2). */
export function SecurityConsoleHeader({ onLogout, loggingOut }: SecurityConsoleHeaderProps) {
  return (
    <header className="surface-dark border-b border-white/10 bg-navy-900 text-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex min-w-0 items-center gap-2.5 rounded-md font-display text-xl font-semibold tracking-tight">
          <ShieldCheck className="size-6 shrink-0 text-amber-glow" aria-hidden="true" />
          <span>Ridgeline</span>
          <span className="hidden rounded-full bg-white/10 px-2 py-0.5 font-sans text-xs font-medium text-white/80 sm:inline">
            Security
          </span>
        </Link>
        <nav aria-label="Security console" className="flex items-center gap-1 sm:gap-2">
          <Button asChild variant="ghost" size="sm" className="text-white/85 hover:bg-white/10 hover:text-white">
            <Link to="/admin">
              <LayoutDashboard aria-hidden="true" />
              Admin Dashboard
            </Link>
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onLogout}
            disabled={loggingOut}
            className="border-white/25 bg-transparent text-white hover:bg-white/10 hover:text-white"
          >
            {loggingOut ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <LogOut aria-hidden="true" />}
            Logout
          </Button>
        </nav>
      </div>
    </header>
  );
}
