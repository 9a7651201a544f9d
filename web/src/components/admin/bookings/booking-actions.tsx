import { useMutation, useQueryClient } from '@tanstack/react-query';
import CreditCard from 'lucide-react/icons/credit-card';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import Send from 'lucide-react/icons/send';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { testGuideAppResponseSchema, testPaymentResponseSchema } from '@ridgeline/core';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { BOOKING_INQUIRIES_QUERY_KEY, usePaymentsTestMode } from '../admin-queries';
import { isUnauthorized, serverMessage } from '../api-error';

/** The fallback text of [bookings.test-payment], followed by the server's reason when it gave one. */
function failureText(fallback: string, error: unknown): string {
  const reason = serverMessage(error);
  return reason ? `${fallback}: ${reason}` : fallback;
}

export interface BookingActionsProps {
  bookingId: number;
  guestName: string;
  hasPaymentIntent: boolean;
}

/**
 * The Bookings item's test buttons ([bookings.test-payment], [bookings.guide-app]), shown only
 * while Stripe runs on a test key (`GET /api/payments/config` → `testMode`): nothing on a live
 * server or one without card payments.
 */
export function BookingActions(props: BookingActionsProps) {
  return usePaymentsTestMode() ? <TestButtons {...props} /> : null;
}

function TestButtons({ bookingId, guestName, hasPaymentIntent }: BookingActionsProps) {
  const queryClient = useQueryClient();

  const testPayment = useMutation({
    mutationFn: () => apiSend('POST', '/api/test-payment', testPaymentResponseSchema, { bookingId }, adminApi.area),
    onSuccess: (result) => {
      toast({ title: 'Test Payment Created', description: result.message || `Payment intent ${result.paymentIntentId}` });
      void queryClient.invalidateQueries({ queryKey: BOOKING_INQUIRIES_QUERY_KEY });
    },
    onError: (error) => {
      // A 401 brings the login form back (useAdminSession); no toast on top of it.
      if (isUnauthorized(error)) return;
      toast({
        variant: 'destructive',
        title: 'Error',
        description: failureText('Failed to create test payment', error),
      });
    },
  });

  const testGuideApp = useMutation({
    mutationFn: () => apiSend('POST', '/api/test-guide-app', testGuideAppResponseSchema, { bookingId }, adminApi.area),
    onSuccess: (result) => {
      if (result.success) toast({ title: 'Guide App Test Success', description: result.message });
      else
        toast({
          variant: 'destructive',
          title: 'Guide App Test Failed',
          description: result.message || 'The guide app did not accept the booking.',
        });
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      toast({
        variant: 'destructive',
        title: 'Error',
        description: failureText('Failed to test guide app integration', error),
      });
    },
  });

  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={`Test actions for ${guestName}`}>
      {!hasPaymentIntent && (
        <Button variant="outline" size="sm" onClick={() => testPayment.mutate()} disabled={testPayment.isPending}>
          {testPayment.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <CreditCard aria-hidden="true" />
          )}
          Create Test Payment
        </Button>
      )}
      <Button variant="outline" size="sm" onClick={() => testGuideApp.mutate()} disabled={testGuideApp.isPending}>
        {testGuideApp.isPending ? (
          <LoaderCircle className="animate-spin" aria-hidden="true" />
        ) : (
          <Send aria-hidden="true" />
        )}
        Test Guide App
      </Button>
    </div>
  );
}
