import { Router } from 'express';
import { requireSession } from '../http/sessions.js';
import type { JobsResponse, RunJobResponse } from '@ridgeline/core';
import type { AppDeps } from '../deps.js';
import { consoleJobs } from './job-status.js';

/**
 * The background jobs for the security console, behind a security session:
 * - `GET /api/security/jobs` ([security.jobs]) → `{ jobs: [{ name, description, running,
 *   lastRunAt, lastSuccessAt, nextRunAt, lastError, lastErrorAt, consecutiveFailures, runs }] }`,
 *   times ISO 8601 UTC or null. The `reconcile` job's entry also has `findings: [{ id, bookingId,
 *   paymentIntentId, text, foundAt }]`, the reconciliation's open findings ([money.reconcile]).
 * - `POST /api/security/jobs/:name/run` ([console.jobs-run]) starts one run of the job now, through
 *   the job runner (its failures are the runner's: logged, kept as the job's last error, retried)
 *   and answers 202 `{ job }` at once, the job's state with `running: true`; the console polls the
 *   list for the outcome. 404 `{ error }` for a job name the server does not have; 409 `{ error }`
 *   while the job is running (scheduled or started by someone else). The audit log records it as
 *   "background job run" with `name=<job>` ([audit.log]).
 */
export function jobRoutes(deps: AppDeps): Router {
  const router = Router();
  const guard = requireSession(deps, 'security');
  router.get('/api/security/jobs', guard, (_req, res) => {
    const jobs = consoleJobs(deps);
    res.set('Cache-Control', 'no-store').json({ jobs } satisfies JobsResponse);
  });
  router.post('/api/security/jobs/:name/run', guard, (req, res) => {
    const name = String(req.params.name);
    const before = deps.jobs?.statusOf(name);
    if (!deps.jobs || !before) {
      res.status(404).json({ error: `There is no background job named “${name}”` });
      return;
    }
    if (before.running) {
      res.status(409).json({ error: `The job ${name} is already running` });
      return;
    }
    // The run marks the job running before its first await, so the answer shows it running.
    deps.jobs.trigger(name);
    res.status(202).set('Cache-Control', 'no-store').json({ job: deps.jobs.statusOf(name)! } satisfies RunJobResponse);
  });
  return router;
}
