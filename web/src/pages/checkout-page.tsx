import ArrowLeft from 'lucide-react/icons/arrow-left';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { AgreementStep } from '@/components/checkout/agreement-step';
import { CheckoutLoadingCard } from '@/components/checkout/checkout-loading-card';
import { CheckoutPayment } from '@/components/checkout/checkout-payment';
import { PaymentLinkCheckout } from '@/components/checkout/payment-link-checkout';
import { PaymentUnavailableCard } from '@/components/checkout/payment-unavailable-card';
import { useCheckoutSession } from '@/components/checkout/use-checkout-session';
import { sendFunnelEvent } from '@/hooks/use-funnel-beacon';
import { useSearch } from '@/lib/navigation';

function DirectCheckoutContent({ search }: { search: string }) {
  const session = useCheckoutSession(search);
  const started = !('phase' in session) && session.kind !== 'unavailable';
  useEffect(() => {
    // [analytics.funnel]: the checkout started once the payment form opens for this stay.
    if (started) sendFunnelEvent('checkout-started', `checkout-started|${new URLSearchParams(search).get('bookingData')}`);
  }, [started, search]);
  if ('phase' in session) return <CheckoutLoadingCard />;
  if (session.kind === 'unavailable') return <PaymentUnavailableCard />;
  if (session.kind === 'agreement')
    return (
      <AgreementStep
        agreement={session.agreement}
        bookingData={session.params.bookingData}
        amountCents={Math.round(session.params.amount * 100)}
        changed={session.changed}
        onAccept={session.accept}
      />
    );
  return <CheckoutPayment stripe={session.stripe} intent={session.intent} bookingData={session.params.bookingData} />;
}

/** A payment link's checkout (`?link={token}`, [bookings.payment-link]) or the guest's own. */
function CheckoutContent({ search }: { search: string }) {
  const link = new URLSearchParams(search).get('link');
  return link ? <PaymentLinkCheckout token={link} search={search} /> : <DirectCheckoutContent search={search} />;
}

/**
 * /checkout ([checkout.entry], [checkout.loading]): reads `bookingData` and `amount`, shows "Preparing your booking
 * details..." while the payment intent is created, then the booking summary and Stripe's Payment
 * Element with "Pay $X". Leaves for `/` when the entry is invalid or the payment cannot start.
 * With `?link={token}` it pays a manual booking's amount due instead ([bookings.payment-link]).
 */
export default function CheckoutPage() {
  const search = useSearch();
  // One checkout per stay and amount: cleaning Stripe's return parameters off the URL keeps it.
  const params = new URLSearchParams(search);
  const identity = `${params.get('link')}|${params.get('bookingData')}|${params.get('amount')}`;
  return (
    <main id="main" tabIndex={-1} className="mx-auto min-h-svh max-w-5xl px-4 pb-20 pt-28 focus:outline-none sm:px-6 lg:px-8">
      <Link to="/#booking" className="inline-flex items-center gap-1.5 text-sm font-medium text-forest-700 underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to booking
      </Link>
      <h1 className="mt-4 font-display text-3xl font-semibold tracking-tight text-navy-900 sm:text-4xl">Checkout</h1>
      <p className="mt-2 text-muted-foreground">Review your stay and pay securely to confirm it.</p>
      <div className="mt-8">
        <CheckoutContent key={identity} search={search} />
      </div>
    </main>
  );
}
