import * as Dialog from '@radix-ui/react-dialog';
import ChevronLeft from 'lucide-react/icons/chevron-left';
import ChevronRight from 'lucide-react/icons/chevron-right';
import X from 'lucide-react/icons/x';
import { Button } from '@/components/ui/button';
import { ResponsivePicture } from '@/components/ui/responsive-picture';
import type { GalleryItem } from '@/lib/image-sources';

export interface GalleryLightboxProps {
  items: GalleryItem[];
  /** Index of the photo shown, or null when closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  /** Where focus goes back to on close (the thumbnail of the photo last shown). */
  onRestoreFocus: (index: number) => void;
}

const controlClass = 'bg-navy-950/60 text-white hover:bg-navy-950/80 hover:text-white focus-visible:ring-offset-navy-950';

/**
 * The full-screen photo viewer ([home.lightbox]): a Radix Dialog named by the
 * photo's visible title, with Close, previous/next (also ←/→), Escape and backdrop click to close,
 * focus trapped inside and returned to the photo's thumbnail. Loaded lazily by GallerySection.
 */
export default function GalleryLightbox({ items, index, onIndexChange, onRestoreFocus }: GalleryLightboxProps) {
  const item = index === null ? undefined : items[index];
  const count = items.length;
  const show = (next: number) => onIndexChange(((next % count) + count) % count);

  return (
    <Dialog.Root open={item !== undefined} onOpenChange={(open) => !open && onIndexChange(null)}>
      <Dialog.Portal>
        <Dialog.Overlay
          data-testid="lightbox-backdrop"
          className="fixed inset-0 z-50 bg-navy-950/90 backdrop-blur-sm data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in"
        />
        {item && index !== null && (
          <Dialog.Content
            // Full screen, so the close button can sit in the viewport's corner; a click on the
            // empty area around the photo (the backdrop) closes, as a click outside would.
            className="surface-dark fixed inset-0 z-50 flex items-center justify-center p-4 focus:outline-none sm:p-8"
            onClick={(event) => {
              if (event.target === event.currentTarget) onIndexChange(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'ArrowLeft') show(index - 1);
              else if (event.key === 'ArrowRight') show(index + 1);
            }}
            onCloseAutoFocus={(event) => {
              // No Dialog.Trigger (one viewer for six thumbnails): put focus back ourselves.
              event.preventDefault();
              onRestoreFocus(index);
            }}
          >
            <Dialog.Close asChild>
              <Button
                size="icon"
                variant="ghost"
                className={`absolute right-4 top-4 z-10 rounded-full ${controlClass}`}
                aria-label="Close"
              >
                <X className="size-6" aria-hidden="true" />
              </Button>
            </Dialog.Close>
            <figure className="w-[min(100%,1200px,calc((100svh-9rem)*1.5))] motion-safe:animate-zoom-in">
              <div className="relative aspect-[3/2] overflow-hidden rounded-xl bg-navy-900 shadow-2xl">
                <ResponsivePicture
                  key={item.id}
                  src={item.src}
                  alt={item.alt}
                  sizes="(min-width: 1300px) 1200px, 92vw"
                  loading="eager"
                  className="size-full"
                />
                {count > 1 && (
                  <>
                    <Button
                      size="icon"
                      variant="ghost"
                      className={`absolute left-3 top-1/2 -translate-y-1/2 rounded-full ${controlClass}`}
                      onClick={() => show(index - 1)}
                      aria-label="Previous photo"
                    >
                      <ChevronLeft className="size-6" aria-hidden="true" />
                    </Button>
                    <Button
                      size="icon"
                      variant="ghost"
                      className={`absolute right-3 top-1/2 -translate-y-1/2 rounded-full ${controlClass}`}
                      onClick={() => show(index + 1)}
                      aria-label="Next photo"
                    >
                      <ChevronRight className="size-6" aria-hidden="true" />
                    </Button>
                  </>
                )}
              </div>
              <figcaption className="mt-4 flex items-baseline justify-between gap-4 text-white">
                <Dialog.Title className="font-display text-xl font-semibold sm:text-2xl">{item.title}</Dialog.Title>
                <span className="shrink-0 text-sm text-white/75">
                  {index + 1} / {count}
                </span>
              </figcaption>
              <Dialog.Description className="sr-only">{item.alt}</Dialog.Description>
            </figure>
          </Dialog.Content>
        )}
      </Dialog.Portal>
    </Dialog.Root>
  );
}
