import { useMutation, useQueryClient } from '@tanstack/react-query';
import Copy from 'lucide-react/icons/copy';
import Link2 from 'lucide-react/icons/link-2';
import LoaderCircle from 'lucide-react/icons/loader-circle';
import { useId, useState } from 'react';
import { amountDueCents, formatCents, paymentLinkNotice, paymentLinkSentResponseSchema, type Booking } from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { ToastAction } from '@/components/ui/toast';
import { toast } from '@/hooks/use-toast';
import { apiSend } from '@/lib/api';
import { adminApi } from '@/lib/query-client';
import { BOOKING_INQUIRIES_QUERY_KEY } from '../admin-queries';
import { isUnauthorized, serverMessage } from '../api-error';

/** Copies `url`, telling the owner whether it worked (a browser may refuse the clipboard). */
async function copyLink(url: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(url);
    toast({ title: 'Link copied', description: url });
  } catch {
    toast({ variant: 'destructive', title: 'Could not copy the link', description: 'Select the link and copy it yourself.' });
  }
}

/**
 * "Send payment link" on a manual booking with something left to pay ([bookings.payment-link]):
 * the server makes (or keeps) the link and e-mails it when the booking has an address; the toast
 * says what became of the e-mail ([notices.honest]: sent, or "Not sent: e-mail is not set up:
 * copy the link…") with the link and a "Copy link" action, and the link and that status stay
 * shown under the button.
 * Renders nothing for other bookings.
 */
export function PaymentLinkButton({ booking }: { booking: Booking }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [link, setLink] = useState<{ url: string; notice: string } | undefined>(undefined);
  const due = amountDueCents(booking);
  const send = useMutation({
    mutationFn: () => apiSend('POST', `/api/bookings/${booking.id}/payment-link`, paymentLinkSentResponseSchema, undefined, adminApi.area),
    onSuccess: (result) => {
      // [notices.honest]: "E-mailed" only when the mailer accepted it.
      const notice = paymentLinkNotice(result.mail, booking.email);
      setLink({ url: result.url, notice: notice.description });
      toast({
        title: notice.title,
        description: `${notice.description}. ${formatCents(result.amountDueCents)} due: ${result.url}`,
        action: (
          <ToastAction altText="Copy link" onClick={() => void copyLink(result.url)}>
            Copy link
          </ToastAction>
        ),
      });
      void queryClient.invalidateQueries({ queryKey: BOOKING_INQUIRIES_QUERY_KEY });
    },
    onError: (error) => {
      if (isUnauthorized(error)) return;
      toast({ variant: 'destructive', title: 'Could not send the payment link', description: serverMessage(error) ?? 'The server could not be reached. Please try again.' });
    },
  });
  if (due <= 0) return null;

  return (
    <div className="grid w-full gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => send.mutate()} disabled={send.isPending}>
          {send.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Link2 aria-hidden="true" />}
          Send payment link
        </Button>
        <span className="text-sm text-muted-foreground">{formatCents(due)} due</span>
      </div>
      {link && <p className="text-sm" role="status">{link.notice}.</p>}
      {link && (
        <div className="flex max-w-xl items-center gap-2">
          <label htmlFor={`${id}-link`} className="sr-only">
            Payment link
          </label>
          <Input id={`${id}-link`} readOnly value={link.url} onFocus={(event) => event.currentTarget.select()} className="font-mono text-xs" />
          <Button variant="outline" size="sm" onClick={() => void copyLink(link.url)}>
            <Copy aria-hidden="true" />
            Copy link
          </Button>
        </div>
      )}
    </div>
  );
}
