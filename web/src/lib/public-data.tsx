/**
 * The public pages' data ([pages.server-rendered], [data.fetching]): the image configuration and
 * the published reviews, as the home page shows them.
 *
 * The first load carries no data library: the values start as the data embedded in the HTML
 * (`InitialPageData`), and `<PublicDataSync />` (its own chunk, with React Query) keeps them
 * current once the page is idle, or at once on a page that embedded none. The rest of the app
 * reads and writes the same answers through React Query (`queryClient`), so a review the owner
 * publishes in the dashboard shows on the home page as before.
 */
import { DEFAULT_PUBLIC_LISTING, type ImageConfig, type ImageConfigResponse, type PublicListing, type PublishedReviewsResponse } from '@ridgeline/core';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { InitialPageData } from './initial-data';

/** One answer as the page knows it: React Query's three states, with the last data kept. */
export interface Loadable<T> {
  data: T | undefined;
  status: 'pending' | 'error' | 'success';
}

/** What the public pages show from the API. */
export interface PublicData {
  imageConfig: Loadable<ImageConfigResponse>;
  publishedReviews: Loadable<PublishedReviewsResponse>;
  /** The county's numbers and the accessibility facts ([compliance.numbers], [a11y.facts]). */
  listing: Loadable<PublicListing>;
}

interface PublicDataContextValue extends PublicData {
  /** The data embedded in the page, and when it was read (ms since the epoch): seeds the query cache. */
  embedded: { data: InitialPageData; readAt: number } | undefined;
  /** Takes newer answers (from `<PublicDataSync />`); unchanged answers cause no render. */
  update: (next: Partial<PublicData>) => void;
}

const PublicDataContext = createContext<PublicDataContextValue | null>(null);

/** The responsive files of uploaded images, by path ([images.variants]); undefined until known. */
const ImageVariantsContext = createContext<ImageConfig['variants'] | undefined>(undefined);

const loaded = <T,>(data: T | undefined): Loadable<T> => ({ data, status: data === undefined ? 'pending' : 'success' });

const same = <T,>(a: Loadable<T>, b: Loadable<T>) => a.data === b.data && a.status === b.status;

/**
 * Holds the public data for the whole app. `initial` is the embedded data (the browser, read with
 * `readInitialData`; the server renderer, the data it embeds), or undefined on the app's empty
 * shell. `readAt` defaults to now.
 */
export function PublicDataProvider({
  initial,
  readAt,
  children,
}: {
  initial: InitialPageData | undefined;
  readAt?: number;
  children: ReactNode;
}) {
  const [embedded] = useState(() => (initial ? { data: initial, readAt: readAt ?? Date.now() } : undefined));
  const [data, setData] = useState<PublicData>(() => ({
    imageConfig: loaded(initial?.imageConfig),
    publishedReviews: loaded(initial?.publishedReviews),
    listing: loaded(initial?.listing),
  }));
  const update = useCallback((next: Partial<PublicData>) => {
    setData((current) => {
      let changed: PublicData | undefined;
      for (const key of Object.keys(next) as (keyof PublicData)[]) {
        const value = next[key];
        if (value && !same<unknown>(value, current[key])) (changed ??= { ...current })[key] = value as never;
      }
      return changed ?? current;
    });
  }, []);
  const value = useMemo(() => ({ ...data, embedded, update }), [data, embedded, update]);
  return (
    <PublicDataContext.Provider value={value}>
      <ImageVariantsContext.Provider value={data.imageConfig.data?.variants}>{children}</ImageVariantsContext.Provider>
    </PublicDataContext.Provider>
  );
}

/**
 * The public data and its updater.
 * @throws Error outside `<PublicDataProvider>` (a wiring mistake)
 */
export function usePublicData(): PublicDataContextValue {
  const value = useContext(PublicDataContext);
  if (!value) throw new Error('usePublicData needs a <PublicDataProvider> above it');
  return value;
}

/**
 * The listing as the page shows it ([listing.public]): the embedded or fetched one, else a fresh
 * install's (`DEFAULT_PUBLIC_LISTING`) while it is not known or outside a `PublicDataProvider`.
 */
export function useListing(): PublicListing {
  // Outside a provider (the dashboard's own shells, a component's test) the fresh install's.
  return useContext(PublicDataContext)?.listing.data ?? DEFAULT_PUBLIC_LISTING;
}

/** The variants of uploaded images known to this part of the page (see `ImageVariantsProvider`). */
export function useImageVariants(): ImageConfig['variants'] | undefined {
  return useContext(ImageVariantsContext);
}

/** Gives the `<picture>`s below the variants of another image config (the owner's Images tab). */
export function ImageVariantsProvider({
  variants,
  children,
}: {
  variants: ImageConfig['variants'] | undefined;
  children: ReactNode;
}) {
  return <ImageVariantsContext.Provider value={variants}>{children}</ImageVariantsContext.Provider>;
}
