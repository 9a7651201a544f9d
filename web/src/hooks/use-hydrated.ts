import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while the page renders on the server and while the browser hydrates that HTML, true from
 * the render after (and at once in a page the browser rendered itself). For what only the browser
 * knows (the URL's `#hash`, navigation state, browser APIs), so the first client render matches
 * the server's HTML (no hydration mismatch).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
