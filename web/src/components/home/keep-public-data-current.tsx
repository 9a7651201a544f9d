import { Suspense, useEffect, useState } from 'react';
import { lazyWithQueries } from '@/lib/lazy-with-queries';
import { whenIdle } from '@/lib/lazy-with-preload';
import { usePublicData } from '@/lib/public-data';

const PublicDataSync = lazyWithQueries(() => import('./public-data-sync'));

let syncLoaded = false;

/** Runs `task` in a task of its own; returns a cancel function. */
function onNextTask(task: () => void): () => void {
  const id = window.setTimeout(task, 0);
  return () => window.clearTimeout(id);
}

/**
 * Mounts `<PublicDataSync />` after the first render, never on the server nor during hydration
 * (so the server's HTML is taken over as it is): when the page is idle if the HTML embedded its
 * data, at once if it did not (the home page reached from another page of the app) or once the
 * code has loaded before.
 */
export function KeepPublicDataCurrent() {
  const { embedded } = usePublicData();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    // At once: still from a callback, so the first render (and hydration) stays without it.
    if (!embedded || syncLoaded) return onNextTask(() => setReady(true));
    return whenIdle(() => setReady(true));
  }, [embedded]);
  useEffect(() => {
    if (ready) void PublicDataSync.preload().then(() => (syncLoaded = true));
  }, [ready]);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <PublicDataSync />
    </Suspense>
  );
}
