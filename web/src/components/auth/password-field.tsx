import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import Lock from 'lucide-react/icons/lock';
import { useState, type ComponentPropsWithRef } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { LoginError } from './login-form-parts';

export interface PasswordFieldProps extends Omit<ComponentPropsWithRef<typeof Input>, 'type' | 'id'> {
  /** The input's id (the label points at it). */
  id: string;
  label: string;
  /** The refusal to show under the field ("Incorrect password"), announced when it appears. */
  error?: string | null;
  /** Id of the error paragraph; the input is described by it while an error shows. */
  errorId?: string;
  /**
   * `'lock'`: a lock icon inside the field (admin login); `'reveal'`: a Show/Hide password toggle
   * with `aria-pressed` (security console gate, [security.console]); `'none'`: a plain field.
   */
  adornment?: 'lock' | 'reveal' | 'none';
  /** Classes of the wrapper (label, field and error). */
  wrapperClassName?: string;
}

/**
 * A labelled password input shared by the owner sign-in cards ([admin.login], [security.console])
 * and the change-password form. Autocorrection and capitalisation are off because the reveal
 * toggle can turn the field into plain text, where mobile keyboards would otherwise alter it.
 * Other input props (`ref`, `value`/`onChange` or react-hook-form's `register()` result,
 * `autoComplete`, `autoFocus`, `required`) pass through to the input.
 */
export function PasswordField({
  id,
  label,
  error,
  errorId,
  adornment = 'none',
  wrapperClassName,
  className,
  ...inputProps
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const showError = Boolean(error && errorId);
  return (
    <div className={wrapperClassName ?? 'space-y-2'}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        {adornment === 'lock' && (
          <Lock
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
        )}
        <Input
          id={id}
          type={adornment === 'reveal' && visible ? 'text' : 'password'}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={showError ? true : undefined}
          aria-describedby={showError ? errorId : undefined}
          className={cn(adornment === 'lock' && 'pl-9', adornment === 'reveal' && 'pr-11', className)}
          {...inputProps}
        />
        {adornment === 'reveal' && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-pressed={visible}
            aria-controls={id}
            onClick={() => setVisible((v) => !v)}
            className="absolute right-0.5 top-1/2 size-9 -translate-y-1/2 text-muted-foreground hover:bg-transparent hover:text-navy-900"
          >
            {visible ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
            {/* Named by text, not aria-label, so "Password" labels only the field. */}
            <span className="sr-only">{visible ? 'Hide password' : 'Show password'}</span>
          </Button>
        )}
      </div>
      {errorId && <LoginError id={errorId} error={error} />}
    </div>
  );
}
