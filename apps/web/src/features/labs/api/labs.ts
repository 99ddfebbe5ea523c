/**
 * The Labs page's calls: a channel's thumbnail tests (list, one, start, stop), the videos to
 * choose from (the optimisation list's route) and thumbnail uploads (the editor's route, raw
 * image body). Everything sits under the channel's videos key (lib/video-queries.ts), so
 * starting or stopping a test also refreshes the editor's view of the video (`abTest`).
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateThumbnailTestBody,
  ThumbnailTest,
  ThumbnailTestsResponse,
  UploadedThumbnail,
  VideoListResponse,
} from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { channelVideosQueryKey } from '../../../lib/video-queries.ts';

/** How often a running test (and the list while one runs) is asked again. */
export const RUNNING_POLL_MS = 30_000;

/** Cache keys of the Labs page. */
export const labsQueryKeys = {
  /** Everything of one channel's thumbnail tests. */
  all: (channelId: string) => [...channelVideosQueryKey(channelId), 'labs'] as const,
  /** The channel's tests and swap budget. */
  tests: (channelId: string) => [...labsQueryKeys.all(channelId), 'tests'] as const,
  /** One test. */
  test: (channelId: string, testId: string) =>
    [...labsQueryKeys.all(channelId), 'test', testId] as const,
  /** A page of the video choice for a search. */
  videos: (channelId: string, q: string) => [...labsQueryKeys.all(channelId), 'videos', q] as const,
};

/** Whether a test still changes by itself (rotating, or being decided). */
export function isActive(test: Pick<ThumbnailTest, 'status'>): boolean {
  return test.status === 'running' || test.status === 'ending';
}

/** The channel's tests, running first; asked again while one runs. */
export function useThumbnailTests(channelId: string) {
  return useQuery({
    queryKey: labsQueryKeys.tests(channelId),
    queryFn: ({ signal }): Promise<ThumbnailTestsResponse> =>
      apiRequest('thumbnailTests', { params: { id: channelId }, signal }),
    refetchInterval: (q) => (q.state.data?.tests.some(isActive) ? RUNNING_POLL_MS : false),
  });
}

/** One test; asked again every RUNNING_POLL_MS while it runs, never once it has ended. */
export function useThumbnailTest(channelId: string, testId: string | null) {
  return useQuery({
    queryKey: labsQueryKeys.test(channelId, testId ?? ''),
    queryFn: ({ signal }): Promise<ThumbnailTest> =>
      apiRequest('thumbnailTest', { params: { id: channelId, testId: testId ?? '' }, signal }),
    enabled: testId !== null,
    refetchInterval: (q) => (q.state.data && isActive(q.state.data) ? RUNNING_POLL_MS : false),
  });
}

/** The channel's videos matching a title search, latest first (the first page of 50). */
export function useVideoChoices(channelId: string, q: string) {
  return useQuery({
    queryKey: labsQueryKeys.videos(channelId, q),
    queryFn: ({ signal }): Promise<VideoListResponse> =>
      apiRequest('videoList', {
        params: { id: channelId },
        query: { tab: 'all', sort: 'date', order: 'desc', ...(q ? { q } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Uploads one image for a video's test (the editor's upload route; the server checks it). */
export function uploadTestThumbnail(
  channelId: string,
  videoId: string,
  file: Blob,
): Promise<UploadedThumbnail> {
  return apiRequest('uploadThumbnail', { params: { id: channelId, videoId }, rawBody: file });
}

/**
 * Starting and stopping tests. Both answer the test, which replaces the cached one; the list
 * and the editor's data of the channel's videos are fetched again.
 */
export function useTestActions(channelId: string) {
  const queryClient = useQueryClient();
  const settle = (test: ThumbnailTest) => {
    queryClient.setQueryData(labsQueryKeys.test(channelId, test.id), test);
    return queryClient.invalidateQueries({
      queryKey: channelVideosQueryKey(channelId),
      // The test just answered is current; everything else of the channel's videos is not.
      predicate: (q) => q.queryKey[q.queryKey.length - 1] !== test.id,
    });
  };
  const start = useMutation({
    mutationFn: (body: CreateThumbnailTestBody): Promise<ThumbnailTest> =>
      apiRequest('createThumbnailTest', { params: { id: channelId }, body }),
    onSuccess: settle,
  });
  const stop = useMutation({
    mutationFn: (testId: string): Promise<ThumbnailTest> =>
      apiRequest('stopThumbnailTest', { params: { id: channelId, testId } }),
    onSuccess: settle,
  });
  return { start, stop };
}
