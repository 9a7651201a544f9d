import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names (clsx syntax) without Tailwind conflict resolution. The home page's
 * first-load components use it instead of `cn` (lib/utils), which carries tailwind-merge
 * (~8 KB gzip): callers must not pass classes that fight over the same property (e.g. `size-8`
 * and `size-10`); with both present the stylesheet's order, not the call's, decides.
 */
export function cx(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
