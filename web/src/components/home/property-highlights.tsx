import Bath from 'lucide-react/icons/bath';
import BedDouble from 'lucide-react/icons/bed-double';
import Ruler from 'lucide-react/icons/ruler';
import Users from 'lucide-react/icons/users';
import { PROPERTY } from '@ridgeline/core';

/** [home.highlights], values from core's PROPERTY. */
const HIGHLIGHTS = [
  { label: 'Bedrooms', value: PROPERTY.bedrooms.toLocaleString('en-US'), Icon: BedDouble },
  { label: 'Bathrooms', value: PROPERTY.bathrooms.toLocaleString('en-US'), Icon: Bath },
  { label: 'Sleeps', value: PROPERTY.sleeps.toLocaleString('en-US'), Icon: Users },
  { label: 'Square Feet', value: PROPERTY.squareFeet.toLocaleString('en-US'), Icon: Ruler },
] as const;

/** The four headline numbers, as a description list (label and value are separate elements). */
export function PropertyHighlights() {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4">
      {HIGHLIGHTS.map(({ label, value, Icon }) => (
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
