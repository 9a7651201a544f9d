import Star from 'lucide-react/icons/star';
import { cx } from '@/lib/class-names';

export interface StarRatingProps {
  /** 1-5 ([reviews.fields]); other values are clamped. */
  rating: number;
  className?: string;
}

/** Five stars, the first `rating` filled; read out as "Rated N out of 5". */
export function StarRating({ rating, className }: StarRatingProps) {
  const value = Math.min(5, Math.max(0, Math.round(rating)));
  return (
    <span role="img" aria-label={`Rated ${value} out of 5`} className={cx('inline-flex gap-0.5', className)}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={cx('size-4', i < value ? 'fill-amber-glow text-amber-glow' : 'fill-transparent text-navy-900/20')}
        />
      ))}
    </span>
  );
}
