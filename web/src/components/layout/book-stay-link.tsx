import ExternalLink from 'lucide-react/icons/external-link';
import { Button, type ButtonProps } from '@/components/ui/button';
import { getListingUrl } from '@/lib/site-config';

export interface BookStayLinkProps {
  className?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
  /** Visible text; the link always says that it opens in a new tab to assistive technology. */
  label?: string;
  onClick?: () => void;
}

/** "Book Your Stay": opens the listing on the short-term-rental platform in a new tab ([home.book-your-stay]). */
export function BookStayLink({
  className,
  size = 'default',
  variant = 'accent',
  label = 'Book Your Stay',
  onClick,
}: BookStayLinkProps) {
  return (
    <Button asChild size={size} variant={variant} className={className}>
      <a href={getListingUrl()} target="_blank" rel="noopener noreferrer" onClick={onClick}>
        {label}
        <ExternalLink aria-hidden="true" />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}
