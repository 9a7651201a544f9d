import ExternalLink from 'lucide-react/icons/external-link';
import type { VariantProps } from 'class-variance-authority';
import { buttonVariants } from '@/components/ui/button-variants';
import { cx } from '@/lib/class-names';

type ButtonStyle = VariantProps<typeof buttonVariants>;
import { useListing } from '@/lib/public-data';
import { getListingUrl } from '@/lib/site-config';

export interface BookStayLinkProps {
  /** Appended to the button styles (not merged): layout only, such as margins and width. */
  className?: string;
  size?: ButtonStyle['size'];
  variant?: ButtonStyle['variant'];
  /** Visible text; the link always says that it opens in a new tab to assistive technology. */
  label?: string;
  onClick?: () => void;
  /** Render nothing without an external listing (in the booking section itself, a link to it would go nowhere). */
  externalOnly?: boolean;
}

/**
 * "Book Your Stay" ([home.book-your-stay]): opens the listing on the short-term-rental platform
 * in a new tab when the owner set one (the listing's `listingUrl`, [listing.fields], else the
 * server's LISTING_URL); otherwise it leads to the booking section on this page (issue 27 §3).
 */
export function BookStayLink({
  className,
  size = 'default',
  variant = 'accent',
  label = 'Book Your Stay',
  onClick,
  externalOnly = false,
}: BookStayLinkProps) {
  const { listingUrl } = useListing();
  const external = listingUrl || getListingUrl();
  if (!external) {
    if (externalOnly) return null;
    return (
      <a href="/#booking" onClick={onClick} className={cx(buttonVariants({ size, variant }), className)}>
        {label}
      </a>
    );
  }
  return (
    <a
      href={external}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onClick}
      className={cx(buttonVariants({ size, variant }), className)}
    >
      {label}
      <ExternalLink aria-hidden="true" />
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
