import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  changeBookingResponseSchema,
  formatCents,
  OFFLINE_METHOD_LABELS,
  OFFLINE_METHODS,
  refusedRefundOfflineFormSchema,
  type ChangeRefundRequest,
  type RefusedRefundOfflineForm,
} from '@ridgeline/core';
import { FieldError, fieldErrorProps } from '@/components/forms/field-error';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { cn } from '@/lib/utils';
import { BOOKING_INQUIRIES_QUERY_KEY } from '../admin-queries';
import { isUnauthorized, serverMessage } from '../api-error';
import { OwnerDialogContent } from '../owner-dialog';

/**
 * What the owner does with a change's refund that Stripe refused ([booking.change-refund-refused]),
 * in the Money section: **Retry refund** asks the cards again; **Record as refunded offline** opens a
 * dialog (Method, Note) for money given back by cash, check or bank transfer. Both send
 * `POST /api/bookings/{id}/changes/{changeId}/refund`; the answer's message is the toast, and the
 * booking's reads (ledger, list, history) reload.
 */
export function RefusedRefundActions({ bookingId, changeId, refusedCents }: { bookingId: number; changeId: number; refusedCents: number }) {
  const [open, setOpen] = useState(false);
  const settle = useSettleRefused(bookingId, changeId, () => setOpen(false));
  const amount = formatCents(refusedCents);
  return (
    <span className="ml-1 inline-flex flex-wrap gap-2 align-middle">
      <Button
        type="button"
        size="sm"
        variant="outline"
        disabled={settle.isPending}
        aria-busy={settle.isPending || undefined}
        aria-label={`Retry refund of ${amount}`}
        onClick={() => settle.mutate({ action: 'retry' })}
      >
        {settle.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
        Retry refund
      </Button>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger asChild>
          <Button type="button" size="sm" variant="outline" aria-label={`Record ${amount} as refunded offline`}>
            Record as refunded offline
          </Button>
        </Dialog.Trigger>
        <OwnerDialogContent title="Record as refunded offline" description={<>{amount} the card refused, given back to the guest outside Stripe.</>}>
          {open && <OfflineForm pending={settle.isPending} onSubmit={(form) => settle.mutate({ action: 'offline', method: form.method, ...(form.note ? { note: form.note } : {}) })} />}
        </OwnerDialogContent>
      </Dialog.Root>
    </span>
  );
}

function useSettleRefused(bookingId: number, changeId: number, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangeRefundRequest) => apiSend('POST', `/api/bookings/${bookingId}/changes/${changeId}/refund`, changeBookingResponseSchema, body, adminApi.area),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: BOOKING_INQUIRIES_QUERY_KEY });
      void queryClient.invalidateQueries({ predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith(`/api/bookings/${bookingId}/`) });
      const settled = answer.settlement.status === 'settled';
      toast({ ...(settled ? {} : { variant: 'destructive' as const }), title: settled ? 'Refund settled' : 'Refund not settled', description: answer.settlement.message });
      onDone();
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      toast({ variant: 'destructive', title: 'Not settled', description: serverMessage(error) ?? 'The server could not be reached. Please try again.' });
    },
  });
}

function OfflineForm({ pending, onSubmit }: { pending: boolean; onSubmit: (form: RefusedRefundOfflineForm) => void }) {
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RefusedRefundOfflineForm>({ resolver: zodResolver(refusedRefundOfflineFormSchema), defaultValues: { method: 'check', note: '' } });
  const submit = handleSubmit((form) => {
    if (!pending) onSubmit(form);
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Record as refunded offline" className="mt-4 grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-method`}>Method</Label>
        <select
          id={`${id}-method`}
          className={cn('h-10 w-full rounded-md border border-input bg-card px-3 text-sm shadow-sm', 'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring')}
          {...register('method')}
          {...fieldErrorProps(errors.method, `${id}-method-error`)}
        >
          {OFFLINE_METHODS.map((m) => (
            <option key={m} value={m}>
              {OFFLINE_METHOD_LABELS[m]}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-method-error`} label="Method" error={errors.method} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-note`}>Note</Label>
        <Textarea id={`${id}-note`} maxLength={500} placeholder="e.g. check no. 1042" {...register('note')} {...fieldErrorProps(errors.note, `${id}-note-error`)} />
        <FieldError id={`${id}-note-error`} label="Note" error={errors.note} />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Dialog.Close asChild>
          <Button type="button" variant="ghost">
            Cancel
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          Record refund
        </Button>
      </div>
    </form>
  );
}
