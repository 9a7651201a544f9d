import { Suspense, useEffect, useState } from 'react';
import { useToast } from '@/hooks/use-toast';
import { lazyWithPreload, whenIdle } from '@/lib/lazy-with-preload';

const Toaster = lazyWithPreload(async () => ({ default: (await import('./toaster')).Toaster }));

/**
 * Mounts `<Toaster />` without putting Radix Toast in the first bundle: it loads when the page
 * is idle, or at once when a toast is raised earlier. Toasts live in the `use-toast` store, so
 * none is lost while the code loads.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  if (!idle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
