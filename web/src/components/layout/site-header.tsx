import { BookStayLink } from './book-stay-link';
import { BrandMark } from './brand-mark';
import { MobileMenu } from './mobile-menu';
import { NAV_ITEMS } from './nav-items';
import { SectionLink } from './section-link';

/** The fixed top navigation bar ([home.nav]); 4rem tall (see `scroll-margin-top`). */
export function SiteHeader() {
  return (
    <header className="surface-dark fixed inset-x-0 top-0 z-40 border-b border-white/10 bg-navy-900/95 text-white shadow-sm backdrop-blur supports-[backdrop-filter]:bg-navy-900/85">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <SectionLink
          sectionId="home"
          className="flex items-center gap-2.5 rounded-md font-display text-xl font-semibold tracking-tight"
          aria-label="Ridgeline, back to top"
        >
          <BrandMark />
          <span>Ridgeline</span>
        </SectionLink>
        <div className="hidden items-center gap-1 md:flex lg:gap-2">
          <ul className="flex items-center lg:gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.sectionId}>
                <SectionLink
                  sectionId={item.sectionId}
                  className="rounded-md px-2 py-2 text-sm font-medium text-white/85 transition-colors hover:bg-white/10 hover:text-white lg:px-3"
                >
                  {item.label}
                </SectionLink>
              </li>
            ))}
          </ul>
          <BookStayLink className="ml-2" />
        </div>
        <MobileMenu />
      </nav>
    </header>
  );
}
