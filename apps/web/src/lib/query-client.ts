import { QueryClient } from '@tanstack/react-query';

/** Default garbage-collection time of query data (spec section 9). */
export const QUERY_GC_TIME_MS = 5 * 60 * 1000;

/** Creates the app's TanStack Query client with the spec's defaults. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnWindowFocus: false,
        gcTime: QUERY_GC_TIME_MS,
        // The HTTP client already retries network failures when the server enables it.
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
