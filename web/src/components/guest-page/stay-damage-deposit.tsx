import ShieldCheck from 'lucide-react/icons/shield-check';
import { useQuery } from '@tanstack/react-query';
import { damageDepositResponseSchema, depositSummary } from '@ridgeline/core';
import { fullDate } from '@/components/booking-widget/date-picker-days';
import { apiQuery } from '@/lib/api';
import { StaySection } from './stay-details';

/**
 * The damage deposit on the guest's page ([deposit.release]): "Damage deposit: $X held on your
 * card until <date>", released, or what was claimed and why (`GET /api/stay/{token}/damage-deposit`).
 * Nothing for a booking without a deposit, nor while it loads or if it cannot be read (the rest
 * of the page stands on its own).
 */
export function StayDamageDeposit({ stayPath }: { stayPath: string }) {
  const deposit = useQuery(apiQuery(`${stayPath}/damage-deposit`, damageDepositResponseSchema));
  const line = deposit.data ? depositSummary(deposit.data.deposit, 'guest', fullDate) : null;
  if (!line) return null;
  return (
    <StaySection title="Damage deposit">
      <p className="flex items-start gap-2 text-sm text-navy-900">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-forest-600" />
        <span>{line}</span>
      </p>
      {deposit.data?.deposit.state !== 'claimed' && deposit.data?.deposit.state !== 'failed' && (
        <p className="mt-2 text-sm text-muted-foreground">A hold on your card, not a charge: nothing is taken unless something is damaged during your stay.</p>
      )}
    </StaySection>
  );
}
