/**
 * Parses a price typed by the owner: whole dollars, not below 0 ([availability.update]: price inputs are
 * whole numbers). Returns undefined for an empty, negative, fractional or non-numeric entry.
 */
export function parseWholeDollars(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return Number.isSafeInteger(value) ? value : undefined;
}

/**
 * A price field's value for its schema (`nightlyPriceDollars`): the number when the text is whole
 * dollars (`parseWholeDollars`), else the text itself, which the schema then refuses as not a
 * number. Use as react-hook-form's `setValueAs`.
 */
export function wholeDollarsOrText(text: unknown): unknown {
  if (typeof text !== 'string') return text;
  return parseWholeDollars(text) ?? text;
}

/** "$250", "$1,200" */
export function formatDollars(dollars: number): string {
  return `$${dollars.toLocaleString('en-US')}`;
}
