import ArrowLeft from 'lucide-react/icons/arrow-left';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Link } from 'wouter';
import { PasswordLoginCard, type PasswordLoginProps } from '@/components/auth/password-login-card';
import { BrandMark } from '@/components/layout/brand-mark';
import { Button } from '@/components/ui/button';

export type AdminLoginCardProps = PasswordLoginProps;

/**
 * [admin.login]: the card titled Admin Access with its password form. A refused
 * password shows the server's message ("Incorrect password", or the throttle's) and clears the
 * field.
 */
export function AdminLoginCard(props: AdminLoginCardProps) {
  return (
    <PasswordLoginCard
      {...props}
      mark={<BrandMark className="size-12" />}
      title="Admin Access"
      description="Enter the owner password to manage Ridgeline."
      sessionEndedText="Your session has ended. Please sign in again."
      passwordLabel="Password"
      adornment="lock"
      submitLabel="Login"
      nav={
        <nav aria-label="Owner pages" className="mt-6 flex flex-wrap items-center justify-center gap-2 text-sm">
          <Button asChild variant="ghost" size="sm">
            <Link to="/security-console">
              <ShieldCheck aria-hidden="true" />
              Security Console
            </Link>
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link to="/">
              <ArrowLeft aria-hidden="true" />
              Back to the website
            </Link>
          </Button>
        </nav>
      }
    />
  );
}
