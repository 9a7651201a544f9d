import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH, passwordChangeResponseSchema, type PasswordChangeRequest } from '@ridgeline/core';
import { serverMessage } from '@/components/admin/api-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiSend } from '@/lib/api';
import type { ApiArea } from '@/lib/api-client';
import { apiOf } from '@/lib/query-client';
import { secondFactorOf } from './use-two-factor';

export interface ChangePasswordFormProps {
  /** The admin dashboard's or the console's: posts to `/api/auth/password` or `/api/security/password`. */
  area: ApiArea;
  /** Ask for a two-factor code too (it is on for this area). */
  twoFactorEnabled: boolean;
  headingId: string;
  /** 2 in the console (a page section), 3 inside a dashboard tab. */
  headingLevel?: 2 | 3;
  /** e.g. "admin password" */
  what: string;
}

/** Shortest password accepted (the server's rule, from the sign-in contract). */
const MIN_LENGTH = PASSWORD_MIN_LENGTH;

/**
 * Changes one area's password (issue 11 item 3): the current password, the new one twice, and a
 * code when two-factor sign-in is on. Every other session of the area ends; this one stays.
 */
export function ChangePasswordForm({ area, twoFactorEnabled, headingId, headingLevel = 2, what }: ChangePasswordFormProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const id = useId();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const api = apiOf(area);
  const { basePath } = api;
  const change = useMutation({
    mutationKey: [`${basePath}/password`],
    mutationFn: () =>
      apiSend(
        'POST',
        `${basePath}/password`,
        passwordChangeResponseSchema,
        { currentPassword: current, newPassword: next, ...(twoFactorEnabled ? secondFactorOf(code) : {}) } satisfies PasswordChangeRequest,
        area,
      ),
  });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (change.isPending) return;
    setError(null);
    setDone(null);
    if (next.length < MIN_LENGTH) return setError(`The new password needs at least ${MIN_LENGTH} characters.`);
    if (next !== confirm) return setError('The two new passwords are not the same.');
    try {
      const { sessionsEnded } = await change.mutateAsync();
      setCurrent('');
      setNext('');
      setConfirm('');
      setCode('');
      setDone(
        `Password changed. ${sessionsEnded === 0 ? 'No other session was open.' : `${sessionsEnded} other ${sessionsEnded === 1 ? 'session was' : 'sessions were'} signed out.`}`,
      );
    } catch (err) {
      setError(serverMessage(err) ?? 'Could not reach the server. Try again.');
      setCode('');
    }
  };

  const field = (key: string, label: string, value: string, set: (v: string) => void, autoComplete: string, type = 'password') => (
    <div className="space-y-1.5">
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        type={type}
        autoComplete={autoComplete}
        required
        value={value}
        onChange={(event) => set(event.target.value)}
        {...(type === 'text' ? { inputMode: 'numeric' as const, autoCapitalize: 'none', spellCheck: false } : {})}
      />
    </div>
  );

  return (
    <section aria-labelledby={headingId} className="rounded-xl border bg-card p-5 shadow-sm">
      <Heading id={headingId} className="font-display text-xl font-semibold tracking-tight text-navy-900">
        Change password
      </Heading>
      <p className="mt-0.5 text-sm text-muted-foreground">
        Sets a new {what}. Every other signed-in browser and desktop app is signed out; this one stays signed in.
      </p>
      <form onSubmit={(event) => void submit(event)} className="mt-4 grid gap-3 sm:grid-cols-2">
        {field('current', 'Current password', current, setCurrent, 'current-password')}
        <div className="hidden sm:block" />
        {field('new', 'New password', next, setNext, 'new-password')}
        {field('confirm', 'New password again', confirm, setConfirm, 'new-password')}
        {twoFactorEnabled && field('code', 'Two-factor code', code, setCode, 'one-time-code', 'text')}
        <div className="space-y-2 sm:col-span-2">
          {error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          )}
          {done && (
            <p role="status" className="text-sm font-medium text-forest-700">
              {done}
            </p>
          )}
          <Button type="submit" disabled={change.isPending}>
            {change.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
            Change password
          </Button>
        </div>
      </form>
    </section>
  );
}
