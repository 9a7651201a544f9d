import ArrowLeft from 'lucide-react/icons/arrow-left';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { buttonVariants } from '@/components/ui/button-variants';

export interface PlaceholderPageProps {
  title: string;
  children?: ReactNode;
  /** Leave room for the fixed navigation bar when the page is shown below it. */
  belowNavigation?: boolean;
}

/** A simple page with its title; the screens of later issues start from it. */
export function PlaceholderPage({ title, children, belowNavigation = false }: PlaceholderPageProps) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className={`mx-auto flex min-h-svh max-w-3xl flex-col justify-center px-4 py-24 focus:outline-none sm:px-6 ${belowNavigation ? 'pt-32' : ''}`}
    >
      <h1 className="font-display text-4xl font-semibold tracking-tight text-navy-900 sm:text-5xl">{title}</h1>
      {children && <div className="mt-4 text-lg leading-relaxed text-muted-foreground">{children}</div>}
      <div className="mt-8">
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          <ArrowLeft aria-hidden="true" />
          Back to the home page
        </Link>
      </div>
    </main>
  );
}
