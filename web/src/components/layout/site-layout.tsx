import { Outlet } from 'react-router-dom';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

/** The public pages' frame: skip link and the fixed navigation bar above the page. */
export function SiteLayout() {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <Outlet />
    </>
  );
}
