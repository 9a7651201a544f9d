import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRenderer } from '../deps.js';

/**
 * Loads the server renderer the build wrote (`npm run build:ssr` → `web/dist/ssr/entry-server.js`),
 * or undefined when it is missing (then the pages are the empty SPA shell, rendered by the browser).
 */
export async function loadPageRenderer(ssrDir: string): Promise<PageRenderer | undefined> {
  const entry = path.join(ssrDir, 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  return (await import(pathToFileURL(entry).href)) as PageRenderer;
}
