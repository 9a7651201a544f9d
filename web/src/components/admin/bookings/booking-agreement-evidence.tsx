import Download from 'lucide-react/icons/download';
import FileSignature from 'lucide-react/icons/file-signature';
import { useState } from 'react';
import type { Booking } from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { apiFetch } from '@/lib/api-client';
import { adminApi } from '@/lib/query-client';
import { formatTimestamp } from '../format';

/**
 * A booking's rental agreement and dispute evidence in the Bookings tab ([agreement.record],
 * [dispute.evidence]): the agreement its guest accepted (version, typed name, time, IP, browser)
 * with a link to that version's exact text, and "Download evidence pack" (a PDF) on any paid or
 * disputed booking.
 */
export function BookingAgreementEvidence({ booking }: { booking: Booking }) {
  const [downloading, setDownloading] = useState(false);
  const agreement = booking.agreement;
  const name = `${booking.firstName} ${booking.lastName}`.trim();
  const evidence = booking.amountPaidCents > 0 || booking.disputeStatus !== null;
  if (!agreement && !evidence) return null;

  async function download() {
    setDownloading(true);
    try {
      const res = await apiFetch(`/api/bookings/${booking.id}/evidence`, { credentials: 'include' }, adminApi.area);
      if (!res.ok) throw new Error(`The server answered ${res.status}`);
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `evidence-booking-${booking.id}.pdf`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      toast({ title: 'Evidence pack downloaded', description: `evidence-booking-${booking.id}.pdf` });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Evidence pack not downloaded', description: err instanceof Error ? err.message : 'Please try again.' });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section aria-label={`Rental agreement and evidence for ${name}`} className="grid gap-2 rounded-lg border p-3 text-sm">
      {agreement ? (
        <p>
          <FileSignature aria-hidden="true" className="mr-1 inline size-4 align-text-bottom text-forest-700" />
          Agreed to{' '}
          <a
            href={`/rental-agreement?version=${agreement.version}`}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-forest-700 underline underline-offset-4"
          >
            rental agreement version {agreement.version}
          </a>{' '}
          as “{agreement.signedName}”, <time dateTime={agreement.signedAt}>{formatTimestamp(agreement.signedAt)}</time>, from {agreement.ipAddress || 'an unknown address'}
          <span className="block break-all text-xs text-muted-foreground">{agreement.userAgent}</span>
        </p>
      ) : null}
      {booking.disputeStatus ? <p className="font-medium text-red-900">Dispute: {booking.disputeStatus.replace(/_/g, ' ')}</p> : null}
      {evidence ? (
        <div>
          <Button variant="outline" size="sm" onClick={() => void download()} disabled={downloading} aria-busy={downloading || undefined}>
            <Download aria-hidden="true" />
            {downloading ? 'Preparing…' : 'Download evidence pack'}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
