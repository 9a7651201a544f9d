import { DISTANCES, PROPERTY } from '@ridgeline/core';
import { ResponsivePicture } from '@/components/ui/responsive-picture';
import { PropertyHighlights } from './property-highlights';
import { SectionHeading } from './section-heading';

export interface PropertyOverviewSectionProps {
  imageSrc: string;
  imageAlt: string;
}

/** The property overview (id `property`): what the house is, its highlights and a photo. */
export function PropertyOverviewSection({ imageSrc, imageAlt }: PropertyOverviewSectionProps) {
  return (
    <section id="property" aria-labelledby="property-title" className="py-20 sm:py-28">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <div>
          <SectionHeading
            id="property-title"
            eyebrow="The property"
            title="Room for everyone, views for days"
            lead={PROPERTY.description}
          />
          <p className="mt-4 leading-relaxed text-muted-foreground">
            Gather around the stone fireplace in the vaulted great room, cook together in the open kitchen, then
            spread out: the kids take over the gaming room, the grown-ups rack up the pool table, and everyone meets
            again in the hot tub as the ridges turn blue.
          </p>
          <div className="mt-8">
            <PropertyHighlights />
          </div>
        </div>
        <div className="relative">
          <div className="aspect-[4/3] overflow-hidden rounded-2xl bg-muted shadow-xl ring-1 ring-black/5">
            <ResponsivePicture
              src={imageSrc}
              alt={imageAlt}
              sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw"
              className="size-full"
            />
          </div>
          <div className="absolute -bottom-6 left-6 hidden rounded-xl bg-forest-800 px-5 py-4 text-white shadow-lg sm:block">
            <p className="text-xs font-semibold uppercase tracking-[0.18em] text-forest-100">
              {PROPERTY.address.county}
            </p>
            <p className="font-display text-lg">
              {DISTANCES[0].minutes} min to downtown {PROPERTY.address.locality}
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}
