import { useCallback, useEffect, useRef } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSearchParams } from '@/lib/navigation';
import { AvailabilityTab } from '../tabs/availability-tab';
import { BookingsTab } from '../tabs/bookings-tab';
import { CalendarTab } from '../tabs/calendar-tab';
import { SettingsTab } from '../tabs/settings-tab';
import { IcalSyncTab } from '../tabs/ical-sync-tab';
import { ImagesTab } from '../tabs/images-tab';
import { OverviewTab } from '../tabs/overview-tab';
import { ReportsTab } from '../tabs/reports-tab';
import { ReviewsTab } from '../tabs/reviews-tab';
import { ADMIN_TABS, parseAdminTab, type AdminTabId } from './admin-tab-ids';
import { AdminHeader, type AdminHeaderProps } from './admin-header';

/**
 * The signed-in dashboard ([admin.tabs]). The selected tab lives in the URL
 * (`/admin?tab=bookings`), so a reload or a shared link opens the same tab.
 */
export function AdminDashboard(props: AdminHeaderProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseAdminTab(searchParams.get('tab'));
  const tabListRef = useRef<HTMLDivElement>(null);
  const focusActiveTab = useRef(false);

  const selectTab = useCallback(
    (next: string) => {
      setSearchParams(
        (prev) => {
          const params = new URLSearchParams(prev);
          params.set('tab', parseAdminTab(next));
          return params;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  // An Overview card unmounts with its panel: hand focus to the tab it opened, not to <body>.
  const openTab = useCallback(
    (next: AdminTabId) => {
      focusActiveTab.current = true;
      selectTab(next);
    },
    [selectTab],
  );
  useEffect(() => {
    if (!focusActiveTab.current) return;
    focusActiveTab.current = false;
    tabListRef.current?.querySelector<HTMLElement>('[role="tab"][data-state="active"]')?.focus();
  }, [tab]);

  return (
    <div className="min-h-svh bg-background">
      <AdminHeader {...props} />
      <main id="main" tabIndex={-1} className="mx-auto max-w-7xl px-4 pb-16 pt-8 focus:outline-none sm:px-6 lg:px-8">
        <div className="mb-6">
          <h1 className="font-display text-3xl font-semibold tracking-tight text-navy-900 sm:text-4xl">
            Admin Dashboard
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Bookings, calendar, reviews, photos and reports of Ridgeline.
          </p>
        </div>

        <Tabs value={tab} onValueChange={selectTab}>
          <TabsList ref={tabListRef} aria-label="Dashboard sections" className="w-full justify-start sm:w-auto">
            {ADMIN_TABS.map(({ id, label }) => (
              <TabsTrigger key={id} value={id} className="grow sm:grow-0">
                {label}
              </TabsTrigger>
            ))}
          </TabsList>

          <TabsContent value="overview" className="mt-6">
            <OverviewTab onOpenTab={openTab} />
          </TabsContent>
          <TabsContent value="bookings" className="mt-6">
            <BookingsTab />
          </TabsContent>
          <TabsContent value="availability" className="mt-6">
            <AvailabilityTab />
          </TabsContent>
          <TabsContent value="ical-sync" className="mt-6">
            <IcalSyncTab />
          </TabsContent>
          <TabsContent value="reports" className="mt-6">
            <ReportsTab />
          </TabsContent>
          <TabsContent value="reviews" className="mt-6">
            <ReviewsTab />
          </TabsContent>
          <TabsContent value="images" className="mt-6">
            <ImagesTab />
          </TabsContent>
          <TabsContent value="calendar" className="mt-6">
            <CalendarTab />
          </TabsContent>
          <TabsContent value="settings" className="mt-6">
            <SettingsTab />
          </TabsContent>
        </Tabs>
      </main>
    </div>
  );
}
