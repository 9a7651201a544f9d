import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while React renders on the server and hydrates the server's HTML, true afterwards (and
 * from the first render of a page React renders in the browser alone). For render decisions that
 * depend on the browser (the URL's hash, missing browser APIs): gating them on this keeps the
 * first client render equal to the server's, without a `typeof window` branch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
