import Clock from 'lucide-react/icons/clock';
import MapPin from 'lucide-react/icons/map-pin';
import { ATTRACTIONS, DISTANCES, PROPERTY } from '@ridgeline/core';
import { ResponsivePicture } from '@/components/ui/responsive-picture';
import { formatDistance } from '@/lib/format-distance';
import type { GalleryItem } from '@/lib/image-sources';
import { ATTRACTION_ICONS } from './attraction-icons';
import { SectionHeading } from './section-heading';

export interface LocationSectionProps {
  /** The location photos (mountains, railway, golf). */
  images: GalleryItem[];
}

/** The location (id `location`): nearby attractions, drive times and photos of the area. */
export function LocationSection({ images }: LocationSectionProps) {
  return (
    <section id="location" aria-labelledby="location-title" className="py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="grid gap-10 lg:grid-cols-[1fr_auto] lg:items-end">
          <SectionHeading
            id="location-title"
            eyebrow="Location"
            title={`Minutes from downtown ${PROPERTY.address.locality}`}
            lead={`Tucked into the hills of ${PROPERTY.address.county}, Georgia: close enough for dinner in town, far enough for a sky full of stars.`}
          />
          <ul className="flex flex-wrap gap-2 lg:justify-end" aria-label="Drive times">
            {DISTANCES.map((distance) => (
              <li
                key={distance.to}
                className="inline-flex items-center gap-2 rounded-full bg-forest-50 px-4 py-2 text-sm font-medium text-forest-800 ring-1 ring-forest-100"
              >
                <Clock className="size-4" aria-hidden="true" />
                {formatDistance(distance)}
              </li>
            ))}
          </ul>
        </div>

        <h3 className="sr-only">Nearby attractions</h3>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {ATTRACTIONS.map((attraction) => {
            const Icon = ATTRACTION_ICONS[attraction.kind];
            return (
              <li key={attraction.name} data-testid="attraction" className="flex flex-col rounded-2xl border bg-card p-6 shadow-sm">
                <div className="flex items-center justify-between gap-3">
                  <span className="grid size-11 place-items-center rounded-xl bg-forest-50 text-forest-700">
                    <Icon className="size-5" aria-hidden="true" />
                  </span>
                  {'heightFeet' in attraction && (
                    <span className="rounded-full bg-accent px-3 py-1 text-xs font-bold text-accent-foreground">
                      {attraction.heightFeet} ft
                    </span>
                  )}
                </div>
                <h4 className="mt-4 text-lg font-semibold text-navy-900">{attraction.name}</h4>
                <p className="text-sm font-medium capitalize text-amber-ink">{attraction.kind}</p>
                <p className="mt-2 leading-relaxed text-muted-foreground">{attraction.description}</p>
              </li>
            );
          })}
        </ul>

        <ul className="mt-12 grid gap-4 md:grid-cols-3">
          {images.map((image) => (
            <li key={image.id}>
              <figure className="group relative aspect-[3/2] overflow-hidden rounded-2xl bg-muted shadow-sm">
                <ResponsivePicture
                  src={image.src}
                  alt={image.alt}
                  sizes="(min-width: 1280px) 400px, (min-width: 768px) 33vw, 100vw"
                  className="size-full transition-transform duration-500 motion-safe:group-hover:scale-105"
                />
                <figcaption className="absolute inset-x-0 bottom-0 flex items-center gap-2 bg-gradient-to-t from-navy-950/85 to-transparent p-4 pt-10 font-medium text-white">
                  <MapPin className="size-4 text-amber-glow" aria-hidden="true" />
                  {image.title}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
