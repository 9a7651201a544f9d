import Share2 from 'lucide-react/icons/share-2';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/hooks/use-toast';
import { feedRotatedResponseSchema } from '@ridgeline/core';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { serverMessage } from '../api-error';
import type { FeedVariant } from './calendar-source';
import { FeedAddress } from './feed-address';
import { rotatedMessage } from './feed-share';
import { calendarFeedQuery, useFeedUrls } from './ical-queries';

/**
 * The export feeds ([ical.export]): this site's blocked dates and confirmed paid bookings as iCal, in two
 * versions ([ical.export.token]): one for other platforms without guest data, one for the
 * owner's calendar with names and details. Each address holds a secret token; Rotate replaces it.
 */
export function ExportFeedCard() {
  const queryClient = useQueryClient();
  const feed = useFeedUrls();
  const rotate = useMutation({
    mutationFn: (variant: FeedVariant) => apiSend('POST', '/api/calendar/feed/rotate', feedRotatedResponseSchema, { variant }, adminApi.area),
    onSuccess: (urls, variant) => {
      queryClient.setQueryData(calendarFeedQuery().queryKey, {
        success: true,
        platformFeedUrl: urls.platformFeedUrl,
        ownerFeedUrl: urls.ownerFeedUrl,
      });
      toast({ title: 'Feed Address Changed', description: rotatedMessage(variant) });
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Rotate Failed',
        description: serverMessage(error) ?? 'Failed to change the feed address',
      }),
  });

  const body = () => {
    if (feed.isPending) {
      return (
        <div aria-busy="true" aria-label="Loading the feed addresses" className="grid gap-3">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      );
    }
    if (feed.isError) {
      return (
        <div role="alert" className="grid justify-items-start gap-3 text-sm text-red-900">
          <p>
            The feed addresses could not be loaded.{serverMessage(feed.error) ? ` ${serverMessage(feed.error)}` : ''}
          </p>
          <Button variant="outline" size="sm" onClick={() => void feed.refetch()}>
            Try again
          </Button>
        </div>
      );
    }
    return (
      <div className="grid gap-4 lg:grid-cols-2">
        {(['platform', 'owner'] as const).map((variant) => (
          <FeedAddress
            key={variant}
            variant={variant}
            url={variant === 'platform' ? feed.data.platformFeedUrl : feed.data.ownerFeedUrl}
            rotating={rotate.isPending && rotate.variables === variant}
            onRotate={() => rotate.mutate(variant)}
          />
        ))}
      </div>
    );
  };

  return (
    <Card role="region" aria-labelledby="ical-export-title">
      <CardHeader className="pb-4">
        <CardTitle id="ical-export-title" className="flex items-center gap-2">
          <Share2 aria-hidden="true" className="size-5 text-forest-700" />
          Export feed
        </CardTitle>
        <CardDescription>
          Ridgeline's own calendar: blocked dates and confirmed, paid bookings, for the other platforms to import so
          they close the same nights.
        </CardDescription>
      </CardHeader>
      <CardContent>{body()}</CardContent>
    </Card>
  );
}
