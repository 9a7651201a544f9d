import LoaderCircle from 'lucide-react/icons/loader-circle';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ApiError } from '@/lib/api-error';

/** Shown while a guest page loads. */
export function StayLoadingCard({ children }: { children: ReactNode }) {
  return (
    <Card aria-busy="true">
      <CardContent className="flex flex-col items-center gap-4 px-6 py-16 text-center">
        <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-forest-600 motion-reduce:animate-none" />
        <p role="status" className="text-lg font-medium text-navy-900">
          {children}
        </p>
      </CardContent>
    </Card>
  );
}

/**
 * A guest page that could not load: "We could not find this booking" for a 404 (an unknown or
 * mistyped link, [guest.page]), else the failure with a Try again button.
 */
export function StayErrorCard({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Card role="alert">
      <CardContent className="flex flex-col gap-3 px-6 py-10">
        <h2 className="font-display text-2xl font-semibold text-navy-900">{notFound ? 'We could not find this booking' : 'We could not load your booking'}</h2>
        <p className="text-muted-foreground">
          {notFound
            ? 'The link may be mistyped or incomplete. Open it again from your confirmation e-mail, or contact us and we will help.'
            : 'Something went wrong on our side or with the connection. Please try again in a moment.'}
        </p>
        <div className="mt-2 flex flex-wrap gap-3">
          {!notFound && <Button onClick={onRetry}>Try again</Button>}
          <Button asChild variant="outline">
            <Link to="/">Back to the home page</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
