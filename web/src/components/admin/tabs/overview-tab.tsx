import CalendarCheck from 'lucide-react/icons/calendar-check';
import MessageSquareDot from 'lucide-react/icons/message-square-dot';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Star from 'lucide-react/icons/star';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import BedDouble from 'lucide-react/icons/bed-double';
import DollarSign from 'lucide-react/icons/dollar-sign';
import Tag from 'lucide-react/icons/tag';
import { useState } from 'react';
import { PROPERTY, formatBps, formatCents, todayIn } from '@ridgeline/core';
import { useAdminReviews, useBookingInquiries } from '../admin-queries';
import type { AdminTabId } from '../dashboard/admin-tab-ids';
import { NoticesCard } from '../notices/notices-card';
import { ComplianceWarnings } from '../overview/compliance-warnings';
import { GoLiveChecklist } from '../overview/go-live-checklist';
import { ListingCheckCard } from '../overview/listing-check-card';
import { StatCard } from '../overview/stat-card';
import { UnpaidBalancesCard } from '../overview/unpaid-balances-card';
import { monthName } from '../format';
import { useReportsSummary } from '../reports/insights-queries';
import { UpcomingList } from '../stays/upcoming-list';
import { reviewStats } from '../overview/review-stats';
import { upcomingStaysUrl } from '../stays/stay-nights';
import { useStays } from '../stays/use-stays';
import { TabHeading } from '../tab-heading';

export interface OverviewTabProps {
  onOpenTab: (tab: AdminTabId) => void;
}

/**
 * [admin.overview]: first the go-live checklist while anything is left ([setup.go-live]), then the missing county numbers ([compliance.numbers]); four cards; Total Bookings opens Bookings, the review cards open Reviews. A
 * Conflicts card comes first, only while stays from this month on share a night
 * ([stays.conflict]), and opens the Availability tab with its stays. Below, this month's
 * occupancy, ADR and revenue ([insights.occupancy], [insights.adr], [insights.revenue]; they
 * open Reports), the upcoming arrivals and departures (they open Availability), and the listing
 * check ([listing.check]).
 */
export function OverviewTab({ onOpenTab }: OverviewTabProps) {
  const bookings = useBookingInquiries();
  const reviews = useAdminReviews();
  const stats = reviews.data ? reviewStats(reviews.data) : undefined;
  const openReviews = () => onOpenTab('reviews');
  const [today] = useState(() => todayIn(PROPERTY.timeZone));
  const stays = useStays(upcomingStaysUrl(today));
  const conflicts = stays.data?.filter((s) => s.conflict).length ?? 0;
  const metrics = useReportsSummary(Number(today.slice(0, 4)));
  const thisMonth = metrics.data?.months.find((m) => m.month === today.slice(0, 7));
  const month = monthName(today);
  const openReports = () => onOpenTab('reports');

  return (
    <section aria-labelledby="overview-heading">
      <TabHeading id="overview-heading" title="Overview" description="Your bookings and guest reviews at a glance." />
      <GoLiveChecklist onOpenTab={onOpenTab} />
      <ComplianceWarnings onOpenSettings={() => onOpenTab('settings')} />
      {conflicts > 0 ? (
        <StatCard
          label="Stays in conflict"
          value={String(conflicts)}
          hint="Open the stays"
          icon={TriangleAlert}
          onOpen={() => onOpenTab('availability')}
          className="mb-4 w-full border-red-700 bg-red-50 sm:w-80"
        />
      ) : null}
      <UnpaidBalancesCard />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard
          label="Total Bookings"
          value={bookings.data ? String(bookings.data.length) : undefined}
          failed={bookings.isError}
          hint="View booking inquiries"
          icon={CalendarCheck}
          onOpen={() => onOpenTab('bookings')}
        />
        <StatCard
          label="Pending Reviews"
          value={stats ? String(stats.pending) : undefined}
          failed={reviews.isError}
          hint="Review and approve"
          icon={MessageSquareDot}
          onOpen={openReviews}
        />
        <StatCard
          label="Published Reviews"
          value={stats ? String(stats.published) : undefined}
          failed={reviews.isError}
          hint="Manage reviews"
          icon={ShieldCheck}
          onOpen={openReviews}
        />
        <StatCard
          label="Avg Rating"
          value={stats?.averageRating}
          failed={reviews.isError}
          hint="See all ratings"
          icon={Star}
          onOpen={openReviews}
        />
      </div>
      <h3 className="mt-8 font-display text-xl font-semibold text-navy-900">{month} at a glance</h3>
      <div className="mt-3 grid gap-4 sm:grid-cols-3">
        <StatCard
          label={`Occupancy in ${month}`}
          value={thisMonth ? formatBps(thisMonth.occupancyBps) : undefined}
          failed={metrics.isError}
          hint="See the reports"
          icon={BedDouble}
          onOpen={openReports}
        />
        <StatCard
          label={`ADR in ${month}`}
          value={thisMonth ? formatCents(thisMonth.adrCents) : undefined}
          failed={metrics.isError}
          hint="See the reports"
          icon={Tag}
          onOpen={openReports}
        />
        <StatCard
          label={`Revenue in ${month}`}
          value={thisMonth ? formatCents(thisMonth.revenueCents) : undefined}
          failed={metrics.isError}
          hint="See the reports"
          icon={DollarSign}
          onOpen={openReports}
        />
      </div>
      <div className="mt-8">
        <UpcomingList stays={stays.data} failed={stays.isError} today={today} onOpen={() => onOpenTab('availability')} />
      </div>
      <ListingCheckCard onOpenTab={onOpenTab} />
      <NoticesCard />
    </section>
  );
}
