import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { lazyWithPreload, whenIdle } from '@/lib/lazy-with-preload';
import { subscribeToToasterRequest, toasterRequested } from '@/lib/toaster-request';

const Toaster = lazyWithPreload(async () => ({ default: (await import('./toaster')).Toaster }));

/**
 * Mounts `<Toaster />` without putting Radix Toast, nor the toast store, in the first bundle: it
 * loads when the page is idle, or at once when a toast is raised earlier (`requestToaster`).
 * Toasts live in the `use-toast` store, so none is lost while the code loads.
 */
export function DeferredToaster() {
  const asked = useSyncExternalStore(subscribeToToasterRequest, toasterRequested, () => false);
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!idle && !asked) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
