/**
 * AI-written titles and descriptions of a video: whether the video may get them (with the
 * channel's quota of the month), starting a generation, the latest generation (asked for again
 * every AI_POLL_DELAY_MS while the AI writes) and the person's thumbs up or down on each text.
 */
import { useEffect, useRef } from 'react';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  AiEligibility,
  AiFeedback,
  AiFeedbackBody,
  AiGeneration,
  AiQuota,
  LatestAiGeneration,
} from '@tubewise/contract';
import { AI_POLL_DELAY_MS } from '@tubewise/contract/ai-constants';
import { channelAiQueryKey } from '../../../lib/ai-queries.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * Cache keys of the AI suggestions, under the shared AI prefix (lib/ai-queries.ts), so a change
 * of the person's AI permission refreshes them.
 */
export const aiQueryKeys = {
  /** Everything AI of a channel. */
  all: (channelId: string) => channelAiQueryKey(channelId),
  /** The channel's generations this month against its limit. */
  quota: (channelId: string) => [...channelAiQueryKey(channelId), 'quota'] as const,
  /** Whether a video may get AI-written metadata now. */
  eligibility: (channelId: string, videoId: string) =>
    [...channelAiQueryKey(channelId), 'eligibility', videoId] as const,
  /** A video's latest generation. */
  latest: (channelId: string, videoId: string) =>
    [...channelAiQueryKey(channelId), 'latest-generation', videoId] as const,
};

/** The channel's AI generations this month against its limit. */
export function getAiQuota(channelId: string, signal?: AbortSignal): Promise<AiQuota> {
  return apiRequest('aiQuota', { params: { id: channelId }, signal });
}

/** Whether a video may get AI-written metadata now, with every condition that fails. */
export function getAiEligibility(
  channelId: string,
  videoId: string,
  signal?: AbortSignal,
): Promise<AiEligibility> {
  return apiRequest('aiEligibility', { params: { id: channelId, videoId }, signal });
}

/** The video's latest generation (`{ generation: null }` before the first one). */
export function getLatestAiGeneration(
  channelId: string,
  videoId: string,
  signal?: AbortSignal,
): Promise<LatestAiGeneration> {
  return apiRequest('latestAiGeneration', { params: { id: channelId, videoId }, signal });
}

/**
 * Starts writing titles and a description for `searchTerm` (the video's saved term when null);
 * answers the pending generation at once (202). Spends one generation of the month.
 */
export function generateAiMetadata(
  channelId: string,
  videoId: string,
  searchTerm: string | null,
): Promise<AiGeneration> {
  // Always named, null included: the editor's term, even one not saved yet, is what to write for.
  const term = searchTerm?.trim() || null;
  return apiRequest('generateAiMetadata', {
    params: { id: channelId, videoId },
    body: { searchTerm: term },
  });
}

/** Rates a generated title (by index) or the description; a null value unsets the rating. */
export function sendAiFeedback(
  channelId: string,
  videoId: string,
  generationId: string,
  body: AiFeedbackBody,
): Promise<AiGeneration> {
  return apiRequest('aiFeedback', { params: { id: channelId, videoId, generationId }, body });
}

/** Whether the AI is still writing the generation (pending or running). */
export function isAiGenerationInProgress(generation: AiGeneration | null | undefined): boolean {
  return generation?.status === 'pending' || generation?.status === 'running';
}

/** Ask again every AI_POLL_DELAY_MS while the AI writes; never otherwise. */
export function aiPollInterval(data: LatestAiGeneration | undefined): number | false {
  return isAiGenerationInProgress(data?.generation) ? AI_POLL_DELAY_MS : false;
}

/** Query options of the channel's AI quota. */
export const aiQuotaQueryOptions = (channelId: string) =>
  queryOptions({
    queryKey: aiQueryKeys.quota(channelId),
    queryFn: ({ signal }) => getAiQuota(channelId, signal),
  });

/** The channel's AI generations this month (disabled until the channel is known). */
export function useAiQuota(channelId: string | undefined) {
  return useQuery({ ...aiQuotaQueryOptions(channelId ?? ''), enabled: Boolean(channelId) });
}

/** Query options of a video's AI eligibility. */
export const aiEligibilityQueryOptions = (channelId: string, videoId: string) =>
  queryOptions({
    queryKey: aiQueryKeys.eligibility(channelId, videoId),
    queryFn: ({ signal }) => getAiEligibility(channelId, videoId, signal),
  });

/** Whether the video may get AI-written metadata now, with the month's quota. */
export function useAiEligibility(channelId: string, videoId: string) {
  return useQuery(aiEligibilityQueryOptions(channelId, videoId));
}

/** Query options of a video's latest generation, polled while the AI writes. */
export const latestAiGenerationQueryOptions = (channelId: string, videoId: string) =>
  queryOptions({
    queryKey: aiQueryKeys.latest(channelId, videoId),
    queryFn: ({ signal }) => getLatestAiGeneration(channelId, videoId, signal),
    refetchInterval: (query) => aiPollInterval(query.state.data),
  });

/** Refreshes what a generation changes besides itself: the video's eligibility and the quota. */
function refreshAllowance(queryClient: QueryClient, channelId: string, videoId: string): void {
  void queryClient.invalidateQueries({ queryKey: aiQueryKeys.eligibility(channelId, videoId) });
  void queryClient.invalidateQueries({ queryKey: aiQueryKeys.quota(channelId) });
}

/**
 * The video's latest generation. While it is pending or running it is asked for again every
 * AI_POLL_DELAY_MS; once the AI is done (or failed) the eligibility and quota are refreshed.
 */
export function useLatestAiGeneration(channelId: string, videoId: string) {
  const queryClient = useQueryClient();
  const query = useQuery(latestAiGenerationQueryOptions(channelId, videoId));
  const inProgress = isAiGenerationInProgress(query.data?.generation);
  const wasInProgress = useRef(inProgress);
  useEffect(() => {
    if (wasInProgress.current && !inProgress) refreshAllowance(queryClient, channelId, videoId);
    wasInProgress.current = inProgress;
  }, [inProgress, queryClient, channelId, videoId]);
  return query;
}

/**
 * Starts a generation for a search term. The pending generation replaces the cached latest one
 * (which starts the polling); the eligibility and quota are refreshed whatever the answer (a
 * refusal such as `ai-quota-exceeded` means they changed).
 */
export function useGenerateAiMetadata(channelId: string, videoId: string) {
  const queryClient = useQueryClient();
  const key = aiQueryKeys.latest(channelId, videoId);
  return useMutation({
    mutationFn: (searchTerm: string | null) => generateAiMetadata(channelId, videoId, searchTerm),
    onSuccess: async (generation) => {
      // A poll answered before the generation started must not overwrite it.
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<LatestAiGeneration>(key, { generation });
    },
    onSettled: () => refreshAllowance(queryClient, channelId, videoId),
  });
}

/** One rating: the generation and what to set. */
export interface AiFeedbackChange {
  generationId: string;
  body: AiFeedbackBody;
}

/** The rating `body` changes, as it stands in `generation`. */
function feedbackOf(generation: AiGeneration, body: AiFeedbackBody): AiFeedback {
  return body.target === 'title'
    ? (generation.titles[body.index]?.feedback ?? null)
    : (generation.description?.feedback ?? null);
}

/** `generation` with the rating of `body`'s text set to `value`. */
export function withAiFeedback(
  generation: AiGeneration,
  body: AiFeedbackBody,
  value: AiFeedback = body.value,
): AiGeneration {
  if (body.target === 'title') {
    return {
      ...generation,
      titles: generation.titles.map((t, i) => (i === body.index ? { ...t, feedback: value } : t)),
    };
  }
  return generation.description
    ? { ...generation, description: { ...generation.description, feedback: value } }
    : generation;
}

/** The next rating of a thumb: pressing the active thumb again unsets it. */
export function toggledFeedback(current: AiFeedback, pressed: 'up' | 'down'): AiFeedback {
  return current === pressed ? null : pressed;
}

/**
 * Rates a title or the description. The thumb moves at once; a refusal puts it back (the caller
 * tells the person). The server's answer replaces the cache only when no other rating is on its
 * way, so quick clicks never flicker back to an older state.
 */
export function useAiFeedback(channelId: string, videoId: string) {
  const queryClient = useQueryClient();
  const key = aiQueryKeys.latest(channelId, videoId);
  const mutationKey = [...key, 'feedback'] as const;
  return useMutation({
    mutationKey,
    mutationFn: ({ generationId, body }: AiFeedbackChange) =>
      sendAiFeedback(channelId, videoId, generationId, body),
    onMutate: async ({ generationId, body }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const generation = queryClient.getQueryData<LatestAiGeneration>(key)?.generation;
      if (generation?.id !== generationId) return { previous: undefined };
      queryClient.setQueryData<LatestAiGeneration>(key, {
        generation: withAiFeedback(generation, body),
      });
      return { previous: feedbackOf(generation, body) };
    },
    onError: (_err, { generationId, body }, context) => {
      const generation = queryClient.getQueryData<LatestAiGeneration>(key)?.generation;
      if (context?.previous === undefined || generation?.id !== generationId) return;
      // Only this rating goes back; a later click on another thumb stays.
      if (feedbackOf(generation, body) !== body.value) return;
      queryClient.setQueryData<LatestAiGeneration>(key, {
        generation: withAiFeedback(generation, body, context.previous),
      });
    },
    onSuccess: (generation) => {
      // This mutation still counts as running here: more than one means another is on its way.
      if (queryClient.isMutating({ mutationKey }) > 1) return;
      const current = queryClient.getQueryData<LatestAiGeneration>(key)?.generation;
      if (current?.id === generation.id) {
        queryClient.setQueryData<LatestAiGeneration>(key, { generation });
      }
    },
  });
}
