/**
 * What a person may type into a text field (names, messages, reviews), checked the same way by
 * the browser forms and the server. Browser-safe.
 *
 * Refused, because they corrupt stored text or change how other text is shown:
 * - lone UTF-16 surrogates: not text at all; SQLite would store U+FFFD instead, silently;
 * - control characters (C0 except tab, line feed and carriage return; DEL; C1): NUL truncates
 *   text in many tools and ESC drives terminals;
 * - bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder
 *   the text that follows them, so a name can show as something it is not ("Trojan Source",
 *   CVE-2021-42574). Right-to-left scripts need none of them.
 * Single-line fields also refuse line breaks. SQL, HTML and emoji are only text: they are stored
 * as typed and always shown as text.
 */
import type { z } from 'zod';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;

/**
 * Why `value` cannot be stored as typed text, or undefined when it can.
 * @param multiline true for fields that may hold line breaks (messages, review text)
 */
export function plainTextProblem(value: string, multiline: boolean): string | undefined {
  if (LONE_SURROGATE.test(value)) return 'contains an invalid character';
  if (CONTROL.test(value)) return 'must not contain control characters';
  if (BIDI_CONTROL.test(value)) return 'must not contain text-direction control characters';
  if (!multiline && LINE_BREAK.test(value)) return 'must be a single line';
  return undefined;
}

/**
 * Adds the `plainTextProblem` check to a string schema (after its trim), keeping its type, so
 * `.pick()`, `.shape` and forms built on it work as before.
 */
export function plainText<S extends z.ZodString>(schema: S, multiline = false): S {
  return schema.superRefine((value, ctx) => {
    const problem = plainTextProblem(value, multiline);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }) as S;
}

/**
 * A whole number sent as a JSON number or as digits (query strings and form fields are text).
 * Anything else — `true`, `[4]`, `"0x4"`, `"4e0"` — stays as it is, so the number schema after it
 * refuses it instead of JavaScript's `Number()` turning it into a count.
 */
export function digitsToNumber(value: unknown): unknown {
  return typeof value === 'string' && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : value;
}

/** As `digitsToNumber`, for an amount with an optional decimal part (`"1166.99"`). */
export function decimalToNumber(value: unknown): unknown {
  return typeof value === 'string' && /^\s*\d{1,15}(\.\d{1,6})?\s*$/.test(value) ? Number(value) : value;
}

/**
 * True for something a person can dial: 7 to 15 digits (E.164's most), with spaces, +, -, dots or
 * brackets. The guest's phone at the booking section and the owner's 24/7 local contact
 * ([compliance.contact]) are checked with it.
 */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[\d\s().-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}
