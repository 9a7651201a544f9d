import { useEffect } from 'react';
import { whenIdle } from '@/lib/lazy-with-preload';

/** Fetches lazily loaded code once the page is idle after mounting (see `lazyWithPreload`). */
export function usePreloadWhenIdle(...preloads: (() => Promise<unknown>)[]): void {
  useEffect(() => {
    // Errors (e.g. offline) are ignored here; the real import retries when the code is needed.
    return whenIdle(() => preloads.forEach((preload) => void preload().catch(() => undefined)));
    // The preload functions are module-level constants; run once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
