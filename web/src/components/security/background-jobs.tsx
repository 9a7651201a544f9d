import RefreshCw from 'lucide-react/icons/refresh-cw';
import { serverMessage } from '@/components/admin/api-error';
import { formatTimestamp } from '@/components/admin/format';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useBackgroundJobs, type BackgroundJob } from './security-queries';

/** "Failing (3 in a row)", "Running", "OK" or "Not run yet": a job's state in words, never colour alone. */
function jobState(job: BackgroundJob): { label: string; bad: boolean } {
  if (job.running) return { label: 'Running', bad: false };
  if (job.consecutiveFailures > 0) return { label: `Failing (${job.consecutiveFailures} in a row)`, bad: true };
  return { label: job.lastRunAt ? 'OK' : 'Not run yet', bad: false };
}

const when = (iso: string | null, none: string) => (iso ? formatTimestamp(iso) : none);

/**
 * The server's background jobs (hold sweeping, calendar auto-sync, cleaning, confirmation
 * e-mails, housekeeping): last run, next run and last error, so a silent failure is seen.
 */
export function BackgroundJobs() {
  const jobs = useBackgroundJobs();
  return (
    <section aria-labelledby="background-jobs-heading" aria-busy={jobs.isFetching} className="rounded-xl border bg-card shadow-sm">
      <div className="flex flex-col gap-3 border-b p-5 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="background-jobs-heading" className="font-display text-xl font-semibold tracking-tight text-navy-900">
            Background Jobs
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground">Work the server does on its own schedule, with its last run, next run and last error.</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void jobs.refetch()} disabled={jobs.isFetching} className="w-fit">
          <RefreshCw className={jobs.isFetching ? 'animate-spin' : undefined} aria-hidden="true" />
          Refresh jobs
        </Button>
      </div>
      {jobs.isPending ? (
        <p role="status" className="p-5 text-sm text-muted-foreground">
          Loading background jobs…
        </p>
      ) : jobs.isError ? (
        <p role="alert" className="p-5 text-sm text-destructive">
          Could not load the background jobs: {serverMessage(jobs.error) ?? jobs.error.message}
        </p>
      ) : (
        <ul aria-label="Background jobs" className="divide-y">
          {jobs.data.map((job) => {
            const state = jobState(job);
            return (
              <li key={job.name} className="grid gap-2 px-5 py-3 text-sm md:grid-cols-[1fr_auto]">
                <div className="min-w-0">
                  <p className="font-medium text-navy-900">
                    {job.description} <span className="font-mono text-xs text-muted-foreground">({job.name})</span>
                  </p>
                  <p className="text-xs text-muted-foreground">
                    Last run: {when(job.lastRunAt, 'never')} · Next run: {when(job.nextRunAt, 'when needed')}
                  </p>
                  {job.lastError && (
                    <p className="mt-1 break-words text-xs text-destructive">
                      Last error ({when(job.lastErrorAt, '')}): {job.lastError}
                    </p>
                  )}
                </div>
                <span
                  className={cn(
                    'h-fit w-fit rounded-full px-2 py-0.5 text-xs font-semibold',
                    state.bad ? 'bg-red-50 text-destructive' : 'bg-forest-100 text-forest-800',
                  )}
                >
                  {state.label}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
