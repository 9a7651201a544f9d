import ArrowLeft from 'lucide-react/icons/arrow-left';
import KeyRound from 'lucide-react/icons/key-round';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { PasswordLoginForm } from '@/hooks/use-password-login-form';
import { LoginError, LoginSubmit } from '@/components/auth/login-form-parts';

export interface TwoFactorLoginStepProps {
  form: PasswordLoginForm;
  loggingIn: boolean;
}

/**
 * The second step of an owner sign-in when two-factor sign-in is on ([auth.two-factor]): a
 * labelled one-time-code field (`autocomplete="one-time-code"`, numeric keypad), a switch to a
 * recovery code instead, Verify, and a way back to the password. Render inside the sign-in form.
 */
export function TwoFactorLoginStep({ form, loggingIn }: TwoFactorLoginStepProps) {
  const { code, setCode, codeRef, codeId, errorId, error, useRecoveryCode, toggleRecoveryCode, back } = form;
  const hintId = `${codeId}-hint`;
  return (
    <>
      <div className="space-y-2">
        <Label htmlFor={codeId}>{useRecoveryCode ? 'Recovery code' : 'Authentication code'}</Label>
        <p id={hintId} className="text-sm text-muted-foreground">
          {useRecoveryCode
            ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.'
            : 'Enter the 6-digit code from your authenticator app.'}
        </p>
        <div className="relative">
          <KeyRound className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            ref={codeRef}
            id={codeId}
            name={useRecoveryCode ? 'recoveryCode' : 'totp'}
            type="text"
            autoComplete="one-time-code"
            inputMode={useRecoveryCode ? 'text' : 'numeric'}
            pattern={useRecoveryCode ? undefined : '[0-9 ]{6,7}'}
            maxLength={useRecoveryCode ? 64 : 7}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            autoFocus
            required
            value={code}
            onChange={(event) => setCode(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            className="pl-9 font-mono tracking-widest"
          />
        </div>
        <LoginError id={errorId} error={error} />
      </div>
      <LoginSubmit pending={loggingIn}>Verify</LoginSubmit>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={back}>
          <ArrowLeft aria-hidden="true" />
          Back to password
        </Button>
        <Button type="button" variant="link" size="sm" aria-pressed={useRecoveryCode} onClick={toggleRecoveryCode}>
          {useRecoveryCode ? 'Use the authenticator app' : 'Use a recovery code'}
        </Button>
      </div>
    </>
  );
}
