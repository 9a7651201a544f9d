import ArrowLeft from 'lucide-react/icons/arrow-left';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { TwoFactorLoginStep } from '@/components/auth/two-factor-login-step';
import type { SecondFactor } from '@/hooks/create-password-session';
import { usePasswordLoginForm } from '@/hooks/use-password-login-form';
import { LoginSubmit } from '@/components/auth/login-form-parts';
import { PasswordField } from '@/components/auth/password-field';

export interface SecurityLoginCardProps {
  /** Resolves when signed in; rejects with the message to show (a SignInError). */
  onLogin: (password: string, factor?: SecondFactor) => Promise<void>;
  loggingIn: boolean;
  /** The server ended the previous session: say why the gate is back. */
  sessionEnded?: boolean;
}

/**
 * [security.console]: the console's own password gate, separate from the admin's. The
 * password can be shown while typing (a toggle with `aria-pressed`); a refused password shows
 * "Incorrect security password" (or the throttle's message) and clears the field.
 */
export function SecurityLoginCard({ onLogin, loggingIn, sessionEnded = false }: SecurityLoginCardProps) {
  const form = usePasswordLoginForm(onLogin, loggingIn);
  const { password, setPassword, error, inputRef, inputId, errorId, submit, step } = form;

  return (
    <div className="w-full max-w-md">
      <div className="rounded-2xl border bg-card shadow-lg shadow-navy-900/5">
        <div className="flex flex-col items-center gap-3 px-6 pt-8 text-center sm:px-8">
          <span className="surface-dark rounded-2xl bg-navy-900 p-3 text-amber-glow" aria-hidden="true">
            <ShieldCheck className="size-7" />
          </span>
          <h1 className="font-display text-3xl font-semibold tracking-tight text-navy-900">Security Console</h1>
          <p className="text-sm text-muted-foreground">
            Enter the security password to review protections and block or unblock IP addresses. It is separate from the
            admin password.
          </p>
        </div>

        <form onSubmit={(event) => void submit(event)} className="space-y-4 px-6 pb-8 pt-6 sm:px-8">
          {sessionEnded && !error && (
            <p role="status" className="rounded-md bg-secondary px-3 py-2 text-sm text-secondary-foreground">
              Your security session has ended. Please sign in again.
            </p>
          )}
          {step === 'code' ? (
            <TwoFactorLoginStep form={form} loggingIn={loggingIn} />
          ) : (
            <>
              <PasswordField
                ref={inputRef}
                id={inputId}
                label="Security Password"
                name="password"
                autoComplete="current-password"
                autoFocus
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={error}
                errorId={errorId}
                adornment="reveal"
              />
              <LoginSubmit pending={loggingIn}>Access Security Console</LoginSubmit>
            </>
          )}
        </form>
      </div>

      <nav aria-label="Owner pages" className="mt-6 flex justify-center text-sm">
        <Button asChild variant="ghost" size="sm">
          <Link to="/admin">
            <ArrowLeft aria-hidden="true" />
            Back to Admin Dashboard
          </Link>
        </Button>
      </nav>
    </div>
  );
}
