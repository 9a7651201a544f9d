/** The navigation bar's section links, in the order of [home.nav]. */
export const NAV_ITEMS = [
  { label: 'Home', sectionId: 'home' },
  { label: 'Gallery', sectionId: 'gallery' },
  { label: 'Amenities', sectionId: 'amenities' },
  { label: 'Location', sectionId: 'location' },
  { label: 'Reviews', sectionId: 'testimonials' },
] as const;

export type NavItem = (typeof NAV_ITEMS)[number];
