import ArrowDown from 'lucide-react/icons/arrow-down';
import CalendarDays from 'lucide-react/icons/calendar-days';
import { PROPERTY, bathroomsLabel } from '@ridgeline/core';
import { useListing } from '@/lib/public-data';
import { SectionLink } from '@/components/layout/section-link';
import { buttonVariants } from '@/components/ui/button-variants';
import { ResponsivePicture } from '@/components/ui/responsive-picture';
import { cx } from '@/lib/class-names';

export interface HeroSectionProps {
  /** Path of the hero photo (image config `property.hero`, or the default). */
  imageSrc: string;
  imageAlt: string;
}

/** The first screen (id `home`): the estate's name over its hero photo, the page's LCP element. */
export function HeroSection({ imageSrc, imageAlt }: HeroSectionProps) {
  const listing = useListing();
  const bedrooms = listing.bedrooms.length;
  return (
    <section
      id="home"
      aria-labelledby="home-title"
      className="surface-dark relative isolate flex min-h-[max(34rem,88svh)] items-end overflow-hidden bg-navy-900 pt-16"
    >
      <div className="absolute inset-0 -z-10">
        <ResponsivePicture src={imageSrc} alt={imageAlt} sizes="100vw" priority className="size-full" />
        {/* Darkens the photo where the text sits so white text stays above 4.5:1 on any photo. */}
        <div className="absolute inset-0 bg-gradient-to-t from-navy-950/90 via-navy-950/45 to-navy-950/20" />
      </div>
      <div className="mx-auto w-full max-w-7xl px-4 pb-16 sm:px-6 sm:pb-20 lg:px-8 lg:pb-24">
        <p className="inline-flex items-center gap-2 rounded-full border border-white/25 bg-white/10 px-3 py-1 text-xs font-semibold uppercase tracking-[0.18em] text-white backdrop-blur-sm">
          {PROPERTY.address.locality}, Georgia<span className="hidden sm:inline"> · {PROPERTY.address.county}</span>
        </p>
        <h1 id="home-title" className="mt-5 max-w-3xl font-display text-white">
          <span className="block text-5xl font-semibold tracking-tight sm:text-6xl lg:text-7xl">{listing.name}</span>
          <span className="mt-3 block text-2xl font-normal text-white/90 text-balance sm:text-3xl">{listing.headline}</span>
        </h1>
        <p className="mt-5 max-w-xl text-base leading-relaxed text-white/85 sm:text-lg">
          Wake up above the clouds in a {bedrooms}-bedroom retreat for up to {listing.sleeps} guests: long-range
          mountain views, a hot tub under the stars and a firepit for slow evenings, five minutes from downtown Blue Ridge.
        </p>
        <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-white/90" aria-label="At a glance">
          <li>{bedrooms} bedrooms</li>
          <li aria-hidden="true" className="text-amber-glow">
            ·
          </li>
          <li>{bathroomsLabel(listing.bathrooms)} baths</li>
          <li aria-hidden="true" className="text-amber-glow">
            ·
          </li>
          <li>Sleeps {listing.sleeps}</li>
        </ul>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <SectionLink sectionId="booking" className={buttonVariants({ variant: 'accent', size: 'lg' })}>
            <CalendarDays aria-hidden="true" />
            Plan your stay
          </SectionLink>
          <SectionLink
            sectionId="gallery"
            // The outline button's shape in white over the photo (its own colours, not `outline`'s).
            className={cx(
              buttonVariants({ variant: null, size: 'lg' }),
              'border border-white/40 bg-white/10 text-white shadow-sm backdrop-blur-sm hover:bg-white/20 hover:text-white',
            )}
          >
            View the photos
            <ArrowDown aria-hidden="true" />
          </SectionLink>
        </div>
      </div>
    </section>
  );
}
