import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@/lib/api';
import type { ApiArea } from '@/lib/api-client';

/** Query key (and URL) of the image config ([images.config]). */
export const IMAGE_CONFIG_QUERY_KEY = ['/api/images/config'] as const;

/** The contract, loaded apart: the home page reads the config, and zod stays out of its first bundle. */
const imageConfigContract = () => import('./public-contracts').then((api) => api.imageConfigSchema);

/**
 * The owner's image config. Unlike the app default (never stale), [data.fetching] has it go stale after
 * 10 s and refetch every 15 s, so photos the owner uploads show up on open pages.
 * `data` is undefined while loading or after an error; callers then show the built-in defaults.
 * @param area the signed-in area asking (the admin's Images tab), whose credential goes with the
 *   polling as it does with the tab's other calls; none on the public pages
 */
export function useImageConfig(area?: ApiArea) {
  return useQuery({
    ...apiQuery(IMAGE_CONFIG_QUERY_KEY[0], imageConfigContract, area),
    staleTime: 10_000,
    refetchInterval: 15_000,
  });
}
