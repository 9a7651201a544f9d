import type { ReactNode } from 'react';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

/** The public pages' frame: skip link and the fixed navigation bar above the page. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      {children}
    </>
  );
}
