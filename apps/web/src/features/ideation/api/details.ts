import { useQuery } from '@tanstack/react-query';
import type { IdeaDetails } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ideationQueryKeys } from './query-keys.ts';

/** Fetches an idea's figures, trend, ranking videos, score factors and title suggestions. */
export function getIdeaDetails(
  channelId: string,
  phrase: string,
  language: string | undefined,
  signal?: AbortSignal,
): Promise<IdeaDetails> {
  return apiRequest('ideaDetails', { query: { channelId, phrase, language }, signal });
}

/** An idea's details; disabled until the channel is known and while the phrase is empty. */
export function useIdeaDetails(
  channelId: string | undefined,
  phrase: string,
  language: string | undefined,
) {
  return useQuery({
    queryKey: ideationQueryKeys.details(channelId ?? '', phrase, language),
    queryFn: ({ signal }) => getIdeaDetails(channelId ?? '', phrase, language, signal),
    enabled: Boolean(channelId) && phrase.trim().length > 0,
    staleTime: 5 * 60_000,
  });
}
