import type { ReactNode } from 'react';
import { TwoFactorLoginStep } from '@/components/auth/two-factor-login-step';
import type { SecondFactor } from '@/hooks/create-password-session';
import { usePasswordLoginForm } from '@/hooks/use-password-login-form';
import { LoginSubmit } from './login-form-parts';
import { PasswordField } from './password-field';

export interface PasswordLoginProps {
  /** Resolves when signed in; rejects with the message to show (a SignInError). */
  onLogin: (password: string, factor?: SecondFactor) => Promise<void>;
  loggingIn: boolean;
  /** The server ended the previous session: say why the form is back. */
  sessionEnded?: boolean;
}

export interface PasswordLoginCardProps extends PasswordLoginProps {
  /** The mark above the title (decorative). */
  mark: ReactNode;
  title: string;
  description: ReactNode;
  /** Said when `sessionEnded` and no error is shown. */
  sessionEndedText: string;
  passwordLabel: string;
  /** The field's end adornment: a lock icon, or a show/hide toggle. */
  adornment: 'lock' | 'reveal';
  submitLabel: string;
  /** The links under the card. */
  nav: ReactNode;
}

/**
 * The sign-in card of a password area ([auth.login], [auth.two-factor]): title, password field,
 * submit, then the two-factor step when the server asks for a code. A refused password shows the
 * server's message and clears the field (`usePasswordLoginForm`). The admin's and the console's
 * cards are this card with their own words.
 */
export function PasswordLoginCard(props: PasswordLoginCardProps) {
  const { onLogin, loggingIn, sessionEnded = false } = props;
  const form = usePasswordLoginForm(onLogin, loggingIn);
  const { password, setPassword, error, inputRef, inputId, errorId, submit, step } = form;

  return (
    <div className="w-full max-w-md">
      <div className="rounded-2xl border bg-card shadow-lg shadow-navy-900/5">
        <div className="flex flex-col items-center gap-3 px-6 pt-8 text-center sm:px-8">
          {props.mark}
          <h1 className="font-display text-3xl font-semibold tracking-tight text-navy-900">{props.title}</h1>
          <p className="text-sm text-muted-foreground">{props.description}</p>
        </div>

        <form onSubmit={(event) => void submit(event)} className="space-y-4 px-6 pb-8 pt-6 sm:px-8">
          {sessionEnded && !error && (
            <p role="status" className="rounded-md bg-secondary px-3 py-2 text-sm text-secondary-foreground">
              {props.sessionEndedText}
            </p>
          )}
          {step === 'code' ? (
            <TwoFactorLoginStep form={form} loggingIn={loggingIn} />
          ) : (
            <>
              <PasswordField
                ref={inputRef}
                id={inputId}
                label={props.passwordLabel}
                name="password"
                autoComplete="current-password"
                autoFocus
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={error}
                errorId={errorId}
                adornment={props.adornment}
              />
              <LoginSubmit pending={loggingIn}>{props.submitLabel}</LoginSubmit>
            </>
          )}
        </form>
      </div>
      {props.nav}
    </div>
  );
}
