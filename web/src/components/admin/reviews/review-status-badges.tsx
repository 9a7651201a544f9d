import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/**
 * A review's two badges (SPEC §2 "Reviews"), each its own element with exactly the spec's word:
 * Approved or Pending, Published or Draft.
 */
export function ReviewStatusBadges({
  isApproved,
  isPublished,
  className,
}: {
  isApproved: boolean;
  isPublished: boolean;
  className?: string;
}) {
  return (
    <span className={cn('flex flex-wrap gap-1.5', className)}>
      {isApproved ? (
        <Badge className="border-transparent bg-green-100 text-green-900">Approved</Badge>
      ) : (
        <Badge variant="accent">Pending</Badge>
      )}
      {isPublished ? <Badge>Published</Badge> : <Badge variant="outline">Draft</Badge>}
    </span>
  );
}
