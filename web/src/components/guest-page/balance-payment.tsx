import { Elements } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { useQueryClient } from '@tanstack/react-query';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useState } from 'react';
import { balanceConfirmResponseSchema, balanceIntentResponseSchema, formatCents, type BalanceState, type CheckoutBookingData } from '@ridgeline/core';
import { PaymentForm } from '@/components/checkout/payment-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { apiSend } from '@/lib/api';
import { fetchPaymentConfig, getStripe } from '@/lib/stripe-loader';

type Phase = { kind: 'idle' } | { kind: 'starting' } | { kind: 'paying'; stripe: Stripe; clientSecret: string; amountCents: number } | { kind: 'failed'; message: string } | { kind: 'paid' };

const longDate = (date: string) => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/**
 * [payments.balance]: the guest page's "Pay balance" section while a balance is due — scheduled
 * (it may be paid early) or after a failed automatic charge. "Pay balance" creates the balance's
 * PaymentIntent (`POST /api/stay/{token}/balance-intent`), then the checkout's Payment Element
 * pays it (3-D Secure when the bank asks) and `POST /api/stay/{token}/balance-confirm` records it;
 * the page's data is read again (`refreshKey`).
 */
export function BalancePayment({ token, balance, stay, refreshKey }: { token: string; balance: Pick<BalanceState, 'status' | 'amountCents' | 'dueDate'>; stay: Pick<CheckoutBookingData, 'checkin' | 'checkout' | 'guests'>; refreshKey?: readonly unknown[] }) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  if (balance.status === 'paid' || balance.status === 'cancelled' || phase.kind === 'paid') {
    return balance.status === 'paid' || phase.kind === 'paid' ? (
      <Card role="region" aria-labelledby="balance-heading">
        <CardHeader>
          <h2 id="balance-heading" className="text-lg font-semibold">
            Balance paid
          </h2>
          <p className="text-sm text-muted-foreground">{formatCents(balance.amountCents)} — nothing more is due.</p>
        </CardHeader>
      </Card>
    ) : null;
  }

  const start = async () => {
    setPhase({ kind: 'starting' });
    try {
      const config = await fetchPaymentConfig();
      if (!config.available || !config.publishableKey) throw new Error('Payment system unavailable. Please try again later.');
      const [stripe, intent] = await Promise.all([getStripe(config.publishableKey), apiSend('POST', `/api/stay/${token}/balance-intent`, balanceIntentResponseSchema)]);
      if (!stripe) throw new Error('Payment system unavailable. Please try again later.');
      setPhase({ kind: 'paying', stripe, clientSecret: intent.clientSecret, amountCents: intent.amountCents });
    } catch (err) {
      setPhase({ kind: 'failed', message: err instanceof Error ? err.message : 'We could not start the payment.' });
    }
  };
  const confirm = async (paymentIntentId: string) => {
    const answer = await apiSend('POST', `/api/stay/${token}/balance-confirm`, balanceConfirmResponseSchema, { paymentIntentId });
    if (answer.status !== 'paid') throw new Error('not yet paid');
  };
  const settled = (ok: boolean) => {
    if (ok) {
      setPhase({ kind: 'paid' });
      toast({ title: 'Balance paid', description: `Thank you: ${formatCents(balance.amountCents)} was paid. A receipt is on its way by e-mail.` });
      if (refreshKey) void queryClient.invalidateQueries({ queryKey: refreshKey });
    } else {
      toast({ variant: 'destructive', title: 'Payment not recorded yet', description: 'Your bank accepted the payment; it will show here in a few minutes.' });
    }
  };
  const bookingData: CheckoutBookingData = { ...stay, firstName: '', lastName: '', email: '', phone: '', message: '', specialRequests: '' };

  return (
    <Card role="region" aria-labelledby="balance-heading">
      <CardHeader>
        <h2 id="balance-heading" className="text-lg font-semibold">
          Pay balance
        </h2>
        <p className="text-sm text-muted-foreground">
          {balance.status === 'failed'
            ? `We could not charge the balance of ${formatCents(balance.amountCents)} to your saved card. Please pay it here; your bank may ask you to confirm.`
            : `Balance of ${formatCents(balance.amountCents)} charged automatically on ${longDate(balance.dueDate)} to the same card. You can also pay it now.`}
        </p>
      </CardHeader>
      <CardContent>
        {phase.kind === 'paying' ? (
          <Elements stripe={phase.stripe} options={{ clientSecret: phase.clientSecret }}>
            <PaymentForm bookingData={bookingData} amountCents={phase.amountCents} onPaid={confirm} onSettled={settled} />
          </Elements>
        ) : (
          <div className="grid gap-3">
            {phase.kind === 'failed' && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {phase.message}
              </p>
            )}
            <Button className="justify-self-start" onClick={() => void start()} disabled={phase.kind === 'starting'} aria-busy={phase.kind === 'starting' || undefined}>
              {phase.kind === 'starting' && <LoaderCircle aria-hidden="true" className="animate-spin" />}
              Pay balance
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
