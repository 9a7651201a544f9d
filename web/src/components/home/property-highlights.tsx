import Bath from 'lucide-react/icons/bath';
import BedDouble from 'lucide-react/icons/bed-double';
import Ruler from 'lucide-react/icons/ruler';
import Users from 'lucide-react/icons/users';
import { bathroomsLabel } from '@ridgeline/core';
import { useListing } from '@/lib/public-data';

/** [home.highlights]: the four headline numbers from the owner's listing ([listing.public]); no square feet when not given. */
export function PropertyHighlights() {
  const listing = useListing();
  const highlights = [
    { label: 'Bedrooms', value: listing.bedrooms.length.toLocaleString('en-US'), Icon: BedDouble },
    { label: 'Bathrooms', value: bathroomsLabel(listing.bathrooms), Icon: Bath },
    { label: 'Sleeps', value: listing.sleeps.toLocaleString('en-US'), Icon: Users },
    ...(listing.squareFeet === null ? [] : [{ label: 'Square Feet', value: listing.squareFeet.toLocaleString('en-US'), Icon: Ruler }]),
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4">
      {highlights.map(({ label, value, Icon }) => (
        <div
          key={label}
          data-testid="property-highlight"
          className="flex flex-col-reverse gap-1 rounded-xl border bg-card p-4 shadow-sm sm:p-5"
        >
          <dt className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
            <Icon className="size-4 text-forest-600" aria-hidden="true" />
            {label}
          </dt>
          <dd className="font-display text-3xl font-semibold text-navy-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
