import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useId, useState } from 'react';
import { PROPERTY, taxFiledResponseSchema, todayIn, type TaxFiledRequest } from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { OwnerDialogContent } from '../owner-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { isUnauthorized, serverBody, serverMessage } from '../api-error';
import { formatMonth } from '../format';

/**
 * "Mark filed" for one month's return with one authority ([reports.tax-returns]): a dialog with
 * the day it was filed (today by default) sent to `PUT /api/reports/tax/filed`; the tax report
 * is read again, and the reminder e-mails for that month stop once every authority is filed.
 * A 400 shows on the date field.
 */
export function MarkFiledButton({ month, authority }: { month: string; authority: string }) {
  const [open, setOpen] = useState(false);
  const [filedOn, setFiledOn] = useState(() => todayIn(PROPERTY.timeZone));
  const [error, setError] = useState<string>();
  const id = useId();
  const queryClient = useQueryClient();
  const what = `${formatMonth(month)} with ${authority}`;
  const save = useMutation({
    mutationFn: (body: TaxFiledRequest) =>
      apiSend('PUT', '/api/reports/tax/filed', taxFiledResponseSchema, body, adminApi.area),
    onSuccess: () => {
      void queryClient.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && q.queryKey[0].startsWith('/api/reports/tax'),
      });
      toast({ title: 'Return marked filed', description: `${what}.` });
      setOpen(false);
    },
    onError: (err) => {
      if (isUnauthorized(err)) return;
      const message = serverMessage(err) ?? 'The server could not be reached. Please try again.';
      if (serverBody(err)?.field === 'filedOn') setError(message.replace(/^[^:]+: /, ''));
      else toast({ variant: 'destructive', title: 'Not marked filed', description: message });
    },
  });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        setError(undefined);
      }}
    >
      <Dialog.Trigger asChild>
        {/* Named "Mark the November 2026 with Fannin County return filed"; the visible words are in it (WCAG 2.5.3). */}
        <Button variant="outline" size="sm">
          Mark <span className="sr-only">the {what} return</span> filed
        </Button>
      </Dialog.Trigger>
      <OwnerDialogContent title="Mark return filed" width="sm" description={<>The lodging tax return of {what}.</>}>
        <form
          className="mt-4 grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!save.isPending) save.mutate({ month, authority, filedOn });
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-filed-on`}>Filed on</Label>
            <Input
              id={`${id}-filed-on`}
              type="date"
              value={filedOn}
              onChange={(e) => setFiledOn(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error && (
              <p id={`${id}-error`} className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
          <div className="flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button type="button" variant="ghost">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined}>
              {save.isPending && <LoaderCircle aria-hidden="true" className="animate-spin" />}
              Save
            </Button>
          </div>
        </form>
      </OwnerDialogContent>
    </Dialog.Root>
  );
}
