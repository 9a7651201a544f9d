import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobStatus } from '@ridgeline/core';
import { createQueryClient } from '@/lib/query-client';
import { BackgroundJobs } from './background-jobs';

/** The Background Jobs card's "Run now" ([console.jobs-run]) against a fetch stand-in of the two routes. */

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/hooks/use-toast', () => ({ toast: toastMock }));

const idle = (name: string, extra: Partial<JobStatus> = {}): JobStatus => ({
  name,
  description: `Does ${name}`,
  running: false,
  lastRunAt: null,
  lastSuccessAt: null,
  nextRunAt: null,
  lastError: null,
  lastErrorAt: null,
  consecutiveFailures: 0,
  runs: 0,
  ...extra,
});

let jobs: JobStatus[];
let runAnswer: { status: number; body: unknown };
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  jobs = [idle('damage-deposits'), idle('housekeeping')];
  runAnswer = { status: 202, body: null };
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST') {
      const name = /\/api\/security\/jobs\/([^/]+)\/run$/.exec(url)?.[1];
      if (runAnswer.status !== 202) return Response.json(runAnswer.body, { status: runAnswer.status });
      jobs = jobs.map((j) => (j.name === name ? { ...j, running: true, runs: j.runs + 1, lastRunAt: '2026-11-25T19:00:00.000Z' } : j));
      return Response.json({ job: jobs.find((j) => j.name === name) }, { status: 202 });
    }
    return Response.json({ jobs });
  });
  vi.stubGlobal('fetch', fetchMock);
  toastMock.mockClear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderJobs() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BackgroundJobs />
    </QueryClientProvider>,
  );
}

const row = (name: string) => screen.getAllByRole('listitem').find((li) => li.textContent?.includes(`(${name})`))!;

describe('BackgroundJobs Run now', () => {
  it('starts the job, shows it running, and shows the finished run once the list says so', async () => {
    renderJobs();
    const button = await screen.findByRole('button', { name: 'Run damage-deposits now' }, { timeout: 5_000 });
    // The visible "Run now" is part of the name ([a11y.wcag]: WCAG 2.5.3).
    expect(button.textContent).toBe('Run damage-deposits now');
    expect(within(row('damage-deposits')).getByText(/Last run: never/)).toBeTruthy();

    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Running damage-deposits…' })).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Running damage-deposits…' }).hasAttribute('disabled')).toBe(true);
    expect(within(row('damage-deposits')).getByText('Running')).toBeTruthy();
    // The other job stays runnable.
    expect(screen.getByRole('button', { name: 'Run housekeeping now' }).hasAttribute('disabled')).toBe(false);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url))).toEqual(['/api/security/jobs/damage-deposits/run']);
    expect(toastMock).toHaveBeenCalledWith({ title: 'Job started', description: 'Does damage-deposits (damage-deposits) is running.' });

    // The run ends on the server: the polled list shows it done.
    jobs = jobs.map((j) => (j.name === 'damage-deposits' ? { ...j, running: false, lastSuccessAt: j.lastRunAt } : j));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Run damage-deposits now' }).hasAttribute('disabled')).toBe(false), { timeout: 3_000 });
    expect(within(row('damage-deposits')).getByText('OK')).toBeTruthy();
    expect(within(row('damage-deposits')).queryByText(/Last run: never/)).toBeNull();
  });

  it('says why a run was refused, in the server words', async () => {
    runAnswer = { status: 409, body: { error: 'The job housekeeping is already running' } };
    renderJobs();
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Run housekeeping now' }, { timeout: 5_000 })));
    await waitFor(() =>
      expect(toastMock).toHaveBeenCalledWith({ variant: 'destructive', title: 'Could not run the job', description: 'The job housekeeping is already running' }),
    );
    expect(screen.getByRole('button', { name: 'Run housekeeping now' }).hasAttribute('disabled')).toBe(false);
  });
});

describe('BackgroundJobs reconciliation findings ([money.reconcile])', () => {
  it("lists the reconcile job's open findings under it, and says when there are none", async () => {
    jobs = [
      idle('reconcile', {
        lastRunAt: '2026-11-25T19:00:00.000Z',
        findings: [{ id: 3, bookingId: 12, paymentIntentId: 'pi_1', text: 'The ledger records a charge of $200.00 on pi_1, but Stripe says it never succeeded (status requires_payment_method).', foundAt: '2026-11-25T19:00:00.000Z' }],
      }),
      idle('housekeeping'),
    ];
    renderJobs();
    const list = await screen.findByRole('list', { name: 'Reconciliation findings' }, { timeout: 5_000 });
    expect(within(row('reconcile')).getByText('1 open finding')).toBeTruthy();
    expect(list.textContent).toContain('Booking 12: The ledger records a charge of $200.00 on pi_1, but Stripe says it never succeeded (status requires_payment_method).');
    // Only the reconcile job has findings.
    expect(within(row('housekeeping')).queryByText(/finding/)).toBeNull();

    cleanup();
    jobs = [idle('reconcile', { findings: [] })];
    renderJobs();
    expect(await screen.findByText('No open findings.', undefined, { timeout: 5_000 })).toBeTruthy();
  });
});
