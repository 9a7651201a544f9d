import { cx } from '@/lib/class-names';

export interface CarouselDotsProps {
  count: number;
  current: number;
  onSelect: (index: number) => void;
}

/** One dot per slide; the current one is marked `aria-current`. */
export function CarouselDots({ count, current, onSelect }: CarouselDotsProps) {
  return (
    <div className="flex flex-wrap items-center justify-center gap-1">
      {Array.from({ length: count }, (_, i) => (
        <button
          key={i}
          type="button"
          onClick={() => onSelect(i)}
          aria-label={`Go to slide ${i + 1}`}
          aria-current={i === current ? 'true' : undefined}
          // 24px hit area (WCAG 2.5.8) around a small visual dot.
          className="group grid size-6 place-items-center rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span
            aria-hidden="true"
            className={cx(
              'block h-2 rounded-full transition-all duration-300',
              i === current ? 'w-6 bg-forest-700' : 'w-2 bg-navy-900/50 group-hover:bg-navy-900/75',
            )}
          />
        </button>
      ))}
    </div>
  );
}
