import * as Dialog from '@radix-ui/react-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Banknote from 'lucide-react/icons/banknote';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  bookingLedgerResponseSchema,
  formatCents,
  OFFLINE_METHOD_LABELS,
  OFFLINE_METHODS,
  offlinePaymentFormSchema,
  type BookingLedgerResponse,
  type OfflinePaymentRequest,
} from '@ridgeline/core';
import { FieldError, fieldErrorProps } from '@/components/forms/field-error';
import { Button } from '@/components/ui/button';
import { OwnerDialogContent } from '../owner-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { cn } from '@/lib/utils';
import { BOOKING_INQUIRIES_QUERY_KEY } from '../admin-queries';
import { isUnauthorized, serverBody, serverMessage } from '../api-error';
import { bookingLedgerPath } from './ledger-queries';

/** The form's fields as typed: `offlinePaymentFormSchema`'s input (the amount in dollars). */
type FormValues = z.input<typeof offlinePaymentFormSchema>;

const EMPTY: FormValues = { kind: 'payment', method: 'cash', amount: '', note: '', asCredit: false };

const KINDS = [
  { value: 'payment', label: 'Payment received' },
  { value: 'refund', label: 'Refund given back' },
] as const;

/** The form's field of each field the server's 400 names (`{ error, field }`). */
const SERVER_FIELDS: Readonly<Record<string, keyof FormValues>> = {
  kind: 'kind',
  method: 'method',
  amountCents: 'amount',
  note: 'note',
  asCredit: 'asCredit',
};

/**
 * "Record offline money" ([money.offline]): a dialog (Radix: focus trapped, Escape closes) for
 * money the owner received or gave back outside Stripe — payment or refund, method (cash, check,
 * bank transfer, other), amount in dollars, a note, and whether a payment above what is due is
 * kept as the guest's credit — checked with `offlinePaymentFormSchema` and sent to
 * `POST /api/bookings/{id}/offline-payments`. Recorded: a toast says what, the dialog closes, the
 * ledger shows the answer and the booking's other reads (list, history, refund quote) reload. A
 * 400 shows on the field it names (and takes the focus); anything else, such as a 409 (a
 * cancelled booking's payment), in a toast.
 */
export function RecordOfflineMoneyButton({
  bookingId,
  guestName,
  onRecorded,
}: {
  bookingId: number;
  guestName: string;
  onRecorded?: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <Button variant="outline" size="sm" aria-label={`Record offline money for ${guestName}`}>
          <Banknote aria-hidden="true" />
          Record offline money
        </Button>
      </Dialog.Trigger>
      <OwnerDialogContent
        title="Record offline money"
        description={
          <>
            {guestName}: money received or given back outside Stripe, by cash, check or bank transfer. Card payments are
            recorded by themselves.
          </>
        }
      >
        {open && (
          <OfflineMoneyForm
            bookingId={bookingId}
            onDone={() => {
              setOpen(false);
              onRecorded?.();
            }}
          />
        )}
      </OwnerDialogContent>
    </Dialog.Root>
  );
}

/** What the toast says was recorded: "$500.00 paid by check." */
function recordedText(body: OfflinePaymentRequest, ledger: BookingLedgerResponse): string {
  const how = OFFLINE_METHOD_LABELS[body.method].toLowerCase();
  const amount = formatCents(body.amountCents);
  if (body.kind === 'refund') return `${amount} given back by ${how}.`;
  return `${amount} paid by ${how}.${ledger.creditCents > 0 ? ` ${formatCents(ledger.creditCents)} is kept as the guest's credit.` : ''}`;
}

export function OfflineMoneyForm({ bookingId, onDone }: { bookingId: number; onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<FormValues, unknown, OfflinePaymentRequest>({
    resolver: zodResolver(offlinePaymentFormSchema),
    defaultValues: EMPTY,
    // The credit box leaves the form with a refund, and its value with it.
    shouldUnregister: true,
  });
  const kind = useWatch({ control, name: 'kind' });
  const ledgerPath = bookingLedgerPath(bookingId);

  const record = useMutation({
    mutationFn: (body: OfflinePaymentRequest) =>
      apiSend('POST', `/api/bookings/${bookingId}/offline-payments`, bookingLedgerResponseSchema, body, adminApi.area),
    onSuccess: (ledger, body) => {
      queryClient.setQueryData([ledgerPath], ledger);
      // The amounts changed: the list's paid status and quote, the history, the refund quote.
      void queryClient.invalidateQueries({ queryKey: BOOKING_INQUIRIES_QUERY_KEY });
      void queryClient.invalidateQueries({
        predicate: (q) =>
          typeof q.queryKey[0] === 'string' &&
          q.queryKey[0].startsWith(`/api/bookings/${bookingId}/`) &&
          q.queryKey[0] !== ledgerPath,
      });
      toast({
        title: body.kind === 'payment' ? 'Offline payment recorded' : 'Offline refund recorded',
        description: recordedText(body, ledger),
      });
      onDone();
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      const field = serverBody(error)?.field;
      const formField = typeof field === 'string' ? SERVER_FIELDS[field] : undefined;
      // The server writes "field: message"; the field's own label stands for the field name.
      if (formField) {
        // The field says it, and takes the focus: no toast over the dialog repeating it.
        setError(formField, { message: serverMessage(error)?.replace(/^[^:]+: /, '') }, { shouldFocus: true });
        return;
      }
      toast({
        variant: 'destructive',
        title: 'Not recorded',
        description: serverMessage(error) ?? 'The server could not be reached. Please try again.',
      });
    },
  });

  const onSubmit = handleSubmit((body) => {
    if (!record.isPending) record.mutate(body);
  });
  const f = (name: keyof FormValues) => ({ id: `${id}-${name}`, errorId: `${id}-${name}-error` });

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Record offline money" className="mt-4 grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Type</legend>
        <div className="flex flex-wrap gap-4">
          {KINDS.map((k) => (
            <div key={k.value} className="flex items-center gap-2">
              <input
                id={`${id}-kind-${k.value}`}
                type="radio"
                value={k.value}
                className="size-4 accent-forest-700"
                {...register('kind')}
              />
              <label htmlFor={`${id}-kind-${k.value}`} className="cursor-pointer text-sm">
                {k.label}
              </label>
            </div>
          ))}
        </div>
        <FieldError id={f('kind').errorId} label="Type" error={errors.kind} />
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor={f('method').id}>Method</Label>
        <select
          id={f('method').id}
          className={cn(
            'h-10 w-full rounded-md border border-input bg-card px-3 text-sm shadow-sm',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          )}
          {...register('method')}
          {...fieldErrorProps(errors.method, f('method').errorId)}
        >
          {OFFLINE_METHODS.map((m) => (
            <option key={m} value={m}>
              {OFFLINE_METHOD_LABELS[m]}
            </option>
          ))}
        </select>
        <FieldError id={f('method').errorId} label="Method" error={errors.method} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={f('amount').id}>Amount ($)</Label>
        <Input
          id={f('amount').id}
          inputMode="decimal"
          placeholder="0.00"
          autoComplete="off"
          {...register('amount')}
          {...fieldErrorProps(errors.amount, f('amount').errorId)}
        />
        <FieldError id={f('amount').errorId} label="Amount" error={errors.amount} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={f('note').id}>Note</Label>
        <Textarea
          id={f('note').id}
          maxLength={500}
          placeholder="e.g. check no. 1042"
          {...register('note')}
          {...fieldErrorProps(errors.note, f('note').errorId)}
        />
        <FieldError id={f('note').errorId} label="Note" error={errors.note} />
      </div>
      {kind === 'payment' && (
        <div className="grid gap-1">
          <div className="flex items-start gap-2">
            <input
              id={f('asCredit').id}
              type="checkbox"
              className="mt-0.5 size-4 accent-forest-700"
              aria-describedby={`${f('asCredit').id}-hint`}
              {...register('asCredit')}
            />
            <label htmlFor={f('asCredit').id} className="cursor-pointer text-sm">
              Keep the extra as the guest&apos;s credit
            </label>
          </div>
          <p id={`${f('asCredit').id}-hint`} className="pl-6 text-xs text-muted-foreground">
            Only for a payment above what is left to pay: without it, such an amount is refused.
          </p>
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Dialog.Close asChild>
          <Button type="button" variant="ghost">
            Cancel
          </Button>
        </Dialog.Close>
        <Button type="submit" disabled={record.isPending} aria-busy={record.isPending || undefined}>
          {record.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
          Record
        </Button>
      </div>
    </form>
  );
}
