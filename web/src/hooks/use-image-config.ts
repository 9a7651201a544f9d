import { useQuery } from '@tanstack/react-query';
import type { ImageConfig } from '@ridgeline/core';
import type { ApiArea } from '@/lib/api-client';

/** Query key (and URL) of the image config ([images.config]). */
export const IMAGE_CONFIG_QUERY_KEY = ['/api/images/config'] as const;

/**
 * The owner's image config. Unlike the app default (never stale), [data.fetching] has it go stale after
 * 10 s and refetch every 15 s, so photos the owner uploads show up on open pages.
 * `data` is undefined while loading or after an error; callers then show the built-in defaults.
 * @param area the signed-in area asking (the admin's Images tab), whose credential goes with the
 *   polling as it does with the tab's other calls; none on the public pages
 */
export function useImageConfig(area?: ApiArea) {
  return useQuery<ImageConfig>({
    queryKey: IMAGE_CONFIG_QUERY_KEY,
    ...(area ? { meta: { area } } : {}),
    staleTime: 10_000,
    refetchInterval: 15_000,
  });
}
