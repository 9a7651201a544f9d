import { IMAGE_SLOT_TEXT, LOCATION_IMAGE_KEYS } from '@ridgeline/core';
import { Suspense, useMemo } from 'react';
import { AccessibilitySection } from '@/components/home/accessibility-section';
import { AmenitiesSection } from '@/components/home/amenities-section';
import { BookingSection } from '@/components/home/booking-section';
import { GallerySection } from '@/components/home/gallery-section';
import { HeroSection } from '@/components/home/hero-section';
import { LocationSection } from '@/components/home/location-section';
import { PropertyOverviewSection } from '@/components/home/property-overview-section';
import { ReviewsSection } from '@/components/home/reviews-section';
import { KeepPublicDataCurrent } from '@/components/home/keep-public-data-current';
import { ConfirmationSlot } from '@/components/confirmation/confirmation-slot';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import { useScrollToRequestedSection } from '@/hooks/use-section-navigation';
import { carouselSlides, galleryItems, locationImage, propertyImage } from '@/lib/image-sources';
import { usePublicData } from '@/lib/public-data';

// Below the fold, server-rendered all the same: its code stays out of the first load
// ([perf.first-load]) and hydrates when it arrives. The server renderer loads it before
// rendering (`preloadHomePage`), so its HTML is inline, never a segment moved in by script.
const SiteFooter = lazyWithPreload(async () => ({ default: (await import('@/components/layout/site-footer')).SiteFooter }));

/** Loads the home page's lazy parts (server rendering: before `prerender`). */
export const preloadHomePage = () => SiteFooter.preload();

/**
 * The public home page ([home.sections]): one scrolling page, sections in that order.
 * Photos come from the image config; until it loads (or if it fails) the built-in defaults show.
 * The data is the page's embedded data, kept current by `KeepPublicDataCurrent`.
 */
export function HomePage() {
  const config = usePublicData().imageConfig.data;
  useScrollToRequestedSection();
  const gallery = useMemo(() => galleryItems(config), [config]);
  const slides = useMemo(() => carouselSlides(config), [config]);
  const locationImages = useMemo(
    () =>
      LOCATION_IMAGE_KEYS.map((key) => ({ id: `location-${key}`, src: locationImage(config, key), ...IMAGE_SLOT_TEXT[key] })),
    [config],
  );

  return (
    <>
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <ConfirmationSlot />
        <HeroSection imageSrc={propertyImage(config, 'hero')} imageAlt={IMAGE_SLOT_TEXT.hero.alt} />
        <PropertyOverviewSection imageSrc={propertyImage(config, 'overview')} imageAlt={IMAGE_SLOT_TEXT.overview.alt} />
        <GallerySection items={gallery} slides={slides} />
        <AmenitiesSection />
        <AccessibilitySection />
        <LocationSection images={locationImages} />
        <ReviewsSection />
        <BookingSection />
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
      <KeepPublicDataCurrent />
    </>
  );
}
