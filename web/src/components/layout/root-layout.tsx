import { Suspense, type ReactNode } from 'react';
import { usePageViews } from '@/hooks/use-page-views';
import { useScrollToTop } from '@/hooks/use-scroll-to-top';

/**
 * Wraps every route: page-view reporting and top-of-page on a new route. No Suspense boundary
 * here: React hydrates server-rendered content inside a boundary at its lowest priority, which
 * would leave the home page ([pages.server-rendered]) inert for seconds on a slow phone; each lazy
 * page has its own (`LazyPage`).
 */
export function RootLayout({ children }: { children: ReactNode }) {
  usePageViews();
  useScrollToTop();
  return children;
}

/** A page loaded on first visit: a blank page-high placeholder while its code loads. */
export function LazyPage({ children }: { children: ReactNode }) {
  return <Suspense fallback={<div className="min-h-svh bg-background" aria-busy="true" />}>{children}</Suspense>;
}
