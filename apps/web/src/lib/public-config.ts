import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@tubewise/contract';
import { apiRequest, configureApiClient } from './api-client.ts';

/** Values used until (or if) the server's public config cannot be loaded. */
export const DEFAULT_PUBLIC_CONFIG: PublicConfig = {
  productName: 'Tubewise',
  supportEmail: 'support@tubewise.app',
  onlyV2: false,
  features: { newOptimizePage: false, shorts: false, httpRetry: false },
  devMailbox: false,
  // The defaults of the server settings (contract DEFAULT_MAX_SEEDS, DEFAULT_THUMBNAIL_MAX_BYTES).
  limits: { ideaSeedsMax: 10, thumbnailMaxBytes: 2 * 1024 * 1024 },
};

/** Query options of the public config: loaded once per page load, never stale. */
export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public-config'],
    queryFn: async () => {
      const config = await apiRequest('publicConfig');
      // Set before any other query can start, so even the first user load may retry.
      configureApiClient({ retry: config.features.httpRetry });
      return config;
    },
    staleTime: Infinity,
  });

/** The public config, or the defaults while unknown or when it failed to load. */
export function usePublicConfig(): PublicConfig {
  return useQuery(publicConfigQueryOptions()).data ?? DEFAULT_PUBLIC_CONFIG;
}
