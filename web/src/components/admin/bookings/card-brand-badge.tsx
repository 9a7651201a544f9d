import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** Card brands with badges ([bookings.payment-details]), in each network's own colours. */
const BRANDS: Record<string, { label: string; className: string }> = {
  visa: { label: 'Visa', className: 'bg-[#1a1f71] text-white' },
  mastercard: { label: 'Mastercard', className: 'bg-[#eb001b] text-white' },
  amex: { label: 'American Express', className: 'bg-[#006fcf] text-white' },
  american_express: { label: 'American Express', className: 'bg-[#006fcf] text-white' },
  discover: { label: 'Discover', className: 'bg-[#b84d00] text-white' },
  diners: { label: 'Diners Club', className: 'bg-[#004a97] text-white' },
  jcb: { label: 'JCB', className: 'bg-[#0b7a3e] text-white' },
  unionpay: { label: 'UnionPay', className: 'bg-[#c41230] text-white' },
};

/** A card network badge; an unknown brand gets a plain outline badge with its name. */
export function CardBrandBadge({ brand }: { brand: string }) {
  const known = BRANDS[brand.toLowerCase()];
  if (!known) {
    return (
      <Badge variant="outline" className="capitalize">
        {brand.replace(/_/g, ' ') || 'Card'}
      </Badge>
    );
  }
  return <Badge className={cn('border-transparent', known.className)}>{known.label}</Badge>;
}
