import { Play } from 'lucide-react';
import { formatTimestamp } from '@/components/admin/format';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { ConsoleListPanel, RefreshButton } from './console-panel';
import { useBackgroundJobs, type BackgroundJob } from './security-queries';
import { useRunJob } from './use-run-job';

/** "Failing (3 in a row)", "Running", "OK" or "Not run yet": a job's state in words, never colour alone. */
function jobState(job: BackgroundJob): { label: string; bad: boolean } {
  if (job.running) return { label: 'Running', bad: false };
  if (job.consecutiveFailures > 0) return { label: `Failing (${job.consecutiveFailures} in a row)`, bad: true };
  return { label: job.lastRunAt ? 'OK' : 'Not run yet', bad: false };
}

const when = (iso: string | null, none: string) => (iso ? formatTimestamp(iso) : none);

/**
 * The server's background jobs (hold sweeping, calendar auto-sync, cleaning, confirmation
 * e-mails, housekeeping, the reconciliation with Stripe and its open findings): last run, next
 * run and last error, so a silent failure is seen; each
 * with a "Run now" button ([console.jobs-run], accessible name "Run <job name> now"), disabled
 * and saying "Running…" while the job runs.
 */
export function BackgroundJobs() {
  const jobs = useBackgroundJobs();
  const run = useRunJob();
  return (
    <ConsoleListPanel
      headingId="background-jobs-heading"
      title="Background Jobs"
      description="Work the server does on its own schedule, with its last run, next run and last error."
      actions={<RefreshButton query={jobs} label="Refresh jobs" className="w-fit" />}
      query={jobs}
      loadingLabel="Loading background jobs…"
      errorTitle="Could not load the background jobs"
      errorLayout="inline"
    >
      {(rows) => (
        <ul aria-label="Background jobs" className="divide-y">
          {rows.map((job) => {
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
                  {job.findings && <Findings findings={job.findings} />}
                </div>
                <div className="flex h-fit flex-wrap items-center gap-2 md:justify-end">
                  <span
                    className={cn(
                      'h-fit w-fit rounded-full px-2 py-0.5 text-xs font-semibold',
                      state.bad ? 'bg-red-50 text-destructive' : 'bg-forest-100 text-forest-800',
                    )}
                  >
                    {state.label}
                  </span>
                  <RunNowButton job={job} starting={run.isPending && run.variables === job.name} onRun={() => run.mutate(job.name)} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </ConsoleListPanel>
  );
}

/**
 * The reconciliation's open findings ([money.reconcile]): what it could not explain, per booking,
 * until a later run no longer finds it.
 */
function Findings({ findings }: { findings: NonNullable<BackgroundJob['findings']> }) {
  if (findings.length === 0) return <p className="mt-1 text-xs text-muted-foreground">No open findings.</p>;
  return (
    <div className="mt-1">
      <p className="text-xs font-semibold text-destructive">
        {findings.length === 1 ? '1 open finding' : `${findings.length} open findings`}
      </p>
      <ul aria-label="Reconciliation findings" className="mt-1 list-disc space-y-1 pl-4 text-xs">
        {findings.map((f) => (
          <li key={f.id} className="break-words">
            {f.bookingId !== null && <span className="font-medium">Booking {f.bookingId}: </span>}
            {f.text} <span className="text-muted-foreground">(found {formatTimestamp(f.foundAt)})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function RunNowButton({ job, starting, onRun }: { job: BackgroundJob; starting: boolean; onRun: () => void }) {
  const busy = starting || job.running;
  return (
    // The job's name is read, not shown: the visible words stay in the name (WCAG 2.5.3, "Run hold-sweep now").
    <Button variant="outline" size="sm" onClick={onRun} disabled={busy}>
      <Play aria-hidden="true" />
      {busy ? (
        <>
          Running <span className="sr-only">{job.name}</span>…
        </>
      ) : (
        <>
          Run <span className="sr-only">{job.name}</span> now
        </>
      )}
    </Button>
  );
}
