import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A `React.lazy` component that can also be fetched ahead of time with `preload()`. */
export type PreloadableComponent<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<unknown>;
};

/**
 * `React.lazy` plus `preload()`: code that is not needed for the first paint (dialogs, owner
 * pages) stays out of the first bundle, and can still be warmed up on idle or hover so it is
 * ready before the visitor asks for it. The import runs at most once.
 */
export function lazyWithPreload<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  let pending: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () => (pending ??= load());
  const component = Object.assign(lazy(loadOnce), { preload: loadOnce });
  return component;
}

/**
 * Runs `task` when the browser is idle (or after `timeoutMs` at the latest); returns a cancel
 * function. Falls back to a timer where `requestIdleCallback` is missing (Safari).
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, Math.min(timeoutMs, 500));
  return () => window.clearTimeout(id);
}
