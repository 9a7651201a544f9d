import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { usePageViews } from '@/hooks/use-page-views';
import { useScrollToTop } from '@/hooks/use-scroll-to-top';

/** Wraps every route: page-view reporting, top-of-page on a new route, lazy page loading. */
export function RootLayout() {
  usePageViews();
  useScrollToTop();
  return (
    <Suspense fallback={<div className="min-h-svh bg-background" aria-busy="true" />}>
      <Outlet />
    </Suspense>
  );
}
