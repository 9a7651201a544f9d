import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type FormEvent } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { PASSWORD_MIN_LENGTH, passwordChangeRequestSchema, passwordChangeResponseSchema, type PasswordChangeRequest } from '@ridgeline/core';
import { z } from 'zod';
import { serverMessage } from '@/components/admin/api-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { apiSend } from '@/lib/api';
import type { ApiArea } from '@/lib/api-client';
import { firstFieldError } from '@/lib/form-errors';
import { apiOf } from '@/lib/query-client';
import { PasswordField } from './password-field';
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

/**
 * The form's fields: the server's own `currentPassword` and `newPassword` rules
 * (`passwordChangeRequestSchema`), the new password typed again, which must match, and the code as typed
 * (sent as `totp` or `recoveryCode` by `secondFactorOf`).
 */
const changePasswordFormSchema = z
  .object({
    currentPassword: passwordChangeRequestSchema.shape.currentPassword,
    newPassword: passwordChangeRequestSchema.shape.newPassword,
    confirmPassword: z.string(),
    code: z.string(),
  })
  .refine((v) => v.confirmPassword === v.newPassword, { path: ['confirmPassword'], message: 'must match newPassword' });

type ChangePasswordValues = z.input<typeof changePasswordFormSchema>;

const FIELD_ID = { currentPassword: 'current', newPassword: 'new', confirmPassword: 'confirm' } as const;

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '', code: '' };

/** The form's own words for its two checks; any other refusal reads as the server's "field: message". */
function refusalText(errors: FieldErrors<ChangePasswordValues>): string {
  if (errors.newPassword?.type === 'too_small') return `The new password needs at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (errors.confirmPassword) return 'The two new passwords are not the same.';
  return firstFieldError(errors, ['currentPassword', 'newPassword']) ?? 'Check the passwords and try again.';
}

/**
 * Changes one area's password ([auth.password-change]): the current password, the new one twice, and a
 * code when two-factor sign-in is on. Every other session of the area ends; this one stays.
 * Checked with the server's `passwordChangeRequestSchema` rules before anything is sent; a refusal, here
 * or from the server, shows in one alert under the fields.
 */
export function ChangePasswordForm({ area, twoFactorEnabled, headingId, headingLevel = 2, what }: ChangePasswordFormProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    resetField,
    formState: { errors },
  } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const api = apiOf(area);
  const { basePath } = api;
  const change = useMutation({
    mutationKey: [`${basePath}/password`],
    mutationFn: ({ currentPassword, newPassword, code }: ChangePasswordValues) =>
      apiSend(
        'POST',
        `${basePath}/password`,
        passwordChangeResponseSchema,
        { currentPassword, newPassword, ...(twoFactorEnabled ? secondFactorOf(code) : {}) } satisfies PasswordChangeRequest,
        api.area,
      ),
  });

  const send = async (values: ChangePasswordValues) => {
    if (change.isPending) return;
    try {
      const { sessionsEnded } = await change.mutateAsync(values);
      reset(EMPTY);
      setDone(
        `Password changed. ${sessionsEnded === 0 ? 'No other session was open.' : `${sessionsEnded} other ${sessionsEnded === 1 ? 'session was' : 'sessions were'} signed out.`}`,
      );
    } catch (err) {
      setError(serverMessage(err) ?? 'Could not reach the server. Try again.');
      resetField('code');
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (change.isPending) {
      event.preventDefault();
      return;
    }
    setError(null);
    setDone(null);
    void handleSubmit(send, (errors) => setError(refusalText(errors)))(event);
  };

  const field = (key: 'currentPassword' | 'newPassword' | 'confirmPassword', label: string, autoComplete: string) => (
    <PasswordField
      id={`${id}-${FIELD_ID[key]}`}
      label={label}
      autoComplete={autoComplete}
      required
      wrapperClassName="space-y-1.5"
      aria-invalid={errors[key] ? true : undefined}
      aria-describedby={errors[key] && error ? `${id}-error` : undefined}
      {...register(key)}
    />
  );

  return (
    <section aria-labelledby={headingId} className="rounded-xl border bg-card p-5 shadow-sm">
      <Heading id={headingId} className="font-display text-xl font-semibold tracking-tight text-navy-900">
        Change password
      </Heading>
      <p className="mt-0.5 text-sm text-muted-foreground">
        Sets a new {what}. Every other signed-in browser and desktop app is signed out; this one stays signed in.
      </p>
      <form onSubmit={submit} className="mt-4 grid gap-3 sm:grid-cols-2">
        {field('currentPassword', 'Current password', 'current-password')}
        <div className="hidden sm:block" />
        {field('newPassword', 'New password', 'new-password')}
        {field('confirmPassword', 'New password again', 'new-password')}
        {twoFactorEnabled && (
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-code`}>Two-factor code</Label>
            <Input
              id={`${id}-code`}
              type="text"
              autoComplete="one-time-code"
              required
              inputMode="numeric"
              autoCapitalize="none"
              spellCheck={false}
              {...register('code')}
            />
          </div>
        )}
        <div className="space-y-2 sm:col-span-2">
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
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
