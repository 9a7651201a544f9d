import type { ComponentType, ReactNode } from 'react';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import LogOut from 'lucide-react/icons/log-out';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';

/** Classes of a light link or button on the dark bar (the Logout button has its own outline). */
export const consoleHeaderLinkClass = 'text-white/85 hover:bg-white/10 hover:text-white';

/** A link of the bar: a ghost button with a decorative icon before its text. */
export function ConsoleHeaderLink({ to, icon: Icon, children }: { to: string; icon: ComponentType<{ 'aria-hidden'?: 'true' }>; children: ReactNode }) {
  return (
    <Button asChild variant="ghost" size="sm" className={consoleHeaderLinkClass}>
      <Link to={to}>
        <Icon aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}

export interface ConsoleHeaderProps {
  /** The mark before "Ridgeline" (decorative: aria-hidden). */
  mark: ReactNode;
  /** The area's pill after "Ridgeline", e.g. "Owner" or "Security". */
  area: string;
  /** The accessible name of the bar's navigation, e.g. "Admin". */
  navLabel: string;
  /** The area's links and buttons, before Logout. */
  children: ReactNode;
  onLogout: () => void;
  /** While true, Logout is disabled and spins. */
  loggingOut: boolean;
}

/**
 * The dark top bar of a signed-in area (admin dashboard, security console): "Ridgeline" with the
 * area's pill, linking home; a navigation named `navLabel` with the area's links and Logout.
 */
export function ConsoleHeader({ mark, area, navLabel, children, onLogout, loggingOut }: ConsoleHeaderProps) {
  return (
    <header className="surface-dark border-b border-white/10 bg-navy-900 text-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="flex min-w-0 items-center gap-2.5 rounded-md font-display text-xl font-semibold tracking-tight">
          {mark}
          <span>Ridgeline</span>
          <span className="hidden rounded-full bg-white/10 px-2 py-0.5 font-sans text-xs font-medium text-white/80 sm:inline">
            {area}
          </span>
        </Link>
        <nav aria-label={navLabel} className="flex items-center gap-1 sm:gap-2">
          {children}
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
