import type { ReactNode } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { ImageSlotCard } from './image-slot-card';
import type { ImageSlot } from './image-slots';

export interface ImageSlotSectionProps {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  /** Shown beside the title (counts, buttons). */
  aside?: ReactNode;
  slots: ImageSlot[];
  /** Undefined config: placeholders instead of cards. */
  loading: boolean;
  /** The slot whose file chooser takes focus when it appears. */
  focusKey?: string;
  empty?: ReactNode;
}

/** One section of the Images tab: a heading and a responsive grid of slot cards. */
export function ImageSlotSection({
  id,
  title,
  description,
  aside,
  slots,
  loading,
  focusKey,
  empty,
}: ImageSlotSectionProps) {
  return (
    <section aria-labelledby={id} className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h3 id={id} className="flex flex-wrap items-center gap-2 text-lg font-semibold text-navy-900">
            {title}
          </h3>
          {description && <div className="mt-1 text-sm text-muted-foreground">{description}</div>}
        </div>
        {aside && <div className="flex flex-wrap items-center gap-3">{aside}</div>}
      </div>
      {loading ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-hidden="true">
          {Array.from({ length: Math.min(4, Math.max(1, slots.length)) }, (_, i) => (
            <Skeleton key={i} className="aspect-[3/4] w-full rounded-xl" />
          ))}
        </div>
      ) : slots.length === 0 ? (
        empty
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {slots.map((slot) => (
            <li key={slot.key} className="flex">
              <ImageSlotCard slot={slot} autoFocus={slot.key === focusKey} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
