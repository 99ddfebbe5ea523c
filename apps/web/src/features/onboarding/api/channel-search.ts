import { useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Public channel search by name, one page at a time (nextPageToken); idle while `q` is empty. */
export function useChannelSearch(q: string) {
  return useInfiniteQuery({
    queryKey: ['public-channel-search', q],
    queryFn: ({ pageParam, signal }) =>
      apiRequest('publicChannelSearch', { query: { q, page_token: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextPageToken ?? undefined,
    enabled: q.length > 0,
    staleTime: 5 * 60_000,
  });
}
