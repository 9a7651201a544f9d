import { useId } from 'react';
import { describeCancellationPolicy, type CancellationPolicy } from '@ridgeline/core';
import { cn } from '@/lib/utils';

export interface CancellationPolicyNoteProps {
  policy: CancellationPolicy;
  /** YYYY-MM-DD: each sentence names its last day */
  checkin?: string | undefined;
  /** HH:MM: a "before check-in" tier names the check-in time of that day */
  checkInTime?: string | undefined;
  className?: string;
}

/**
 * The cancellation policy for guests ([cancel.policy]) under a "Cancellation policy" heading:
 * one sentence per tier (`describeCancellationPolicy`), shown in the booking section, at checkout
 * and on the guest's page.
 */
export function CancellationPolicyNote({ policy, checkin, checkInTime, className }: CancellationPolicyNoteProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('grid gap-1 text-sm', className)}>
      <h3 id={headingId} className="font-medium text-navy-900">
        Cancellation policy
      </h3>
      <ul className="grid gap-1 text-muted-foreground">
        {describeCancellationPolicy(policy, checkin, checkInTime).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
