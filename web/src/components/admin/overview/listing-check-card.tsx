import CircleCheck from 'lucide-react/icons/circle-check';
import SearchCheck from 'lucide-react/icons/search-check';
import { listingGaps, listingImagePaths } from '@ridgeline/core';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useImageConfig } from '@/hooks/use-image-config';
import { adminApi } from '@/lib/query-client';
import { useAdminReviews } from '../admin-queries';
import type { AdminTabId } from '../dashboard/admin-tab-ids';
import { useAdminListing } from '../settings/listing-form';

/**
 * The Overview's listing check ([listing.check]): what Google's vacation rental guidelines and
 * the county need that the listing still lacks (photos, beds, certificate number, reviews,
 * accessibility facts), each with a link to the tab that fixes it. Nothing until all three
 * answers are in.
 */
export function ListingCheckCard({ onOpenTab }: { onOpenTab: (tab: AdminTabId) => void }) {
  const listing = useAdminListing();
  const images = useImageConfig(adminApi.area);
  const reviews = useAdminReviews();
  if (!listing.data || !images.data || !reviews.data) return null;
  const real = reviews.data.filter((r) => r.isPublished && r.source !== 'demo').length;
  const gaps = listingGaps(listing.data, listingImagePaths(images.data).length, real);
  return (
    <Card role="region" aria-labelledby="listing-check-title" className="mt-6">
      <CardHeader className="pb-3">
        <CardTitle id="listing-check-title" className="flex items-center gap-2 text-base">
          <SearchCheck aria-hidden="true" className="size-4 text-forest-700" />
          Listing check
        </CardTitle>
        <CardDescription>What Google’s vacation rental listings need from your site.</CardDescription>
      </CardHeader>
      <CardContent>
        {gaps.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-forest-800">
            <CircleCheck aria-hidden="true" className="size-4" />
            Your listing has everything Google asks for.
          </p>
        ) : (
          <ul aria-label="Missing from the listing" className="grid gap-2">
            {gaps.map((gap) => (
              <li key={gap.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <span className="font-medium text-navy-900">{gap.message}</span>
                <a
                  href={`/admin?tab=${gap.fix}`}
                  className="font-medium text-forest-700 underline underline-offset-4"
                  onClick={(event) => {
                    event.preventDefault();
                    onOpenTab(gap.fix);
                  }}
                >
                  {gap.action}
                </a>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
