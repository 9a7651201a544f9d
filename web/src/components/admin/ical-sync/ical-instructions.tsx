import CircleHelp from 'lucide-react/icons/circle-help';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * Instructions for finding the Airbnb iCal URL ([ical.panel]), with short notes for VRBO and
 * Booking.com, and where each platform takes Ridgeline's own feed.
 */
export function IcalInstructions() {
  return (
    <Card role="region" aria-labelledby="ical-help-title">
      <CardHeader className="pb-4">
        <CardTitle id="ical-help-title" className="flex items-center gap-2">
          <CircleHelp aria-hidden="true" className="size-5 text-forest-700" />
          Finding the iCal URL
        </CardTitle>
        <CardDescription>
          Each platform offers an export link of its calendar; paste it in the iCal URL field above.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 text-sm md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] [&>*]:min-w-0">
        <div>
          <h4 className="font-semibold text-navy-900">Airbnb</h4>
          <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-foreground">
            <li>
              Sign in to Airbnb as the host and open <strong>Calendar</strong>; pick this listing if you have several.
            </li>
            <li>
              Open <strong>Availability</strong> settings and scroll to <strong>Connect calendars</strong> (older
              screens:
              <strong> Sync calendars</strong>).
            </li>
            <li>
              Choose <strong>Connect another website</strong>, then <strong>Export calendar</strong> (the wording may be
              “Export”).
            </li>
            <li>
              Copy the link shown: it starts with{' '}
              <code className="break-all rounded bg-muted px-1">https://www.airbnb.com/calendar/ical/</code> and ends in{' '}
              <code className="rounded bg-muted px-1">.ics</code>.
            </li>
            <li>Paste it above as the iCal URL, choose Airbnb as the platform and press Add Source.</li>
            <li>
              Back in <strong>Connect another website</strong>, choose <strong>Import calendar</strong> and paste this
              site's <strong>platform feed</strong> URL (from Export feed), so Airbnb closes the nights booked here.
            </li>
          </ol>
        </div>
        <div className="grid content-start gap-4">
          <div>
            <h4 className="font-semibold text-navy-900">VRBO</h4>
            <p className="mt-1 text-muted-foreground">
              In the owner dashboard open <strong>Calendar</strong>, then <strong>Import &amp; export</strong>. Under
              Export, copy the calendar link. Under Import, add this site's platform feed URL.
            </p>
          </div>
          <div>
            <h4 className="font-semibold text-navy-900">Booking.com</h4>
            <p className="mt-1 text-muted-foreground">
              In the Extranet open <strong>Rates &amp; Availability</strong>, then <strong>Sync calendars</strong>.
              Choose export to copy the link; choose import (“Add calendar connection”) to add this site's platform feed
              URL.
            </p>
          </div>
          <p className="rounded-lg bg-secondary/60 p-3 text-xs text-muted-foreground">
            Platforms refresh imported calendars every few hours, not instantly, and may limit how often their links are
            read (HTTP 429). Ridgeline reads each source hourly and retries with delays.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
