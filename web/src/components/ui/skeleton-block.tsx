import type { HTMLAttributes } from 'react';
import { cx } from '@/lib/class-names';

export interface SkeletonBlockProps extends HTMLAttributes<HTMLDivElement> {
  /** A circle (e.g. an avatar's place) instead of a rounded rectangle. */
  round?: boolean;
}

/**
 * `<Skeleton>` for the home page's first load: the same pulsing block, its `className` appended
 * with `cx` (no tailwind-merge), so it sets size and spacing only; `round` picks the shape.
 */
export function SkeletonBlock({ className, round = false, ...props }: SkeletonBlockProps) {
  return (
    <div
      aria-hidden="true"
      className={cx('animate-pulse bg-muted', round ? 'rounded-full' : 'rounded-md', className)}
      {...props}
    />
  );
}
