import Printer from 'lucide-react/icons/printer';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { PROPERTY, maxOccupancy, type Settings } from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminListing } from '../settings/listing-form';
import { useOwnerSettings } from '../settings/settings-queries';

const missing = <span className="font-normal italic text-red-800">Not filled in: see Settings, Compliance</span>;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="border-b border-navy-900/20 py-4 print:py-3">
      <dt className="text-sm font-semibold uppercase tracking-wide text-navy-900/80">{label}</dt>
      <dd className="mt-1 whitespace-pre-line text-2xl font-semibold text-navy-900 print:text-xl">{children}</dd>
    </div>
  );
}

/** The sheet itself, from the owner's settings ([compliance.house-sheet]) and the listing's name ([listing.fields]). */
export function HouseSheetContent({ settings, houseName = PROPERTY.name }: { settings: Settings; houseName?: string }) {
  const contact = settings.localContact;
  return (
    <article aria-labelledby="house-sheet-title" className="house-sheet mx-auto max-w-3xl bg-white p-8 text-navy-900 print:max-w-none print:p-0">
      <h1 id="house-sheet-title" className="font-display text-4xl font-semibold print:text-3xl">
        {houseName}: house information
      </h1>
      <p className="mt-2 text-lg">Please keep this sheet posted in the house.</p>
      <dl className="mt-6">
        <Fact label="Maximum occupancy">{`${maxOccupancy(settings)} persons`}</Fact>
        <Fact label="Emergency address (call 911)">{settings.emergencyAddress || missing}</Fact>
        <Fact label="Local contact, reachable 24/7">{contact.phone ? `${contact.name}, ${contact.phone}` : missing}</Fact>
        <Fact label="Fannin County accommodation excise tax certificate">{settings.taxCertificateNumber || missing}</Fact>
        <Fact label="Fannin County short-term rental registration">{settings.rentalRegistrationNumber || missing}</Fact>
      </dl>
    </article>
  );
}

/**
 * `/admin/house-sheet` ([compliance.house-sheet]), owner only: the maximum occupancy, the
 * emergency address, the 24/7 local contact and the county's numbers on one printed page (the
 * print stylesheet hides everything else and fits it to one sheet).
 */
export function HouseSheet() {
  const settings = useOwnerSettings();
  const listing = useAdminListing();
  useEffect(() => {
    const previous = document.title;
    document.title = 'House sheet · Ridgeline';
    return () => {
      document.title = previous;
    };
  }, []);
  return (
    <main id="main" tabIndex={-1} className="min-h-svh bg-secondary/40 px-4 py-8 focus:outline-none print:min-h-0 print:bg-white print:p-0">
      <div className="mx-auto mb-6 flex max-w-3xl flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to="/admin?tab=settings" className="font-medium text-forest-700 underline underline-offset-4">
          Back to Settings
        </Link>
        <Button type="button" onClick={() => window.print()}>
          <Printer aria-hidden="true" /> Print
        </Button>
      </div>
      {settings.data ? (
        <HouseSheetContent settings={settings.data} houseName={listing.data?.name ?? PROPERTY.name} />
      ) : settings.isError ? (
        <p role="alert" className="mx-auto max-w-3xl text-red-900">The settings could not be loaded. Please reload the page.</p>
      ) : (
        <div aria-busy="true" aria-label="Loading the house sheet" className="mx-auto max-w-3xl">
          <Skeleton className="h-96 w-full" />
        </div>
      )}
    </main>
  );
}
