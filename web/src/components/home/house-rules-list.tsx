import { houseRuleLines, timeOfDayText, type PublicListing } from '@ridgeline/core';

/**
 * The house rules and times ([listing.rules]): check-in and check-out, then smoking, pets, events
 * and quiet hours, each a short line a guest reads before booking.
 */
export function HouseRulesList({ listing }: { listing: PublicListing }) {
  return (
    <div className="mt-8">
      <h3 id="house-rules-title" className="text-sm font-semibold uppercase tracking-[0.18em] text-forest-700">
        House rules
      </h3>
      <ul aria-labelledby="house-rules-title" className="mt-3 grid gap-1.5 text-sm text-navy-900 sm:grid-cols-2">
        <li>Check-in after {timeOfDayText(listing.checkInTime)}</li>
        <li>Check-out by {timeOfDayText(listing.checkOutTime)}</li>
        {houseRuleLines(listing.houseRules).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
