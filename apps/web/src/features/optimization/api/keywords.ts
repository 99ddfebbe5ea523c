import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookmarkedKeyword, KeywordSearchResponse } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/user.ts';

/** Cache key of keyword suggestions for a typed text. */
export const keywordSearchQueryKey = (q: string, channelId: string) =>
  [...userQueryKey, 'keyword-search', channelId, q] as const;

/** Cache key of a video's bookmarked keywords. */
export const bookmarkedKeywordsQueryKey = (channelId: string, videoId: string) =>
  [...userQueryKey, 'bookmarked-keywords', channelId, videoId] as const;

/** Keyword suggestions with estimated figures for a typed text, the text itself first. */
export function searchKeywords(
  q: string,
  channelId: string,
  signal?: AbortSignal,
): Promise<KeywordSearchResponse> {
  return apiRequest('keywordSearch', { query: { q, channelId }, signal });
}

/** Suggestions for `q` (already debounced by the caller); idle while `q` is blank. */
export function useKeywordSearch(q: string, channelId: string) {
  const text = q.trim();
  return useQuery({
    queryKey: keywordSearchQueryKey(text, channelId),
    queryFn: ({ signal }) => searchKeywords(text, channelId, signal),
    enabled: text.length > 0,
    staleTime: 5 * 60_000,
  });
}

/** Loads a video's bookmarked keywords, by volume descending. */
export async function getBookmarkedKeywords(
  channelId: string,
  videoId: string,
): Promise<BookmarkedKeyword[]> {
  return (await apiRequest('bookmarkedKeywords', { params: { id: channelId, videoId } })).items;
}

/** Query options of a video's bookmarked keywords. */
export const bookmarkedKeywordsQueryOptions = (channelId: string, videoId: string) =>
  queryOptions({
    queryKey: bookmarkedKeywordsQueryKey(channelId, videoId),
    queryFn: () => getBookmarkedKeywords(channelId, videoId),
  });

/** A video's bookmarked keywords. */
export function useBookmarkedKeywords(channelId: string, videoId: string) {
  return useQuery(bookmarkedKeywordsQueryOptions(channelId, videoId));
}

/** Bookmarks a keyword for a video; answers the whole list. */
export async function bookmarkKeyword(
  channelId: string,
  videoId: string,
  keyword: string,
): Promise<BookmarkedKeyword[]> {
  return (
    await apiRequest('bookmarkKeyword', { params: { id: channelId, videoId }, body: { keyword } })
  ).items;
}

/** Removes a bookmarked keyword; answers the whole list. */
export async function removeBookmarkedKeyword(
  channelId: string,
  videoId: string,
  keywordId: string,
): Promise<BookmarkedKeyword[]> {
  return (
    await apiRequest('removeBookmarkedKeyword', { params: { id: channelId, videoId, keywordId } })
  ).items;
}
