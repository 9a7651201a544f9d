import Expand from 'lucide-react/icons/expand';
import type { RefObject } from 'react';
import { ResponsivePicture } from '@/components/ui/responsive-picture';
import type { GalleryItem } from '@/lib/image-sources';

export interface GalleryGridProps {
  items: GalleryItem[];
  onOpen: (index: number) => void;
  /** Filled with each thumbnail button, so the lightbox can return focus to it. */
  buttonRefs: RefObject<(HTMLButtonElement | null)[]>;
}

/** The 6 gallery photos as buttons that open the lightbox ([home.gallery]). */
export function GalleryGrid({ items, onOpen, buttonRefs }: GalleryGridProps) {
  return (
    <ul className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 sm:gap-4 lg:grid-cols-3">
      {items.map((item, index) => (
        <li key={item.id}>
          <button
            type="button"
            ref={(el) => {
              buttonRefs.current[index] = el;
            }}
            onClick={() => onOpen(index)}
            aria-label={`Open photo: ${item.title}`}
            aria-haspopup="dialog"
            className="group relative block aspect-[3/2] w-full overflow-hidden rounded-xl bg-muted shadow-sm ring-1 ring-black/5 focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring"
          >
            <ResponsivePicture
              src={item.src}
              alt={item.alt}
              sizes="(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 480px) 50vw, 100vw"
              className="size-full transition-transform duration-500 ease-out motion-safe:group-hover:scale-105"
            />
            <span className="pointer-events-none absolute inset-x-0 bottom-0 flex items-end justify-between gap-2 bg-gradient-to-t from-navy-950/80 to-transparent p-4 pt-10 text-left">
              <span className="font-display text-lg font-semibold text-white">{item.title}</span>
              <Expand
                className="size-5 text-white opacity-80 transition-opacity group-hover:opacity-100"
                aria-hidden="true"
              />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
