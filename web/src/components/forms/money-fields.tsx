import { forwardRef, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import type { FieldError as HookFieldError } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

interface FieldFrame {
  /** The input's id; its hint is `${id}-hint` and its error `${id}-error`. */
  id: string;
  label: string;
  /** Always shown under the field, and read with it (`aria-describedby`). */
  hint?: ReactNode;
  error?: HookFieldError | undefined;
}

/** `aria-invalid` and `aria-describedby` (hint first, then the error) of a framed field. */
function described({ id, hint, error }: Pick<FieldFrame, 'id' | 'hint' | 'error'>) {
  return {
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined,
  };
}

function Hint({ id, hint }: Pick<FieldFrame, 'id' | 'hint'>) {
  return hint ? (
    <p id={`${id}-hint`} className="text-xs text-muted-foreground">
      {hint}
    </p>
  ) : null;
}

function ErrorText({ id, error }: Pick<FieldFrame, 'id' | 'error'>) {
  return error?.message ? (
    <p id={`${id}-error`} className="text-sm font-medium text-destructive">
      {error.message}
    </p>
  ) : null;
}

/**
 * An amount in dollars of the owner's money dialogs (refund, claim, offline money): its label,
 * a "$" before the input, a hint and the field's error (the schema's or the server's message).
 * Spread react-hook-form's `register(name)` into it.
 */
export const MoneyField = forwardRef<HTMLInputElement, FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>>(
  ({ id, label, hint, error, className, ...input }, ref) => (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-1.5">
        <span aria-hidden="true" className="text-sm text-muted-foreground">
          $
        </span>
        <Input id={id} ref={ref} inputMode="decimal" autoComplete="off" {...described({ id, hint, error })} {...input} />
      </div>
      <Hint id={id} hint={hint} />
      <ErrorText id={id} error={error} />
    </div>
  ),
);
MoneyField.displayName = 'MoneyField';

/** A reason or note the guest may read (at most 500 characters), with its hint and error. */
export const ReasonField = forwardRef<HTMLTextAreaElement, FieldFrame & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'>>(
  ({ id, label, hint, error, className, ...textarea }, ref) => (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} ref={ref} maxLength={500} {...described({ id, hint, error })} {...textarea} />
      <Hint id={id} hint={hint} />
      <ErrorText id={id} error={error} />
    </div>
  ),
);
ReasonField.displayName = 'ReasonField';
