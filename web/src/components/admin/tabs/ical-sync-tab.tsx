import { useState } from 'react';
import { ExportFeedCard } from '../ical-sync/export-feed-card';
import { IcalInstructions } from '../ical-sync/ical-instructions';
import { useAutoSyncStatus, useCalendarSources } from '../ical-sync/ical-queries';
import type { SyncOutcome, TestOutcome } from '../ical-sync/source-actions';
import { SourcesCard } from '../ical-sync/sources-card';
import { SyncResultPanel } from '../ical-sync/sync-result-panel';
import { SystemStatusCard } from '../ical-sync/system-status-card';
import { TestResultPanel } from '../ical-sync/test-result-panel';
import { TabHeading } from '../tab-heading';

/**
 * [ical.panel]: system status, calendar sources
 * (add; test, sync, delete, auto-sync each), the connection test and last sync results, the export
 * feed and how to find the Airbnb iCal URL. The status and the list refresh every 30 s ([data.fetching]).
 */
export function IcalSyncTab() {
  const sources = useCalendarSources();
  const autoSync = useAutoSyncStatus();
  const [tested, setTested] = useState<TestOutcome | null>(null);
  const [synced, setSynced] = useState<SyncOutcome | null>(null);

  return (
    <section aria-labelledby="ical-sync-heading">
      <TabHeading
        id="ical-sync-heading"
        title="iCal Sync"
        description="Keep Airbnb, VRBO, Booking.com and this site on the same calendar, so no night is booked twice."
      />
      <div className="grid gap-6 [&>*]:min-w-0">
        <SystemStatusCard sources={sources} autoSync={autoSync} />
        <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_24rem] [&>*]:min-w-0">
          <SourcesCard sources={sources} onTested={setTested} onSynced={setSynced} />
          <div className="grid items-start gap-6 lg:grid-cols-2 xl:grid-cols-1 [&>*]:min-w-0">
            <TestResultPanel outcome={tested} />
            <SyncResultPanel outcome={synced} sources={sources.data} />
          </div>
        </div>
        <ExportFeedCard />
        <IcalInstructions />
      </div>
    </section>
  );
}
