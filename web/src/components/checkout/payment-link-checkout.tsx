import type { Stripe } from '@stripe/stripe-js';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Link2Off from 'lucide-react/icons/link-2-off';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { CheckoutBookingData } from '@ridgeline/core';
import { checkoutOutcomeTarget, type CheckoutOutcome } from '@/components/booking-widget/checkout-outcome';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import { fetchPaymentConfig, getStripe } from '@/lib/stripe-loader';
import { CheckoutLoadingCard } from './checkout-loading-card';
import { CheckoutPayment } from './checkout-payment';
import { dollarsText, withoutStripeReturn } from './checkout-params';
import { confirmPaymentLink, createPaymentLinkIntent, fetchPaymentLink } from './payment-link-api';
import { PaymentUnavailableCard } from './payment-unavailable-card';
import { afterLinkConfirm, afterLinkPaymentFailed, prepareLinkCheckout, type LinkCheckoutDecision, type LinkConfirmAnswer } from './prepare-link-checkout';

const realDeps = {
  fetchLink: fetchPaymentLink,
  fetchConfig: fetchPaymentConfig,
  createIntent: createPaymentLinkIntent,
  loadStripe: getStripe,
  confirm: confirmPaymentLink,
};

type Session = { phase: 'loading' } | Exclude<LinkCheckoutDecision<Stripe>, { kind: 'leave' }>;

/** Why a payment link cannot be paid, with a way home. */
function LinkMessageCard({ title, text }: { title: string; text: string }) {
  const [, navigate] = useLocation();
  return (
    <Card role="alert">
      <CardContent className="flex flex-col items-center gap-4 px-6 py-14 text-center">
        <Link2Off aria-hidden="true" className="size-9 text-muted-foreground" />
        <p className="text-lg font-medium text-navy-900">{title}</p>
        <p className="max-w-md text-sm text-muted-foreground">{text}</p>
        <Button className="mt-2" onClick={() => navigate('/')}>
          <ArrowLeft aria-hidden="true" />
          Go to the home page
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * `/checkout?link={token}` ([bookings.payment-link]): the stay of a manual booking and its
 * "Amount due", paid with the checkout's Payment Element, confirmed through the link's endpoint,
 * then home with the checkout's success toast. An unknown, paid or cancelled link shows a card
 * saying so. A payment the server answers as made on a cancelled booking shows a card saying it is
 * refunded in full, and a Pay Stripe refused because the booking was cancelled meanwhile one
 * saying nothing was charged ([money.late-payment], [money.cancel-open-payments]). Runs
 * `prepareLinkCheckout` once (StrictMode's second effect run reuses it).
 */
export function PaymentLinkCheckout({ token, search }: { token: string; search: string }) {
  const [, navigate] = useLocation();
  const [entry] = useState(search);
  const [session, setSession] = useState<Session>({ phase: 'loading' });
  const started = useRef<Promise<LinkCheckoutDecision<Stripe>> | undefined>(undefined);
  /** The server's answer to the confirm of this payment, read once the form settled. */
  const confirmed = useRef<LinkConfirmAnswer | undefined>(undefined);

  useEffect(() => {
    let live = true;
    started.current ??= prepareLinkCheckout(token, entry, realDeps);
    void started.current.then((decision) => {
      if (!live) return;
      if (decision.kind === 'leave') {
        const target = checkoutOutcomeTarget(decision.outcome);
        navigate(target.path, { replace: true, state: target.state });
        return;
      }
      if (decision.kind === 'ready' && decision.retry) {
        navigate(`/checkout${withoutStripeReturn(entry)}`, { replace: true });
        toast({ variant: 'destructive', title: 'Payment Failed', description: 'Your payment was not completed. Please try again or use another payment method.' });
      }
      setSession(decision);
    });
    return () => {
      live = false;
    };
  }, [token, entry, navigate]);

  if ('phase' in session) return <CheckoutLoadingCard />;
  if (session.kind === 'unavailable') return <PaymentUnavailableCard />;
  if (session.kind === 'message') return <LinkMessageCard title={session.title} text={session.text} />;
  const { view } = session;
  const bookingData: CheckoutBookingData = {
    checkin: view.checkin,
    checkout: view.checkout,
    guests: view.guests,
    firstName: view.firstName,
    lastName: view.lastName,
    email: '',
    phone: '',
    message: '',
    specialRequests: '',
  };
  const leave = (outcome: CheckoutOutcome) => {
    const target = checkoutOutcomeTarget(outcome);
    navigate(target.path, { replace: true, state: target.state });
  };
  return (
    <CheckoutPayment
      stripe={session.stripe}
      intent={session.intent}
      bookingData={bookingData}
      onPaid={async (paymentIntentId) => {
        confirmed.current = await confirmPaymentLink(token, paymentIntentId);
      }}
      onSettled={(ok) => {
        const next = ok && confirmed.current ? afterLinkConfirm(confirmed.current) : ({ kind: 'leave', outcome: 'booking' } as const);
        if (next.kind === 'leave') leave(next.outcome);
        else setSession(next);
      }}
      onFailed={() => {
        // Refused because the booking was cancelled meanwhile? The link says ([money.cancel-open-payments]).
        void fetchPaymentLink(token).then((link) => {
          const refused = afterLinkPaymentFailed(link);
          if (refused) setSession(refused);
        });
      }}
      totalLabel="Amount due"
      note={view.amountDueCents < view.quote.totalCents ? `What is left of your stay's total, ${dollarsText(view.quote.totalCents)}.` : 'Includes every fee and tax of your stay.'}
    />
  );
}
