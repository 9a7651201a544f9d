import ArrowLeft from 'lucide-react/icons/arrow-left';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Link } from 'react-router-dom';
import { BrandMark } from '@/components/layout/brand-mark';
import { Button } from '@/components/ui/button';
import { TwoFactorLoginStep } from '@/components/auth/two-factor-login-step';
import type { SecondFactor } from '@/hooks/create-password-session';
import { usePasswordLoginForm } from '@/hooks/use-password-login-form';
import { LoginSubmit } from '@/components/auth/login-form-parts';
import { PasswordField } from '@/components/auth/password-field';

export interface AdminLoginCardProps {
  /** Resolves when signed in; rejects with the message to show (a SignInError). */
  onLogin: (password: string, factor?: SecondFactor) => Promise<void>;
  loggingIn: boolean;
  /** The server ended the previous session: say why the form is back. */
  sessionEnded?: boolean;
}

/**
 * [admin.login]: the card titled Admin Access with its password form. A refused
 * password shows the server's message ("Incorrect password", or the throttle's) and clears the
 * field.
 */
export function AdminLoginCard({ onLogin, loggingIn, sessionEnded = false }: AdminLoginCardProps) {
  const form = usePasswordLoginForm(onLogin, loggingIn);
  const { password, setPassword, error, inputRef, inputId, errorId, submit, step } = form;

  return (
    <div className="w-full max-w-md">
      <div className="rounded-2xl border bg-card shadow-lg shadow-navy-900/5">
        <div className="flex flex-col items-center gap-3 px-6 pt-8 text-center sm:px-8">
          <BrandMark className="size-12" />
          <h1 className="font-display text-3xl font-semibold tracking-tight text-navy-900">Admin Access</h1>
          <p className="text-sm text-muted-foreground">Enter the owner password to manage Ridgeline.</p>
        </div>

        <form onSubmit={(event) => void submit(event)} className="space-y-4 px-6 pb-8 pt-6 sm:px-8">
          {sessionEnded && !error && (
            <p role="status" className="rounded-md bg-secondary px-3 py-2 text-sm text-secondary-foreground">
              Your session has ended. Please sign in again.
            </p>
          )}
          {step === 'code' ? (
            <TwoFactorLoginStep form={form} loggingIn={loggingIn} />
          ) : (
            <>
              <PasswordField
                ref={inputRef}
                id={inputId}
                label="Password"
                name="password"
                autoComplete="current-password"
                autoFocus
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={error}
                errorId={errorId}
                adornment="lock"
              />
              <LoginSubmit pending={loggingIn}>Login</LoginSubmit>
            </>
          )}
        </form>
      </div>

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
    </div>
  );
}
