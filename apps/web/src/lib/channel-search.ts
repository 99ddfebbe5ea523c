/**
 * The public channel search (GET /yt/api/public/channels/search), shared by the onboarding and
 * the competition view: one page at a time (`nextPageToken`), asked only for a non-empty text
 * (the API refuses an empty one, and every search costs platform quota).
 */
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ResponseOf } from '@tubewise/contract';
import { apiRequest } from './api-client.ts';

/** One page of the public channel search. */
export type ChannelSearchPage = ResponseOf<'publicChannelSearch'>;
/** A channel the search found. */
export type FoundChannel = ChannelSearchPage['channels'][number];

/** Longest search text the public channel search takes. */
export const CHANNEL_SEARCH_MAX_LENGTH = 100;

/** Cache key of one search; `scope` puts it under e.g. the signed-in user's key. */
export const channelSearchKey = (q: string, scope: readonly unknown[] = []) =>
  [...scope, 'public-channel-search', q] as const;

/**
 * The search for `q` (trimmed; empty or blank: idle, nothing asked), page by page. Results stay
 * fresh for 5 minutes, so searching the same name again costs nothing.
 */
export function useChannelSearch(q: string, scope: readonly unknown[] = []) {
  const text = q.trim();
  return useInfiniteQuery({
    queryKey: channelSearchKey(text, scope),
    queryFn: ({ pageParam, signal }): Promise<ChannelSearchPage> =>
      apiRequest('publicChannelSearch', { query: { q: text, page_token: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextPageToken ?? undefined,
    enabled: text.length > 0,
    staleTime: 5 * 60_000,
  });
}
