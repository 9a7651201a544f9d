import * as Dialog from '@radix-ui/react-dialog';
import TriangleAlert from 'lucide-react/icons/triangle-alert';
import X from 'lucide-react/icons/x';
import { Link } from 'wouter';
import type { Stay, StayState } from '@ridgeline/core';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { formatCalendarDate } from '../format';
import { STAY_CHANNEL_STYLE, guestLabel } from './stay-channel-style';
import { nightsOf } from './stay-nights';

/** The stay's state in the owner's words ([checkout.hold], [checkout.confirm]). */
export const STAY_STATUS_LABEL: Record<StayState, string> = {
  inquiry: 'Inquiry, not paid',
  held: 'Held while the guest pays',
  'awaiting-payment': 'Awaiting payment',
  confirmed: 'Confirmed, paid',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  imported: "From the platform's calendar",
  'owner-block': 'Closed by you',
};

export interface StayDialogProps {
  /** The stay to show; undefined keeps the dialog closed. */
  stay: Stay | undefined;
  onClose: () => void;
}

/**
 * One stay, opened from the grid or the Upcoming list ([availability.stays]): channel, guest,
 * dates, nights, status, a conflict warning, and a link to the booking when there is one. A
 * Radix Dialog: focus moves in, Escape closes, focus returns to what opened it.
 */
export function StayDialog({ stay, onClose }: StayDialogProps) {
  return (
    <Dialog.Root open={stay !== undefined} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/60" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-background p-6 shadow-xl focus:outline-none">
          {stay ? <StayDetails stay={stay} /> : null}
          <Dialog.Close asChild>
            <Button variant="ghost" size="icon" className="absolute right-3 top-3" aria-label="Close">
              <X className="size-5" aria-hidden="true" />
            </Button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function StayDetails({ stay }: { stay: Stay }) {
  const style = STAY_CHANNEL_STYLE[stay.channel];
  const nights = nightsOf(stay);
  return (
    <>
      <Dialog.Title className="pr-10 font-display text-2xl font-semibold tracking-tight text-navy-900">
        {stay.channel === 'block' ? 'Closed nights' : `${style.label} stay`}
      </Dialog.Title>
      <Dialog.Description className="mt-1 text-sm text-muted-foreground">
        {formatCalendarDate(stay.checkin)} to {formatCalendarDate(stay.checkout)}
      </Dialog.Description>
      {stay.conflict ? (
        <p role="alert" className="mt-4 flex items-start gap-2 rounded-lg border border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Conflict: another stay shares a night with this one.
        </p>
      ) : null}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="font-medium text-muted-foreground">Channel</dt>
        <dd>
          <span className={cn('inline-block rounded border px-1.5 py-0.5 text-xs font-semibold', style.band)}>{style.label}</span>
        </dd>
        <dt className="font-medium text-muted-foreground">Guest</dt>
        <dd>{guestLabel(stay)}</dd>
        <dt className="font-medium text-muted-foreground">Check-in</dt>
        <dd>{formatCalendarDate(stay.checkin)}</dd>
        <dt className="font-medium text-muted-foreground">Check-out</dt>
        <dd>{formatCalendarDate(stay.checkout)}</dd>
        <dt className="font-medium text-muted-foreground">Nights</dt>
        <dd>{nights}</dd>
        <dt className="font-medium text-muted-foreground">Status</dt>
        <dd>{STAY_STATUS_LABEL[stay.status]}</dd>
      </dl>
      {stay.bookingId !== null ? (
        <p className="mt-5">
          <Link
            to={`/admin?tab=bookings#booking-${stay.bookingId}`}
            className="font-medium text-forest-700 underline underline-offset-2 hover:text-forest-800"
          >
            Open booking #{stay.bookingId}
          </Link>
        </p>
      ) : null}
    </>
  );
}
