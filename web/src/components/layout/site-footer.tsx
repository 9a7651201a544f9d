import ExternalLink from 'lucide-react/icons/external-link';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Phone from 'lucide-react/icons/phone';
import { PROPERTY, telHref } from '@ridgeline/core';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { getGuideUrl } from '@/lib/site-config';
import { useListing } from '@/lib/public-data';
import { BrandMark } from './brand-mark';
import { SectionLink } from './section-link';
import { FacebookIcon, InstagramIcon, TwitterIcon } from './social-icons';

const SOCIAL = [
  { name: 'Facebook', key: 'facebook', Icon: FacebookIcon },
  { name: 'Instagram', key: 'instagram', Icon: InstagramIcon },
  { name: 'Twitter', key: 'twitter', Icon: TwitterIcon },
] as const;

const socialClass =
  'grid size-10 place-items-center rounded-full bg-white/10 text-white/85 transition-colors hover:bg-white/20 hover:text-white';

const linkClass = 'rounded-sm text-white/75 transition-colors hover:text-white';

function FooterHeading({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <h2 id={id} className="text-sm font-semibold uppercase tracking-[0.18em] text-amber-glow">
      {children}
    </h2>
  );
}

/**
 * The page footer ([home.footer]): blurb, social buttons, quick links, contact, the county's
 * numbers once filled in ([compliance.numbers]), copyright. Its own chunk (`home-page.tsx`).
 */
export function SiteFooter() {
  const year = new Date().getFullYear();
  const listing = useListing();
  const social = SOCIAL.filter(({ key }) => listing.socialLinks[key]);
  return (
    <footer className="surface-dark bg-navy-950 text-white">
      <div className="mx-auto grid max-w-7xl gap-12 px-4 py-16 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr] lg:px-8">
        <div>
          <p className="flex items-center gap-2.5 font-display text-2xl font-semibold">
            <BrandMark />
            {listing.name}
          </p>
          <p className="mt-4 max-w-sm leading-relaxed text-white/75">
            A {listing.bedrooms.length}-bedroom mountain estate above {PROPERTY.address.locality}, Georgia, for families and
            friends who want the views, the quiet and the town just down the road.
          </p>
          {/* [home.footer]: a social link for each one the owner set ([listing.fields] socialLinks); none shown while unset (issue 27 §3). */}
          {social.length > 0 ? (
            <ul className="mt-6 flex gap-2" aria-label="Social media">
              {social.map(({ name, key, Icon }) => (
                <li key={name}>
                  <a href={listing.socialLinks[key]} target="_blank" rel="noopener noreferrer" aria-label={`${name} (opens in a new tab)`} className={socialClass}>
                    <Icon className="size-5" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>

        <nav aria-labelledby="footer-quick-links">
          <FooterHeading id="footer-quick-links">Quick Links</FooterHeading>
          <ul className="mt-5 grid gap-3">
            <li>
              <a href={getGuideUrl()} target="_blank" rel="noopener noreferrer" className={`${linkClass} inline-flex items-center gap-1.5`}>
                Guide
                <ExternalLink className="size-3.5" aria-hidden="true" />
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <SectionLink sectionId="property" className={linkClass}>
                Property Details
              </SectionLink>
            </li>
            <li>
              <SectionLink sectionId="amenities" className={linkClass}>
                Amenities
              </SectionLink>
            </li>
            <li>
              <SectionLink sectionId="location" className={linkClass}>
                Location
              </SectionLink>
            </li>
            <li>
              <SectionLink sectionId="booking" className={linkClass}>
                Book Now
              </SectionLink>
            </li>
            <li>
              <Link to="/admin" className={linkClass}>
                Admin Portal
              </Link>
            </li>
          </ul>
        </nav>

        <div>
          <FooterHeading>Contact</FooterHeading>
          <address className="mt-5 grid gap-3 not-italic text-white/75">
            <a href={`mailto:${listing.contactEmail}`} className={`${linkClass} inline-flex items-center gap-2 break-all`}>
              <Mail className="size-4 shrink-0 text-amber-glow" aria-hidden="true" />
              {listing.contactEmail}
            </a>
            <a href={`tel:${telHref(listing.contactPhone)}`} className={`${linkClass} inline-flex items-center gap-2`}>
              <Phone className="size-4 shrink-0 text-amber-glow" aria-hidden="true" />
              {listing.contactPhone}
            </a>
            <span className="inline-flex items-start gap-2">
              <MapPin className="mt-1 size-4 shrink-0 text-amber-glow" aria-hidden="true" />
              <span>
                {PROPERTY.address.locality}, {PROPERTY.address.region} · {PROPERTY.address.county}
                <br />
                United States
              </span>
            </span>
          </address>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm text-white/65 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>© {year} {listing.name}. All rights reserved.</p>
          {listing.taxCertificateNumber || listing.rentalRegistrationNumber ? (
            <p>
              {listing.taxCertificateNumber ? `Fannin County tax certificate ${listing.taxCertificateNumber}` : ''}
              {listing.taxCertificateNumber && listing.rentalRegistrationNumber ? ' · ' : ''}
              {listing.rentalRegistrationNumber ? `Short-term rental registration ${listing.rentalRegistrationNumber}` : ''}
            </p>
          ) : null}
          {/* [analytics.visitors] */}
          <p>We count visits without cookies and never store your IP address.</p>
          <Link to="/admin" className={linkClass}>
            Admin
          </Link>
        </div>
      </div>
    </footer>
  );
}
