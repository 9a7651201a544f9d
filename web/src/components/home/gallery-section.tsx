import { Suspense, useRef, useState } from 'react';
import { usePreloadWhenIdle } from '@/hooks/use-preload-when-idle';
import type { CarouselSlide, GalleryItem } from '@/lib/image-sources';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import { GalleryGrid } from './gallery-grid';
import { PropertyShowcase } from './property-showcase';
import { SectionHeading } from './section-heading';

// The lightbox (Radix Dialog) is fetched on idle, not in the first bundle.
const GalleryLightbox = lazyWithPreload(() => import('./gallery-lightbox'));

export interface GallerySectionProps {
  items: GalleryItem[];
  slides: CarouselSlide[];
}

/** The photo gallery (id `gallery`): 6 photos with a lightbox, then the Property Showcase. */
export function GallerySection({ items, slides }: GallerySectionProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const [everOpened, setEverOpened] = useState(false);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  usePreloadWhenIdle(GalleryLightbox.preload);

  const open = (index: number) => {
    setEverOpened(true);
    setOpenIndex(index);
  };

  return (
    <section id="gallery" aria-labelledby="gallery-title" className="bg-secondary/60 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="gallery-title"
          eyebrow="Gallery"
          title="A look around the house"
          lead="From the great room's stone fireplace to the deck above the valley. Select a photo to see it full screen."
        />
        <div className="mt-10">
          <GalleryGrid items={items} onOpen={open} buttonRefs={thumbnails} />
        </div>
        {everOpened && (
          <Suspense fallback={null}>
            <GalleryLightbox
              items={items}
              index={openIndex}
              onIndexChange={setOpenIndex}
              onRestoreFocus={(index) => thumbnails.current[index]?.focus()}
            />
          </Suspense>
        )}
        <div className="mt-20">
          <PropertyShowcase slides={slides} />
        </div>
      </div>
    </section>
  );
}
