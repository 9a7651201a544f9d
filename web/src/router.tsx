import { Route, Routes } from 'react-router-dom';
import { LazyPage, RootLayout } from '@/components/layout/root-layout';
import { SiteLayout } from '@/components/layout/site-layout';
import { lazyWithQueries } from '@/lib/lazy-with-queries';
import { HomePage } from '@/pages/home-page';
import { NotFoundPage } from '@/pages/not-found-page';

// Only the home page is in the first bundle; these screens (and their libraries, React Query
// among them) load when first visited.
const AdminPage = lazyWithQueries(() => import('@/pages/admin-page'));
const SecurityConsolePage = lazyWithQueries(() => import('@/pages/security-console-page'));
const CalendarAuthPage = lazyWithQueries(() => import('@/pages/calendar-auth-page'));
const CheckoutPage = lazyWithQueries(() => import('@/pages/checkout-page'));
const RentalAgreementPage = lazyWithQueries(() => import('@/pages/rental-agreement-page'));
const StayPage = lazyWithQueries(() => import('@/pages/stay-page'));
const ReviewPage = lazyWithQueries(() => import('@/pages/review-page'));

/**
 * [routes]. Declarative routes (`<BrowserRouter>`): the app loads data with
 * React Query, so the data router's loaders would only add ~18 KB gzip to the first load.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {/* Public pages, under the fixed navigation bar. */}
        <Route element={<SiteLayout />}>
          <Route index element={<HomePage />} />
          <Route
            path="checkout"
            element={
              <LazyPage>
                <CheckoutPage />
              </LazyPage>
            }
          />
          <Route
            path="rental-agreement"
            element={
              <LazyPage>
                <RentalAgreementPage />
              </LazyPage>
            }
          />
          <Route
            path="stay/:token"
            element={
              <LazyPage>
                <StayPage />
              </LazyPage>
            }
          />
          <Route
            path="review/:token"
            element={
              <LazyPage>
                <ReviewPage />
              </LazyPage>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        {/* Owner pages have their own frame. */}
        <Route
          path="admin"
          element={
            <LazyPage>
              <AdminPage />
            </LazyPage>
          }
        />
        <Route
          path="security-console"
          element={
            <LazyPage>
              <SecurityConsolePage />
            </LazyPage>
          }
        />
        <Route
          path="calendar-auth"
          element={
            <LazyPage>
              <CalendarAuthPage />
            </LazyPage>
          }
        />
      </Route>
    </Routes>
  );
}
