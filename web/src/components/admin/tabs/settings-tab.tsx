import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessage } from '../api-error';
import { ListingSection } from '../settings/listing-form';
import { RentalAgreementSection } from '../settings/rental-agreement-section';
import { SettingsForm } from '../settings/settings-form';
import { useOwnerSettings } from '../settings/settings-queries';
import { TabHeading } from '../tab-heading';

/** [settings.tab]: the owner's listing ([listing.fields]), prices, fees, taxes and stay rules. */
export function SettingsTab() {
  const settings = useOwnerSettings();
  return (
    <section aria-labelledby="settings-heading">
      <TabHeading id="settings-heading" title="Settings" description="Your listing, prices, fees, taxes and stay rules. Guests are quoted and charged with them." />
      <div className="mb-6">
        <ListingSection />
      </div>
      {settings.isPending ? (
        <div aria-busy="true" aria-label="Loading settings" className="grid gap-4">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : settings.isError ? (
        <div role="alert" className="grid justify-items-start gap-3 text-sm text-red-900">
          <p>The settings could not be loaded.{serverMessage(settings.error) ? ` ${serverMessage(settings.error)}` : ''}</p>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <SettingsForm initial={settings.data} />
      )}
      <RentalAgreementSection />
    </section>
  );
}
