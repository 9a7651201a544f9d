import { useMutation, useQueryClient } from '@tanstack/react-query';
import Check from 'lucide-react/icons/check';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import X from 'lucide-react/icons/x';
import { useState } from 'react';
import { bookingRequestAcceptResponseSchema, bookingRequestDeclineResponseSchema, formatCents, paymentLinkNotice, type Booking } from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { BOOKING_INQUIRIES_QUERY_KEY } from '../admin-queries';
import { isUnauthorized, serverMessage } from '../api-error';

/**
 * **Accept** and **Decline** on a guest's request to book ([booking.request]): a direct booking
 * without payment that is not cancelled. Accept books the nights for the guest and, when
 * payments work, sends the payment link (shown here to copy); Decline e-mails the guest. The
 * toasts say what the server did (e-mailed or not). Renders nothing for other bookings.
 */
export function RequestDecision({ booking }: { booking: Booking }) {
  const queryClient = useQueryClient();
  const [link, setLink] = useState<string | undefined>(undefined);
  const done = () => void queryClient.invalidateQueries({ queryKey: BOOKING_INQUIRIES_QUERY_KEY });
  const failed = (title: string) => (error: Error) => {
    if (isUnauthorized(error)) return;
    toast({ variant: 'destructive', title, description: serverMessage(error) ?? 'The server could not be reached. Please try again.' });
  };
  const accept = useMutation({
    mutationFn: () => apiSend('POST', `/api/bookings/${booking.id}/request/accept`, bookingRequestAcceptResponseSchema, undefined, adminApi.area),
    onSuccess: ({ paymentLink }) => {
      if (paymentLink) setLink(paymentLink.url);
      toast({
        title: 'Request accepted',
        description: paymentLink
          ? `${paymentLinkNotice(paymentLink.mail, booking.email).description}. ${formatCents(paymentLink.amountDueCents)} due: ${paymentLink.url}`
          : 'The nights are booked. Card payments are not set up, so no payment link was sent.',
      });
      done();
    },
    onError: failed('Could not accept the request'),
  });
  const decline = useMutation({
    mutationFn: () => apiSend('POST', `/api/bookings/${booking.id}/request/decline`, bookingRequestDeclineResponseSchema, undefined, adminApi.area),
    onSuccess: ({ emailed }) => {
      toast({ title: 'Request declined', description: emailed ? `The guest was e-mailed at ${booking.email}.` : 'The guest was not e-mailed: e-mail is not set up or failed.' });
      done();
    },
    onError: failed('Could not decline the request'),
  });
  if (link) {
    return (
      <p className="text-sm">
        Payment link: <span className="break-all font-mono text-xs">{link}</span>
      </p>
    );
  }
  if (booking.kind !== 'direct' || booking.status !== 'inquiry') return null;
  const busy = accept.isPending || decline.isPending;
  return (
    <div role="group" aria-label="Request to book" className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-navy-900">Request to book: nothing paid, no night held.</span>
      <Button size="sm" onClick={() => accept.mutate()} disabled={busy}>
        {accept.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
        Accept
      </Button>
      <Button variant="outline" size="sm" onClick={() => decline.mutate()} disabled={busy}>
        {decline.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <X aria-hidden="true" />}
        Decline
      </Button>
    </div>
  );
}
