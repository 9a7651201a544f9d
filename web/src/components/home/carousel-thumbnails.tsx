import { ResponsivePicture } from '@/components/ui/responsive-picture';
import type { CarouselSlide } from '@/lib/image-sources';
import { cx } from '@/lib/class-names';

export interface CarouselThumbnailsProps {
  slides: CarouselSlide[];
  current: number;
  onSelect: (index: number) => void;
}

/** A grid of every slide as a small photo button ([home.carousel]: thumbnail grid). */
export function CarouselThumbnails({ slides, current, onSelect }: CarouselThumbnailsProps) {
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5 lg:grid-cols-9">
      {slides.map((slide, i) => (
        <li key={slide.id}>
          <button
            type="button"
            onClick={() => onSelect(i)}
            aria-label={`Show slide ${i + 1}: ${slide.title}`}
            className={cx(
              'relative block aspect-[3/2] w-full overflow-hidden rounded-lg bg-muted ring-offset-2 ring-offset-background transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              i === current ? 'ring-2 ring-forest-700' : 'opacity-70 hover:opacity-100',
            )}
          >
            <ResponsivePicture
              src={slide.src}
              alt=""
              sizes="(min-width: 1024px) 140px, (min-width: 640px) 20vw, 33vw"
              className="size-full"
            />
          </button>
        </li>
      ))}
    </ul>
  );
}
