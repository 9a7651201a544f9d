import type { BookingKind } from '@ridgeline/core';
import { Badge } from '@/components/ui/badge';

/** The owner's word for who made a booking ([bookings.kinds]); a guest's own checkout has none. */
export const BOOKING_KIND_LABELS: Readonly<Record<Exclude<BookingKind, 'direct'>, string>> = {
  manual: 'Phone booking',
  owner: 'Owner stay',
};

/** "Phone booking" or "Owner stay" beside a booking the owner made; nothing for a direct one. */
export function BookingKindBadge({ kind }: { kind: BookingKind }) {
  if (kind === 'direct') return null;
  return <Badge variant="outline">{BOOKING_KIND_LABELS[kind]}</Badge>;
}
