import CalendarSync from 'lucide-react/icons/calendar-sync';
import { NotSetUpPanel } from '../not-set-up-panel';

/** SPEC §2 "iCal Sync": the calendar-source panel arrives with the calendar issue. */
export function IcalSyncTab() {
  return (
    <NotSetUpPanel
      headingId="ical-sync-heading"
      title="iCal Sync"
      icon={CalendarSync}
      status="Calendar sync with Airbnb, VRBO and Booking.com is not set up yet. No outside calendar is read, and no dates are blocked by one."
      upcoming={[
        'Calendar sources: add an Airbnb, VRBO, Booking.com or manual iCal URL, then test, sync or delete it',
        'Hourly auto-sync per source, with the last sync time and result',
        "An export feed of your blocked dates and confirmed bookings for the other platforms' calendars",
        'Where to find the iCal URL of your Airbnb listing',
      ]}
    />
  );
}
