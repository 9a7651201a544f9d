import ExternalLink from 'lucide-react/icons/external-link';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import LogOut from 'lucide-react/icons/log-out';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Link } from 'react-router-dom';
import { BrandMark } from '@/components/layout/brand-mark';
import { Button } from '@/components/ui/button';
import { SignInSettingsDialog } from './sign-in-settings-dialog';

export interface AdminHeaderProps {
  onLogout: () => void;
  loggingOut: boolean;
}

/** The dashboard's top bar: brand, sign-in security (two-factor, password), the security console, the public site and Logout. */
export function AdminHeader({ onLogout, loggingOut }: AdminHeaderProps) {
  const linkClass = 'text-white/85 hover:bg-white/10 hover:text-white';
  return (
    <header className="surface-dark border-b border-white/10 bg-navy-900 text-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="flex min-w-0 items-center gap-2.5 rounded-md font-display text-xl font-semibold tracking-tight"
        >
          <BrandMark />
          <span>Ridgeline</span>
          <span className="hidden rounded-full bg-white/10 px-2 py-0.5 font-sans text-xs font-medium text-white/80 sm:inline">
            Owner
          </span>
        </Link>
        <nav aria-label="Admin" className="flex items-center gap-1 sm:gap-2">
          <SignInSettingsDialog triggerClassName={linkClass} />
          <Button asChild variant="ghost" size="sm" className={linkClass}>
            <Link to="/security-console">
              <ShieldCheck aria-hidden="true" />
              <span className="sr-only md:not-sr-only">Security Console</span>
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm" className={linkClass}>
            <Link to="/">
              <ExternalLink aria-hidden="true" />
              <span className="sr-only md:not-sr-only">View website</span>
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
