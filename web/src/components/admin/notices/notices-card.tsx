import Bell from 'lucide-react/icons/bell';
import MailCheck from 'lucide-react/icons/mail-check';
import MailX from 'lucide-react/icons/mail-x';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessage } from '../api-error';
import { formatTimestamp } from '../format';
import { noticeEmailStatus } from './notice-status';
import { useOwnerNotices } from './notices-queries';

/**
 * The Overview's Notices card ([owner.notices]): what the owner was told (new bookings,
 * cancellations, double bookings, disputes, failing calendars, failed payments), newest first,
 * each with its time and whether it was e-mailed.
 */
export function NoticesCard() {
  const notices = useOwnerNotices();
  return (
    <Card aria-labelledby="notices-heading" role="region" className="mt-6">
      <CardHeader>
        <CardTitle id="notices-heading" className="flex items-center gap-2 text-navy-900">
          <Bell className="size-4" aria-hidden="true" />
          Notices
        </CardTitle>
        <CardDescription>What Ridgeline told you, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {notices.isPending ? (
          <div role="status" aria-label="Loading notices" className="space-y-2">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : notices.isError ? (
          <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
            <span>Notices could not be loaded{serverMessage(notices.error) ? `: ${serverMessage(notices.error)}` : '.'}</span>
            <Button type="button" variant="outline" size="sm" onClick={() => void notices.refetch()}>
              Try again
            </Button>
          </div>
        ) : notices.data.notices.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing to tell you yet.</p>
        ) : (
          <ul className="divide-y" aria-label="Notices">
            {notices.data.notices.map((notice) => {
              const status = noticeEmailStatus(notice, notices.data.notEmailedBecause);
              const Icon = status.sent ? MailCheck : MailX;
              return (
                <li key={notice.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3">
                  <div className="min-w-0">
                    <p className="break-words text-sm font-medium text-foreground">{notice.subject}</p>
                    <p className="text-xs text-muted-foreground">
                      <time dateTime={notice.createdAt}>{formatTimestamp(notice.createdAt)}</time>
                    </p>
                  </div>
                  <p className={`flex items-center gap-1.5 text-xs ${status.sent ? 'text-forest-700' : 'text-amber-900'}`}>
                    <Icon className="size-3.5 shrink-0" aria-hidden="true" />
                    {status.label}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
