import { amenityText } from '@ridgeline/core';
import { useListing } from '@/lib/public-data';
import { amenityIcon } from './amenity-details';
import { SectionHeading } from './section-heading';

/**
 * The amenities (id `amenities`): the listing's ([listing.amenities]; by default the six of
 * [home.amenities]), each with an icon and the owner's note or the standard line.
 */
export function AmenitiesSection() {
  const { amenities } = useListing();
  return (
    <section id="amenities" aria-labelledby="amenities-title" className="surface-dark bg-navy-900 py-20 text-white sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="amenities-title"
          eyebrow="Amenities"
          title="Everything for a proper mountain getaway"
          lead="Games for the kids, a soak for the grown-ups and a fire for everyone."
          align="center"
          tone="dark"
        />
        <ul className="mt-14 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {amenities.map((amenity) => {
            const Icon = amenityIcon(amenity.key);
            const { label: name, description } = amenityText(amenity);
            return (
              <li
                key={amenity.key}
                data-testid="amenity"
                className="rounded-2xl border border-white/10 bg-white/[0.04] p-6 transition-colors hover:bg-white/[0.07]"
              >
                <span className="grid size-12 place-items-center rounded-xl bg-forest-700 text-white">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-5 text-lg font-semibold">{name}</h3>
                {description && <p className="mt-2 leading-relaxed text-white/75">{description}</p>}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
