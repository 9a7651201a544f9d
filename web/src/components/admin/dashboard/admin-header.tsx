import ExternalLink from 'lucide-react/icons/external-link';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { BrandMark } from '@/components/layout/brand-mark';
import { ConsoleHeader, ConsoleHeaderLink, consoleHeaderLinkClass } from '@/components/layout/console-header';
import { SignInSettingsDialog } from './sign-in-settings-dialog';

export interface AdminHeaderProps {
  onLogout: () => void;
  loggingOut: boolean;
}

/** The dashboard's top bar: brand, sign-in security (two-factor, password), the security console, the public site and Logout. */
export function AdminHeader({ onLogout, loggingOut }: AdminHeaderProps) {
  return (
    <ConsoleHeader mark={<BrandMark />} area="Owner" navLabel="Admin" onLogout={onLogout} loggingOut={loggingOut}>
      <SignInSettingsDialog triggerClassName={consoleHeaderLinkClass} />
      <ConsoleHeaderLink to="/security-console" icon={ShieldCheck}>
        <span className="sr-only md:not-sr-only">Security Console</span>
      </ConsoleHeaderLink>
      <ConsoleHeaderLink to="/" icon={ExternalLink}>
        <span className="sr-only md:not-sr-only">View website</span>
      </ConsoleHeaderLink>
    </ConsoleHeader>
  );
}
