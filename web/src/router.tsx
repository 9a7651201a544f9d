import { Route, Switch } from 'wouter';
import { LazyPage, RootLayout } from '@/components/layout/root-layout';
import { SiteLayout } from '@/components/layout/site-layout';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import { lazyWithQueries } from '@/lib/lazy-with-queries';
import { HomePage } from '@/pages/home-page';

// Only the home page is in the first bundle; these screens (and their libraries, React Query
// among them) load when first visited.
const AdminPage = lazyWithQueries(() => import('@/pages/admin-page'));
const SecurityConsolePage = lazyWithQueries(() => import('@/pages/security-console-page'));
const CalendarAuthPage = lazyWithQueries(() => import('@/pages/calendar-auth-page'));
const CheckoutPage = lazyWithQueries(() => import('@/pages/checkout-page'));
const RentalAgreementPage = lazyWithQueries(() => import('@/pages/rental-agreement-page'));
const GuestPage = lazyWithQueries(() => import('@/pages/guest-page'));
const ReviewPage = lazyWithQueries(() => import('@/pages/review-page'));
// Server-rendered too: its HTML shows at once and is taken over when this code arrives.
const NotFoundPage = lazyWithPreload(async () => ({ default: (await import('@/pages/not-found-page')).NotFoundPage }));

/**
 * [routes]. wouter's `<Switch>` renders the first route whose path matches (paths match without
 * regard to case, with or without a trailing slash); pages load their data with React Query.
 * wouter (~2.5 KB gzip) replaced React Router (~13 KB) to keep the home page's first load small
 * ([perf.first-load]); the helpers it leaves out are in lib/navigation.ts.
 */
export function AppRoutes() {
  return (
    <RootLayout>
      <Switch>
        {/* Owner pages have their own frame. */}
        <Route path="/admin">
          <LazyPage>
            <AdminPage />
          </LazyPage>
        </Route>
        <Route path="/admin/house-sheet">
          <LazyPage>
            <AdminPage />
          </LazyPage>
        </Route>
        <Route path="/security-console">
          <LazyPage>
            <SecurityConsolePage />
          </LazyPage>
        </Route>
        <Route path="/calendar-auth">
          <LazyPage>
            <CalendarAuthPage />
          </LazyPage>
        </Route>
        {/* Public pages, under the fixed navigation bar. */}
        <Route>
          <SiteLayout>
            <Switch>
              <Route path="/">
                <HomePage />
              </Route>
              <Route path="/checkout">
                <LazyPage>
                  <CheckoutPage />
                </LazyPage>
              </Route>
              <Route path="/rental-agreement">
                <LazyPage>
                  <RentalAgreementPage />
                </LazyPage>
              </Route>
              <Route path="/stay/:token">
                <LazyPage>
                  <GuestPage />
                </LazyPage>
              </Route>
              <Route path="/review/:token">
                <LazyPage>
                  <ReviewPage />
                </LazyPage>
              </Route>
              <Route>
                <LazyPage>
                  <NotFoundPage />
                </LazyPage>
              </Route>
            </Switch>
          </SiteLayout>
        </Route>
      </Switch>
    </RootLayout>
  );
}
