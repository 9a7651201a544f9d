import { Suspense, useEffect, useState } from 'react';
import { lazyWithQueries } from '@/lib/lazy-with-queries';
import { whenIdle } from '@/lib/lazy-with-preload';
import { usePublicData } from '@/lib/public-data';

const PublicDataSync = lazyWithQueries(() => import('./public-data-sync'));

// Mounted once already in this visit: its code is here, mount it again at once.
let mountedBefore = false;

/** Runs `task` in a task of its own; returns a cancel function. */
function onNextTask(task: () => void): () => void {
  const id = window.setTimeout(task, 0);
  return () => window.clearTimeout(id);
}

/**
 * Mounts `<PublicDataSync />` after the first render, never on the server nor during hydration
 * (so the server's HTML is taken over as it is): when the page is idle if the HTML embedded its
 * data, at once if it did not (the home page reached from another page of the app) or when it
 * was mounted before in this visit.
 */
export function KeepPublicDataCurrent() {
  const { embedded } = usePublicData();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const mount = () => {
      mountedBefore = true;
      setReady(true);
    };
    // At once: still from a callback, so the first render (and hydration) stays without it.
    return !embedded || mountedBefore ? onNextTask(mount) : whenIdle(mount);
  }, [embedded]);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <PublicDataSync />
    </Suspense>
  );
}
