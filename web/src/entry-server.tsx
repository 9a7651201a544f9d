/**
 * The server renderer of the public pages ([pages.server-rendered]), built by `npm run build:ssr`
 * into web/dist/ssr/entry-server.js and loaded by the Express server (web/server/pages). It renders
 * the same tree as src/main.tsx, with the router fixed at the page's URL and the public data the
 * HTML embeds, so the browser's hydration finds exactly this markup.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { AppFrame } from './App';
import type { InitialPageData } from './lib/initial-data';
import { provideSiteLinks } from './lib/site-config';
import { AppRoutes } from './router';
import { preloadHomePage } from './pages/home-page';

export type { InitialPageData } from './lib/initial-data';
export { serializeInitialData } from './lib/initial-data';

/** What a page is rendered from. */
export interface RenderPageInput {
  /** The request's path (and query), e.g. `/` or `/no-such-page`. */
  url: string;
  /** The data the page shows; the caller embeds the same data in the HTML. */
  data: InitialPageData;
  /** The deployment's links, as the server writes them into index.html's metas (raw config values). */
  links: { listingUrl: string; guideUrl: string };
}

/**
 * The HTML of `#root` for `url`, once everything in it (lazy parts included) has rendered.
 * @throws whatever a component throws while rendering
 */
export async function renderPage({ url, data, links }: RenderPageInput): Promise<string> {
  provideSiteLinks(links);
  await preloadHomePage();
  const { prelude } = await prerender(
    <StrictMode>
      <AppFrame initialData={data}>
        <Router ssrPath={url}>
          <AppRoutes />
        </Router>
      </AppFrame>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
