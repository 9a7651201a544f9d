import type { FieldError as HookFieldError } from 'react-hook-form';

/**
 * The message under a field that failed its schema check, e.g. "Email must be an e-mail address"
 * (the field's label, then the schema's own message, the same words the server's 400 uses).
 * Renders nothing while the field is valid. Its `id` is what `fieldErrorProps` points the
 * input's `aria-describedby` at, so screen readers read it with the field.
 */
export function FieldError({ id, label, error }: { id: string; label: string; error: HookFieldError | undefined }) {
  if (!error?.message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {label} {error.message}
    </p>
  );
}

/**
 * `aria-invalid` and `aria-describedby` for an input whose `FieldError` has id `errorId`;
 * `describedBy` keeps a hint the input is always described by (it comes first).
 */
export function fieldErrorProps(error: HookFieldError | undefined, errorId: string, describedBy?: string) {
  const ids = [describedBy, error ? errorId : undefined].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': ids || undefined,
  };
}
