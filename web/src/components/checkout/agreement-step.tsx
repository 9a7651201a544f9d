import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { agreementReady, agreementSignatureSchema, type AgreementSignature, type CheckoutBookingData } from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { BookingSummary } from './booking-summary';
import type { CheckoutAgreement } from './prepare-checkout';

export interface AgreementStepProps {
  agreement: CheckoutAgreement;
  bookingData: CheckoutBookingData;
  /** What the guest was shown, in cents. */
  amountCents: number;
  /** The agreement was replaced since the guest last saw it. */
  changed?: boolean | undefined;
  onAccept: (signature: AgreementSignature) => void;
}

/** The step's form: the box ticked and the name the server's schema accepts (non-blank). */
const acceptSchema = z.object({
  agreed: z.literal(true, { message: 'Tick the box to agree to the rental agreement' }),
  signedName: agreementSignatureSchema.shape.signedName.min(1, 'Type your full name'),
});
type AcceptValues = z.input<typeof acceptSchema>;

/**
 * The rental agreement before paying ([agreement.checkout]): its text in a scrollable region
 * headed "Rental agreement", "I agree to the rental agreement" and "Type your full name"; the
 * button that goes on to the card payment stays disabled until both are done. The payment (and
 * the hold on the nights) starts only then, with `{ version, signedName }`.
 */
export function AgreementStep({ agreement, bookingData, amountCents, changed, onAccept }: AgreementStepProps) {
  const id = useId();
  const form = useForm<AcceptValues, unknown, z.output<typeof acceptSchema>>({
    resolver: zodResolver(acceptSchema),
    defaultValues: { agreed: false as unknown as true, signedName: '' },
  });
  const agreed = useWatch({ control: form.control, name: 'agreed' }) === true;
  const signedName = useWatch({ control: form.control, name: 'signedName' }) ?? '';
  const ready = agreementReady(agreement.version, agreed, signedName);
  const submit = form.handleSubmit((values) => onAccept({ version: agreement.version, signedName: values.signedName }));
  return (
    <div className="grid items-start gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,20rem)] lg:gap-8">
      <div className="md:col-start-2 md:row-start-1">
        <BookingSummary bookingData={bookingData} amountCents={amountCents} />
      </div>
      <Card className="md:col-start-1 md:row-start-1">
        <CardHeader>
          <h2 id={`${id}-heading`} className="text-lg font-semibold leading-tight tracking-tight">
            Rental agreement
          </h2>
          <p className="text-sm text-muted-foreground">Please read the house rules and rental agreement (version {agreement.version}) before paying.</p>
          {changed ? (
            <p role="alert" className="text-sm text-red-900">
              The rental agreement was updated. Please read it and agree again.
            </p>
          ) : null}
        </CardHeader>
        <CardContent>
          <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
            <div
              role="region"
              aria-labelledby={`${id}-heading`}
              tabIndex={0}
              className="max-h-72 overflow-y-auto whitespace-pre-wrap rounded-md border bg-muted/30 p-4 text-sm leading-relaxed focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {agreement.text}
            </div>
            <div className="flex items-start gap-2">
              <input id={`${id}-agreed`} type="checkbox" className="mt-0.5 size-4 accent-navy-900" {...form.register('agreed')} />
              <Label htmlFor={`${id}-agreed`}>I agree to the rental agreement</Label>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={`${id}-name`}>Type your full name</Label>
              <Input id={`${id}-name`} autoComplete="name" maxLength={200} {...form.register('signedName')} />
              <p className="text-xs text-muted-foreground">Typing your name signs the agreement.</p>
            </div>
            <Button type="submit" size="lg" className="w-full" disabled={!ready}>
              Continue to payment
            </Button>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
