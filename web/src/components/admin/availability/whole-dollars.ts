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

/** "$250", "$1,200" */
export function formatDollars(dollars: number): string {
  return `$${dollars.toLocaleString('en-US')}`;
}
