import ArrowLeft from 'lucide-react/icons/arrow-left';
import CreditCard from 'lucide-react/icons/credit-card';
import { useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';

/** [checkout.unavailable]: card payments are not configured, or Stripe.js could not be loaded. */
export function PaymentUnavailableCard() {
  const [, navigate] = useLocation();
  return (
    <Card role="alert">
      <CardContent className="flex flex-col items-center gap-4 px-6 py-14 text-center">
        <CreditCard aria-hidden="true" className="size-9 text-muted-foreground" />
        <p className="text-lg font-medium text-navy-900">Payment system unavailable. Please try again later.</p>
        <p className="max-w-md text-sm text-muted-foreground">Nothing has been charged. Your dates are not reserved until you pay.</p>
        <Button className="mt-2" onClick={() => navigate('/#booking')}>
          <ArrowLeft aria-hidden="true" />
          Return to Booking
        </Button>
      </CardContent>
    </Card>
  );
}
