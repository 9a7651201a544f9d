import type { JobsResponse } from '@ridgeline/core';
import { listOpenReconcileFindings } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { RECONCILE_JOB } from './job-names.js';

/**
 * Every job's state for the security console ([security.jobs]); the `reconcile` job's entry also
 * carries the reconciliation's open findings `{ id, bookingId, paymentIntentId, text, foundAt }`
 * ([money.reconcile]). Empty without a job runner.
 */
export function consoleJobs(deps: Pick<AppDeps, 'db' | 'jobs'>): JobsResponse['jobs'] {
  return (deps.jobs?.status() ?? []).map((job) =>
    job.name === RECONCILE_JOB
      ? { ...job, findings: listOpenReconcileFindings(deps.db).map(({ id, bookingId, paymentIntentId, text, foundAt }) => ({ id, bookingId, paymentIntentId, text, foundAt })) }
      : job,
  );
}
