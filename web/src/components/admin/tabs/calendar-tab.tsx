import CalendarCog from 'lucide-react/icons/calendar-cog';
import { NotSetUpPanel } from '../not-set-up-panel';

/** SPEC §2 "Calendar": the Google Calendar and cleaning panels arrive with the calendar issue. */
export function CalendarTab() {
  return (
    <NotSetUpPanel
      headingId="calendar-heading"
      title="Google Calendar"
      icon={CalendarCog}
      status="Google Calendar integration is not set up yet. No cleaning events are created for checkouts."
      upcoming={[
        'The connection status of your Google Calendar, and a button to connect it',
        'Automatic cleaning events from 1:00 to 5:00 PM on each checkout day',
        "Cleaning crew settings: the crew's e-mail, invitations and an on/off switch",
      ]}
    />
  );
}
