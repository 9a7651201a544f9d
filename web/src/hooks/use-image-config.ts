import { useQuery } from '@tanstack/react-query';
import type { ImageConfig } from '@ridgeline/core';

/** Query key (and URL) of the image config (SPEC §7). */
export const IMAGE_CONFIG_QUERY_KEY = ['/api/images/config'] as const;

/**
 * The owner's image config. Unlike the app default (never stale), SPEC §7 has it go stale after
 * 10 s and refetch every 15 s, so photos the owner uploads show up on open pages.
 * `data` is undefined while loading or after an error; callers then show the built-in defaults.
 */
export function useImageConfig() {
  return useQuery<ImageConfig>({
    queryKey: IMAGE_CONFIG_QUERY_KEY,
    staleTime: 10_000,
    refetchInterval: 15_000,
  });
}
