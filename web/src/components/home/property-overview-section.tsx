import { DISTANCES, PROPERTY, bedLabel, descriptionParagraphs } from '@ridgeline/core';
import { ResponsivePicture } from '@/components/ui/responsive-picture';
import { useListing } from '@/lib/public-data';
import { HouseRulesList } from './house-rules-list';
import { PropertyHighlights } from './property-highlights';
import { SectionHeading } from './section-heading';

export interface PropertyOverviewSectionProps {
  imageSrc: string;
  imageAlt: string;
}

/** The property overview (id `property`): what the house is, its highlights and a photo. */
export function PropertyOverviewSection({ imageSrc, imageAlt }: PropertyOverviewSectionProps) {
  const listing = useListing();
  const [lead, ...more] = descriptionParagraphs(listing.description);
  return (
    <section id="property" aria-labelledby="property-title" className="py-20 sm:py-28">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-2 lg:gap-16 lg:px-8">
        <div>
          <SectionHeading
            id="property-title"
            eyebrow="The property"
            title="Room for everyone, views for days"
            lead={lead}
          />
          {more.map((paragraph, i) => (
            <p key={i} className="mt-4 leading-relaxed text-muted-foreground">
              {paragraph}
            </p>
          ))}
          <div className="mt-8">
            <PropertyHighlights />
          </div>
          {listing.bedrooms.length > 0 && (
            <div className="mt-8">
              <h3 id="bedrooms-title" className="text-sm font-semibold uppercase tracking-[0.18em] text-forest-700">
                Where everyone sleeps
              </h3>
              <ul aria-labelledby="bedrooms-title" className="mt-3 grid gap-2 sm:grid-cols-2">
                {listing.bedrooms.map((room, i) => (
                  <li key={i} data-testid="bedroom" className="rounded-lg border bg-card px-4 py-3 text-sm">
                    <span className="font-medium text-navy-900">{room.name}</span>
                    <span className="block text-muted-foreground">{room.beds.map(bedLabel).join(', ')}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <HouseRulesList listing={listing} />
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
