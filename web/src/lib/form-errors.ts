import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * The first failed field of a form, in the order the fields are declared (`order`, usually the
 * server schema's `Object.keys(schema.shape)`), written as the server's 400 writes it
 * (`parseOr400`: "path: message", [validation.text]), so a refusal in the browser reads the same
 * as one from the server. Undefined when no listed field failed.
 */
export function firstFieldError<T extends FieldValues>(errors: FieldErrors<T>, order: readonly string[]): string | undefined {
  for (const field of order) {
    const error = (errors as Record<string, { message?: unknown } | undefined>)[field];
    if (error && typeof error.message === 'string') return `${field}: ${error.message}`;
  }
  return undefined;
}
