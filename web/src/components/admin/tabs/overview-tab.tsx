import CalendarCheck from 'lucide-react/icons/calendar-check';
import MessageSquareDot from 'lucide-react/icons/message-square-dot';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Star from 'lucide-react/icons/star';
import { useAdminReviews, useBookingInquiries } from '../admin-queries';
import type { AdminTabId } from '../dashboard/admin-tab-ids';
import { StatCard } from '../overview/stat-card';
import { reviewStats } from '../overview/review-stats';
import { TabHeading } from '../tab-heading';

export interface OverviewTabProps {
  onOpenTab: (tab: AdminTabId) => void;
}

/** [admin.overview]: four cards; Total Bookings opens Bookings, the review cards open Reviews. */
export function OverviewTab({ onOpenTab }: OverviewTabProps) {
  const bookings = useBookingInquiries();
  const reviews = useAdminReviews();
  const stats = reviews.data ? reviewStats(reviews.data) : undefined;
  const openReviews = () => onOpenTab('reviews');

  return (
    <section aria-labelledby="overview-heading">
      <TabHeading id="overview-heading" title="Overview" description="Your bookings and guest reviews at a glance." />
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
    </section>
  );
}
