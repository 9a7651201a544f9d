import { PlaceholderPage } from './placeholder-page';

/** /calendar-auth (SPEC §2 "Calendar authentication"): filled in by the calendar issue. */
export default function CalendarAuthPage() {
  return (
    <PlaceholderPage title="Google Calendar Authentication">
      Connecting Google Calendar is on its way.
    </PlaceholderPage>
  );
}
