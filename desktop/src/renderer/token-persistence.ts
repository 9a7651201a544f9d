/**
 * Whether the last sign-in's token outlives the app. `false` (no OS encryption available) is
 * shown by `MemoryOnlyNotice`; a tiny external store so the transport, outside React, can set it.
 */
import { useSyncExternalStore } from 'react';

let persisted = true;
const listeners = new Set<() => void>();

export function setTokenPersisted(value: boolean): void {
  if (value === persisted) return;
  persisted = value;
  listeners.forEach((listener) => listener());
}

export function useTokenPersisted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => persisted,
  );
}
