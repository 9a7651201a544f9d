import LoaderCircle from 'lucide-react/icons/loader-circle';
import { Card, CardContent } from '@/components/ui/card';

/** [checkout.loading]: shown until the payment intent exists. */
export function CheckoutLoadingCard() {
  return (
    <Card aria-busy="true">
      <CardContent className="flex flex-col items-center gap-4 px-6 py-16 text-center">
        <LoaderCircle aria-hidden="true" className="size-8 animate-spin text-forest-600 motion-reduce:animate-none" />
        <p role="status" className="text-lg font-medium text-navy-900">
          Preparing your booking details...
        </p>
      </CardContent>
    </Card>
  );
}
