import type { z } from 'zod';
import { HttpError } from './errors.js';

/**
 * Parses `input` with `schema` or throws a 400 HttpError naming the first bad field
 * (`{ error: "path: message", field: "path" }`), so nothing downstream sees invalid data.
 */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown, what = 'body'): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : what;
  throw new HttpError(400, `${field}: ${issue?.message ?? 'invalid'}`, { field });
}
