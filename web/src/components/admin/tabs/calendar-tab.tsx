import { CleaningSettingsPanel } from '../google-calendar/cleaning-settings-panel';
import { GoogleCalendarStatusCard } from '../google-calendar/google-calendar-status-card';
import { TabHeading } from '../tab-heading';

/**
 * [google.status] and [cleaning.settings]: the real Google Calendar
 * connection with its connect button, and the automatic cleaning settings.
 */
export function CalendarTab() {
  return (
    <section aria-labelledby="calendar-heading">
      <TabHeading
        id="calendar-heading"
        title="Google Calendar"
        description="Cleaning events for every check-out, in your calendar and the crew's."
      />
      <div className="grid gap-6">
        <GoogleCalendarStatusCard />
        <CleaningSettingsPanel />
      </div>
    </section>
  );
}
