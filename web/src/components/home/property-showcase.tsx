import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import { badgeVariants } from '@/components/ui/badge-variants';
import { buttonVariants } from '@/components/ui/button-variants';
import { ResponsivePicture } from '@/components/ui/responsive-picture';
import { useCarousel } from '@/hooks/use-carousel';
import type { CarouselSlide } from '@/lib/image-sources';
import { cx } from '@/lib/class-names';
import { CarouselDots } from './carousel-dots';
import { CarouselThumbnails } from './carousel-thumbnails';

export interface PropertyShowcaseProps {
  slides: CarouselSlide[];
}

// A round white icon button (no tailwind-merge in the first load: the size and colours are all here).
const arrowClass = cx(
  buttonVariants({ variant: null, size: null }),
  'absolute top-1/2 size-11 -translate-y-1/2 rounded-full bg-white/85 text-sm text-navy-900 shadow-md backdrop-blur hover:bg-white hover:text-secondary-foreground',
);

/**
 * The Property Showcase carousel ([home.carousel], [home.carousel.autoplay], [home.carousel.manual]): slides cross-fade (no motion for
 * visitors who reduce motion), arrows, dots and thumbnails move it by hand, and the Auto badge
 * shows while autoplay is on. Follows the WAI-ARIA carousel pattern: the status line is a polite
 * live region only while autoplay is off, so rotating slides are not announced over and over.
 */
export function PropertyShowcase({ slides }: PropertyShowcaseProps) {
  const count = slides.length;
  const { index, autoplay, goTo, next, previous, hoverHandlers } = useCarousel({ count });
  const current = slides[index];

  return (
    <div
      role="region"
      aria-roledescription="carousel"
      aria-labelledby="showcase-title"
      data-testid="property-showcase"
      {...hoverHandlers}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') previous();
        else if (event.key === 'ArrowRight') next();
      }}
    >
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h3 id="showcase-title" className="font-display text-2xl font-semibold tracking-tight text-navy-900 sm:text-3xl">
            Property Showcase
          </h3>
          <p className="mt-2 text-muted-foreground">Nine more rooms and moments, from sunrise on the deck to autumn on the ridge.</p>
        </div>
        <p className="text-sm font-medium tabular-nums text-muted-foreground" aria-hidden="true">
          {index + 1} / {count}
        </p>
      </div>

      <div className="relative mt-6 overflow-hidden rounded-2xl bg-navy-900 shadow-xl ring-1 ring-black/5">
        <div className="relative aspect-[3/2] md:aspect-[16/9]" data-testid="showcase-slides">
          {slides.map((slide, i) => (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}`}
              aria-hidden={i === index ? undefined : true}
              data-active={i === index ? 'true' : 'false'}
              className={cx(
                'absolute inset-0 transition-opacity duration-700 ease-in-out motion-reduce:transition-none',
                i === index ? 'opacity-100' : 'pointer-events-none opacity-0',
              )}
            >
              <ResponsivePicture
                src={slide.src}
                alt={slide.alt}
                sizes="(min-width: 1280px) 1216px, 100vw"
                className="size-full"
              />
              <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-navy-950/85 to-transparent px-5 pb-5 pt-16 sm:px-8 sm:pb-7">
                <p className="font-display text-xl font-semibold text-white sm:text-2xl">{slide.title}</p>
              </div>
            </div>
          ))}
        </div>

        {autoplay && (
          <span
            className={cx(badgeVariants({ variant: 'accent' }), 'absolute left-4 top-4 shadow')}
            data-testid="carousel-auto-badge"
          >
            <span className="size-1.5 rounded-full bg-navy-900 motion-safe:animate-pulse" aria-hidden="true" />
            Auto
          </span>
        )}
        <button
          type="button"
          className={cx(arrowClass, 'left-3 sm:left-4')}
          onClick={previous}
          aria-label="Previous slide"
        >
          <ChevronLeft className="size-6" aria-hidden="true" />
        </button>
        <button type="button" className={cx(arrowClass, 'right-3 sm:right-4')} onClick={next} aria-label="Next slide">
          <ChevronRight className="size-6" aria-hidden="true" />
        </button>
      </div>

      <div className="mt-4">
        <CarouselDots count={count} current={index} onSelect={goTo} />
      </div>
      <div className="mt-6">
        <CarouselThumbnails slides={slides} current={index} onSelect={goTo} />
      </div>
      {/* Announces manual moves only: while autoplay runs the region is off (WAI-ARIA carousel). */}
      <p className="sr-only" aria-live={autoplay ? 'off' : 'polite'} aria-atomic="true" data-testid="showcase-status">
        {current ? `Slide ${index + 1} of ${count}: ${current.title}` : ''}
      </p>
    </div>
  );
}
