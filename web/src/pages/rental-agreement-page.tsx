import { useQuery } from '@tanstack/react-query';
import { currentRentalAgreementResponseSchema, rentalAgreementResponseSchema } from '@ridgeline/core';
import { Skeleton } from '@/components/ui/skeleton';
import { apiQuery } from '@/lib/api';
import { useSearch } from '@/lib/navigation';

/** A published date as a guest reads it. */
const publishedOn = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long' });

/**
 * `/rental-agreement?version=N` ([agreement.record]): the exact text of version N as published,
 * the one a booking's guest agreed to (linked from the Bookings tab and the guest's page);
 * without `version`, the current one.
 */
export default function RentalAgreementPage() {
  const search = useSearch();
  const raw = new URLSearchParams(search).get('version');
  const version = raw && /^[1-9]\d{0,8}$/.test(raw) ? raw : null;
  // One contract for both: a version's answer is also a current-agreement answer.
  const agreement = useQuery(apiQuery(version ? `/api/rental-agreement/${version}` : '/api/rental-agreement', version ? rentalAgreementResponseSchema : currentRentalAgreementResponseSchema));
  return (
    <main id="main" tabIndex={-1} className="mx-auto min-h-svh max-w-3xl px-4 pb-20 pt-28 focus:outline-none sm:px-6">
      <h1 className="font-display text-3xl font-semibold tracking-tight text-navy-900 sm:text-4xl">Rental agreement</h1>
      {agreement.isPending ? (
        <div aria-busy="true" aria-label="Loading the rental agreement" className="mt-6 grid gap-3">
          <Skeleton className="h-6 w-1/2" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : agreement.isError ? (
        <p role="alert" className="mt-6 text-red-900">
          {version ? `There is no rental agreement version ${version}.` : 'The rental agreement could not be loaded.'}
        </p>
      ) : agreement.data.version === null ? (
        <p className="mt-6 text-muted-foreground">No rental agreement is published.</p>
      ) : (
        <>
          <p className="mt-2 text-muted-foreground">
            Version {agreement.data.version}, published {publishedOn(agreement.data.publishedAt ?? '')}.
          </p>
          <div className="mt-6 whitespace-pre-wrap rounded-lg border bg-card p-5 leading-relaxed">{agreement.data.text}</div>
        </>
      )}
    </main>
  );
}
