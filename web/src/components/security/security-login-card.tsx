import ArrowLeft from 'lucide-react/icons/arrow-left';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Link } from 'wouter';
import { PasswordLoginCard, type PasswordLoginProps } from '@/components/auth/password-login-card';
import { Button } from '@/components/ui/button';

export type SecurityLoginCardProps = PasswordLoginProps;

/**
 * [security.console]: the console's own password gate, separate from the admin's. The
 * password can be shown while typing (a toggle with `aria-pressed`); a refused password shows
 * "Incorrect security password" (or the throttle's message) and clears the field.
 */
export function SecurityLoginCard(props: SecurityLoginCardProps) {
  return (
    <PasswordLoginCard
      {...props}
      mark={
        <span className="surface-dark rounded-2xl bg-navy-900 p-3 text-amber-glow" aria-hidden="true">
          <ShieldCheck className="size-7" />
        </span>
      }
      title="Security Console"
      description="Enter the security password to review protections and block or unblock IP addresses. It is separate from the admin password."
      sessionEndedText="Your security session has ended. Please sign in again."
      passwordLabel="Security Password"
      adornment="reveal"
      submitLabel="Access Security Console"
      nav={
        <nav aria-label="Owner pages" className="mt-6 flex justify-center text-sm">
          <Button asChild variant="ghost" size="sm">
            <Link to="/admin">
              <ArrowLeft aria-hidden="true" />
              Back to Admin Dashboard
            </Link>
          </Button>
        </nav>
      }
    />
  );
}
