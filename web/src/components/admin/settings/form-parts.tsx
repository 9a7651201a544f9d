/** The Settings tab's form parts: a labelled field, a multi-line text, a section card, and where an error is. */
import { useId, type ReactNode } from 'react';
import { get, type FieldErrors, type FieldValues, type UseFormRegisterReturn } from 'react-hook-form';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The first message of the errors at any of `paths` (the form's name and the settings' name). */
export function errorAt(errors: FieldErrors<FieldValues>, ...paths: string[]): string | undefined {
  for (const path of paths) {
    const message = (get(errors, path) as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') return message;
  }
  return undefined;
}

export interface FieldProps {
  label: string;
  /** a hint under the input (unit, meaning) */
  hint?: ReactNode;
  error?: string;
  registration: UseFormRegisterReturn;
  type?: string;
  inputMode?: 'decimal' | 'numeric';
  prefix?: string;
  suffix?: string;
  className?: string;
}

/** A labelled input with its hint and error, both announced with it. */
export function Field({ label, hint, error, registration, type = 'text', inputMode, prefix, suffix, className }: FieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ?? 'grid gap-1.5'}>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-1.5">
        {prefix && <span aria-hidden="true" className="text-sm text-muted-foreground">{prefix}</span>}
        <Input id={id} type={type} inputMode={inputMode} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...registration} />
        {suffix && <span aria-hidden="true" className="text-sm text-muted-foreground">{suffix}</span>}
      </div>
      {hint && <p id={`${id}-hint`} className="text-xs text-muted-foreground">{hint}</p>}
      {error && <p id={`${id}-error`} className="text-sm font-medium text-destructive">{error}</p>}
    </div>
  );
}

export function Section({ title, description, children, sectionId }: { title: string; description?: ReactNode; children: ReactNode; sectionId?: string }) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id} id={sectionId} tabIndex={sectionId ? -1 : undefined}>
      <CardHeader className="pb-4">
        <CardTitle id={id}>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

/** A labelled multi-line text with its hint and error, both announced with it. */
export function TextArea({ label, hint, error, registration, rows }: Omit<FieldProps, 'type' | 'inputMode' | 'prefix' | 'suffix' | 'className'> & { rows: number }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className="rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        {...registration}
      />
      {hint && <p id={`${id}-hint`} className="text-xs text-muted-foreground">{hint}</p>}
      {error && <p id={`${id}-error`} className="text-sm font-medium text-destructive">{error}</p>}
    </div>
  );
}

