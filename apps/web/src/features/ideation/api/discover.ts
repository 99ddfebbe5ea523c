import { useInfiniteQuery, useQuery, type InfiniteData } from '@tanstack/react-query';
import type { DiscoverResponse, Idea, SuggestedResponse } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { ideationQueryKeys } from './query-keys.ts';

/** Which page to fetch, and the list page 1 came from (so later pages never skip or repeat). */
export interface IdeasPageParam {
  page: number;
  listId?: string;
}

/** Fetches one page of ideas for the seeds (page 1 holds 11, every later page 10). */
export function discoverIdeas(
  channelId: string,
  seeds: readonly string[],
  language: string | undefined,
  { page, listId }: IdeasPageParam,
  signal?: AbortSignal,
): Promise<DiscoverResponse> {
  return apiRequest('discoverIdeas', {
    body: { channelId, seeds: [...seeds], language, page, listId },
    signal,
  });
}

/** Whether an error says the list the later pages came from has expired (search again). */
export function isExpiredIdeaList(error: unknown): boolean {
  return isApiError(error, 409) && error.code === 'ideas-list-expired';
}

/**
 * The pages of ideas for a set of seeds in one language, as an infinite query: `fetchNextPage`
 * loads the next page while the earlier ones stay on screen. Disabled without a channel, seeds
 * or a resolved language (`language` null = still being resolved; undefined = the server's
 * default for the channel).
 */
export function useDiscoverIdeas(
  channelId: string | undefined,
  seeds: readonly string[],
  language: string | undefined | null,
) {
  return useInfiniteQuery({
    queryKey: ideationQueryKeys.discover(channelId ?? '', seeds, language ?? undefined),
    queryFn: ({ pageParam, signal }) =>
      discoverIdeas(channelId ?? '', seeds, language ?? undefined, pageParam, signal),
    initialPageParam: { page: 1 } as IdeasPageParam,
    getNextPageParam: (last): IdeasPageParam | undefined =>
      last.hasMore ? { page: last.page + 1, listId: last.listId } : undefined,
    // An expired list does not come back by retrying: the page offers to start again.
    retry: (failures, error) => !isExpiredIdeaList(error) && failures < 2,
    enabled: Boolean(channelId) && seeds.length > 0 && language !== null,
    staleTime: 5 * 60_000,
  });
}

/** The ideas of every loaded page in server order, each idea once (by its stable id). */
export function mergeIdeaPages(data: InfiniteData<DiscoverResponse> | undefined): Idea[] {
  const seen = new Set<string>();
  const ideas: Idea[] = [];
  for (const page of data?.pages ?? []) {
    for (const idea of page.items) {
      if (seen.has(idea.id)) continue;
      seen.add(idea.id);
      ideas.push(idea);
    }
  }
  return ideas;
}

/** Fetches ideas seeded from the channel's settings (topics, industries). */
export function getSuggestedIdeas(
  channelId: string,
  signal?: AbortSignal,
): Promise<SuggestedResponse> {
  return apiRequest('suggestedIdeas', { query: { channelId }, signal });
}

/** Suggested ideas of the active channel; only fetched when `enabled` (nothing typed yet). */
export function useSuggestedIdeas(channelId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ideationQueryKeys.suggested(channelId ?? ''),
    queryFn: ({ signal }) => getSuggestedIdeas(channelId ?? '', signal),
    enabled: enabled && Boolean(channelId),
    staleTime: 5 * 60_000,
  });
}
