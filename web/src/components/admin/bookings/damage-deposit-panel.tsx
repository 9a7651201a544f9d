import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { damageDepositResponseSchema, depositSummary, formatCents, type Booking, type ClaimDamageDepositRequest } from '@ridgeline/core';
import { MoneyField, ReasonField } from '@/components/forms/money-fields';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { apiQuery, apiSend } from '@/lib/api';
import { ApiError } from '@/lib/api-error';
import { adminApi } from '@/lib/query-client';
import { isUnauthorized, serverBody, serverMessage } from '../api-error';
import { formatCalendarDate } from '../format';
import { OwnerDialogContent } from '../owner-dialog';
import { claimDepositFormSchema, type ClaimDepositFormValues } from './damage-deposit-form';

const depositPath = (bookingId: number) => `/api/bookings/${bookingId}/damage-deposit`;

/**
 * A booking's damage deposit in the Bookings tab ([deposit.release], [deposit.claim]): one line
 * with where the hold stands (`GET /api/bookings/{id}/damage-deposit`) and, while the card is
 * held, "Claim damage deposit". Nothing for a booking without a deposit.
 */
export function DamageDepositPanel({ booking }: { booking: Booking }) {
  const deposit = useQuery({ ...apiQuery(depositPath(booking.id), damageDepositResponseSchema, adminApi.area), enabled: booking.kind === 'direct' && booking.status !== 'inquiry' });
  if (booking.kind !== 'direct' || booking.status === 'inquiry') return null;
  if (deposit.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Damage deposit: {serverMessage(deposit.error) ?? 'could not be loaded.'}{' '}
        <Button variant="link" size="sm" className="h-auto p-0" onClick={() => void deposit.refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  if (!deposit.data) return <p className="sr-only" role="status">Loading the damage deposit…</p>;
  const view = deposit.data.deposit;
  const line = depositSummary(view, 'owner', formatCalendarDate);
  if (!line) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border p-3">
      <p className="text-sm">
        <ShieldCheck aria-hidden="true" className="mr-1.5 inline size-4 text-forest-700" />
        <span className="font-medium">Damage deposit: </span>
        {line}
      </p>
      {view.state === 'authorized' && view.amountCents !== null && <ClaimDepositButton booking={booking} heldCents={view.amountCents} />}
    </div>
  );
}

function ClaimDepositButton({ booking, heldCents }: { booking: Booking; heldCents: number }) {
  const [open, setOpen] = useState(false);
  const name = `${booking.firstName} ${booking.lastName}`.trim();
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={`Claim damage deposit of ${name}`}>
          Claim damage deposit
        </Button>
      </Dialog.Trigger>
      <OwnerDialogContent
        title="Claim damage deposit"
        description={
          <>
            {name}: {formatCents(heldCents)} is held on the card. The amount you claim is charged, the rest is released at once, and the guest is e-mailed the reason.
          </>
        }
      >
        {open && <ClaimDepositForm booking={booking} heldCents={heldCents} onDone={() => setOpen(false)} />}
      </OwnerDialogContent>
    </Dialog.Root>
  );
}

function ClaimDepositForm({ booking, heldCents, onDone }: { booking: Booking; heldCents: number; onDone: () => void }) {
  const queryClient = useQueryClient();
  const schema = useMemo(() => claimDepositFormSchema(heldCents), [heldCents]);
  const form = useForm<ClaimDepositFormValues, unknown, ClaimDamageDepositRequest>({ resolver: zodResolver(schema), defaultValues: { amountDollars: '', reason: '' } });
  const { register, handleSubmit, formState, setError } = form;
  const { errors } = formState;
  const amountId = useId();
  const reasonId = useId();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [depositPath(booking.id)] });

  const claim = useMutation({
    mutationFn: (body: ClaimDamageDepositRequest) => apiSend('POST', `${depositPath(booking.id)}/claim`, damageDepositResponseSchema, body, adminApi.area),
    onSuccess: (result) => {
      queryClient.setQueryData([depositPath(booking.id)], result);
      refresh();
      const rest = heldCents - (result.deposit.claimedCents ?? 0);
      toast({
        title: 'Damage deposit claimed',
        description: `Charged ${formatCents(result.deposit.claimedCents ?? 0)}${rest > 0 ? `; ${formatCents(rest)} released` : ''}. The guest is e-mailed.`,
      });
      onDone();
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      const field = serverBody(error)?.field;
      if (field === 'amountCents' || field === 'reason') setError(field === 'reason' ? 'reason' : 'amountDollars', { message: serverMessage(error)?.replace(/^[^:]+: /, '') });
      if (error instanceof ApiError && error.status === 409) refresh();
      toast({ variant: 'destructive', title: 'Damage deposit not claimed', description: serverMessage(error) ?? 'Please try again.' });
    },
  });

  const onSubmit = handleSubmit((body) => claim.mutate(body));
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-4 grid gap-4">
      <MoneyField id={amountId} label="Amount" hint={`In dollars, at most ${formatCents(heldCents)}.`} error={errors.amountDollars} {...register('amountDollars')} />
      <ReasonField id={reasonId} label="Reason" hint="Required. The guest reads it in the e-mail." error={errors.reason} {...register('reason')} />
      <div className="flex flex-wrap justify-end gap-2">
        <Dialog.Close asChild>
          <Button type="button" variant="ghost">
            Keep the hold
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={claim.isPending}>
          {claim.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          Claim
        </Button>
      </div>
    </form>
  );
}
