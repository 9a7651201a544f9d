import { HIDDEN_REASON_LABELS, OWNER_REVIEW_SOURCE_NAMES, type HiddenReason, type ReviewSource } from '@ridgeline/core';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/**
 * A review's two badges ([reviews.list]), each its own element with exactly the word docs/product.md gives:
 * Approved or Pending, Published or Draft; a Demo badge before them on seeded demo reviews
 * ([reviews.demo]), and "Verified stay" on a review a guest left from their stay's review link
 * ([reviews.verified]); a copied-in review's platform ("Airbnb", "Guest book": [reviews.source]) and
 * an unpublished review's reason ("Hidden: Profanity": [reviews.hidden-reason]).
 */
export function ReviewStatusBadges({
  isApproved,
  isPublished,
  isDemo = false,
  verifiedStay = false,
  source,
  hiddenReason = null,
  className,
}: {
  isApproved: boolean;
  isPublished: boolean;
  isDemo?: boolean;
  verifiedStay?: boolean;
  source?: ReviewSource;
  hiddenReason?: HiddenReason | null;
  className?: string;
}) {
  return (
    <span className={cn('flex flex-wrap gap-1.5', className)}>
      {isDemo && (
        <Badge variant="outline" className="border-amber-400 bg-amber-50 text-amber-950" title="An invented sample review, not a real guest's">
          Demo
        </Badge>
      )}
      {verifiedStay && (
        <Badge variant="outline" className="border-forest-600 bg-forest-50 text-forest-900" title="Left by the guest from the review link of a booked stay">
          Verified stay
        </Badge>
      )}
      {source && source !== 'direct' && source !== 'demo' && (
        <Badge variant="outline" title="Copied in by you from where the guest left it">
          {OWNER_REVIEW_SOURCE_NAMES[source]}
        </Badge>
      )}
      {isApproved ? (
        <Badge className="border-transparent bg-green-100 text-green-900">Approved</Badge>
      ) : (
        <Badge variant="accent">Pending</Badge>
      )}
      {isPublished ? <Badge>Published</Badge> : <Badge variant="outline">Draft</Badge>}
      {!isPublished && hiddenReason && (
        <Badge variant="outline" title="Why you unpublished it (also in the security audit log)">
          Hidden: {HIDDEN_REASON_LABELS[hiddenReason]}
        </Badge>
      )}
    </span>
  );
}
