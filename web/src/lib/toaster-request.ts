/**
 * Whether the toast area is needed before the page went idle: `toast()` (hooks/use-toast, loaded
 * with the first code that raises one) asks for it, and `<DeferredToaster />` (in the first load)
 * mounts it then. Keeps the toast store out of the home page's first load ([perf.first-load]).
 */
let requested = false;
const listeners = new Set<() => void>();

/** Asks for the toast area now; idempotent. */
export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

/** For `useSyncExternalStore`: tells `listener` when the toast area is asked for. */
export function subscribeToToasterRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once the toast area was asked for. */
export const toasterRequested = (): boolean => requested;
