import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { agreementTextSchema, currentRentalAgreementResponseSchema, settingsResponseSchema } from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { apiQuery, apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { serverMessage } from '../api-error';
import { SETTINGS_QUERY_KEY } from './settings-queries';

export const RENTAL_AGREEMENT_QUERY_KEY = ['/api/rental-agreement'] as const;

/** The publish form: the `rentalAgreement` field of `PUT /api/settings`, not blank. */
const publishSchema = z.object({ rentalAgreement: agreementTextSchema.min(1, 'Write the agreement before publishing it') });
type PublishValues = z.input<typeof publishSchema>;

/** When a version was published, as the owner reads it (their browser's zone). */
const publishedOn = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * [agreement.publish]: the house rules and rental agreement guests accept at the checkout. The
 * current version and its date; "Publish new version" publishes the text as version N+1 (a
 * published version is never edited; the same text publishes nothing).
 */
export function RentalAgreementSection() {
  const id = useId();
  const queryClient = useQueryClient();
  const current = useQuery(apiQuery(RENTAL_AGREEMENT_QUERY_KEY[0], currentRentalAgreementResponseSchema));
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10 grid gap-4 rounded-lg border p-4 sm:p-6">
      <div>
        <h3 id={`${id}-heading`} className="text-lg font-semibold">
          Rental agreement
        </h3>
        <p className="text-sm text-muted-foreground">
          House rules and the rental agreement guests must accept, with their typed name, before paying. Each publish is a new version; bookings keep the version their guest agreed to.
        </p>
      </div>
      {current.isPending ? (
        <p aria-busy="true" className="text-sm text-muted-foreground">
          Loading the rental agreement…
        </p>
      ) : current.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm text-red-900">
          <p>The rental agreement could not be loaded.</p>
          <Button variant="outline" onClick={() => void current.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <PublishForm
          key={current.data.version ?? 0}
          version={current.data.version}
          publishedAt={current.data.publishedAt}
          text={current.data.text}
          onPublished={() => {
            void queryClient.invalidateQueries({ queryKey: RENTAL_AGREEMENT_QUERY_KEY });
            void queryClient.invalidateQueries({ queryKey: SETTINGS_QUERY_KEY });
          }}
        />
      )}
    </section>
  );
}

function PublishForm({ version, publishedAt, text, onPublished }: { version: number | null; publishedAt: string | null; text: string; onPublished: () => void }) {
  const id = useId();
  const form = useForm<PublishValues, unknown, z.output<typeof publishSchema>>({ resolver: zodResolver(publishSchema), defaultValues: { rentalAgreement: text } });
  const error = form.formState.errors.rentalAgreement?.message;
  const publish = useMutation({
    mutationFn: (values: z.output<typeof publishSchema>) => apiSend('PUT', '/api/settings', settingsResponseSchema, values, adminApi.area),
    onSuccess: (_saved, values) => {
      onPublished();
      toast({
        title: values.rentalAgreement === text ? 'No new version' : 'Rental agreement published',
        description: values.rentalAgreement === text ? 'The text is the current version already.' : 'New checkouts ask guests to accept it.',
      });
    },
    onError: (err) => toast({ variant: 'destructive', title: 'Rental agreement not published', description: serverMessage(err) ?? 'Please try again.' }),
  });
  const submit = form.handleSubmit((values) => publish.mutate(values));
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-3" aria-label="Rental agreement">
      <p className="text-sm" data-testid="agreement-current">
        {version === null ? 'No rental agreement is published: guests pay without one.' : `Current: version ${version}, published ${publishedOn(publishedAt ?? '')}.`}
      </p>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-text`}>House rules and rental agreement</Label>
        <Textarea
          id={`${id}-text`}
          rows={12}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register('rentalAgreement')}
        />
        {error ? (
          <p id={`${id}-error`} className="text-sm text-red-900">
            {error}
          </p>
        ) : null}
      </div>
      <div>
        <Button type="submit" disabled={publish.isPending} aria-busy={publish.isPending || undefined}>
          {publish.isPending ? 'Publishing…' : 'Publish new version'}
        </Button>
      </div>
    </form>
  );
}
