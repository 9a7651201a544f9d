/**
 * "Run now" for a background job ([console.jobs-run]: `POST /api/security/jobs/:name/run`). On
 * success the job's row shows it running at once and the list is polled until it ends (see
 * `useBackgroundJobs`); the audit log is read again. Errors (unknown job, already running) are
 * destructive toasts in the server's words.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { runJobResponseSchema, type JobsResponse } from '@ridgeline/core';
import { serverMessage } from '@/components/admin/api-error';
import { toast } from '@/hooks/use-toast';
import { apiSend } from '@/lib/api';
import { securityApi } from '@/lib/query-client';
import { JOBS_QUERY_KEY } from './security-queries';

export function useRunJob() {
  const queryClient = useQueryClient();
  return useMutation({
    // Keys start with /api/security/ so a 401 here ends the console session (see the hook).
    mutationKey: ['/api/security/jobs/run'],
    mutationFn: (name: string) =>
      apiSend('POST', `/api/security/jobs/${encodeURIComponent(name)}/run`, runJobResponseSchema, undefined, securityApi.area),
    onSuccess: ({ job }) => {
      queryClient.setQueryData<JobsResponse>(JOBS_QUERY_KEY, (data) =>
        data ? { jobs: data.jobs.map((row) => (row.name === job.name ? job : row)) } : data,
      );
      toast({ title: 'Job started', description: `${job.description} (${job.name}) is running.` });
    },
    onError: (error, name) =>
      toast({ variant: 'destructive', title: 'Could not run the job', description: serverMessage(error) ?? `Failed to start ${name}` }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: JOBS_QUERY_KEY }),
        queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith('/api/security/audit-log') }),
      ]),
  });
}
