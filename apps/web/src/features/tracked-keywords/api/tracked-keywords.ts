/**
 * The tracked keywords of a channel: the list (with figures and ranks), suggestions, adding a
 * pasted list and deleting (the answer feeds the undo). Every change marks the rankings pages'
 * data of the channel stale (lib/rank-data.ts).
 */
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  AddTrackedKeywordsResult,
  TrackedKeyword,
  TrackedKeywords,
  TrackedKeywordSuggestions,
} from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { rankDataKey, refreshRankData } from '../../../lib/rank-data.ts';

/** Cache keys of the tracked-keywords page (under the signed-in user's key). */
export const trackedKeywordsQueryKeys = {
  /** Everything of one channel's tracked keywords. */
  all: (channelId: string) => [...rankDataKey(channelId), 'tracked-keywords'] as const,
  /** The channel's tracked keywords. */
  list: (channelId: string) => [...trackedKeywordsQueryKeys.all(channelId), 'list'] as const,
  /** Suggestions in one keyword language. */
  suggestions: (channelId: string, language: string) =>
    [...trackedKeywordsQueryKeys.all(channelId), 'suggestions', language] as const,
};

/** Fetches the channel's tracked keywords with their figures, ranks and last checks. */
export function getTrackedKeywords(
  channelId: string,
  signal?: AbortSignal,
): Promise<TrackedKeywords> {
  return apiRequest('trackedKeywords', { params: { id: channelId }, signal });
}

/** The channel's tracked keywords; disabled until the channel is known. */
export function useTrackedKeywords(channelId: string | undefined) {
  return useQuery({
    queryKey: trackedKeywordsQueryKeys.list(channelId ?? ''),
    queryFn: ({ signal }) => getTrackedKeywords(channelId ?? '', signal),
    enabled: Boolean(channelId),
  });
}

/** Keywords the channel could track in `language`; disabled until both are known. */
export function useKeywordSuggestions(channelId: string | undefined, language: string | undefined) {
  return useQuery({
    queryKey: trackedKeywordsQueryKeys.suggestions(channelId ?? '', language ?? ''),
    queryFn: ({ signal }): Promise<TrackedKeywordSuggestions> =>
      apiRequest('trackedKeywordSuggestions', {
        params: { id: channelId ?? '' },
        query: { language },
        signal,
      }),
    enabled: Boolean(channelId && language),
    placeholderData: keepPreviousData,
  });
}

/** Tracks the keywords of a pasted list (one per line or comma separated) in one language. */
export function addTrackedKeywords(
  channelId: string,
  text: string,
  language: string | undefined,
): Promise<AddTrackedKeywordsResult> {
  return apiRequest('addTrackedKeywords', { params: { id: channelId }, body: { text, language } });
}

/** Stops tracking keywords; answers the deleted ones (for the undo). */
export async function deleteTrackedKeywords(
  channelId: string,
  ids: readonly string[],
): Promise<TrackedKeyword[]> {
  return (
    await apiRequest('deleteTrackedKeywords', {
      params: { id: channelId },
      body: { ids: [...ids] },
    })
  ).deleted;
}

/**
 * Tracks deleted keywords again, in their own languages (one add per language). Their rank
 * history is kept by keyword and language, so it shows again. Answers how many came back.
 */
export async function restoreTrackedKeywords(
  channelId: string,
  deleted: readonly TrackedKeyword[],
): Promise<number> {
  const byLanguage = new Map<string, string[]>();
  for (const k of deleted)
    byLanguage.set(k.language, [...(byLanguage.get(k.language) ?? []), k.keyword]);
  let restored = 0;
  for (const [language, keywords] of byLanguage) {
    restored += (await addTrackedKeywords(channelId, keywords.join('\n'), language)).added.length;
  }
  return restored;
}

/** Marks the channel's tracked keywords, suggestions and the other rankings pages' data stale. */
export function refreshTrackedKeywords(queryClient: QueryClient, channelId: string): Promise<void> {
  return refreshRankData(queryClient, channelId);
}
