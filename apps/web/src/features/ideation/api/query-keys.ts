/**
 * Cache keys of the ideation feature. Everything of a channel's ideas sits under
 * `ideationQueryKeys.all(channelId)` (itself under the signed-in user's key, so it goes with a
 * sign-out); saving an idea or changing folders invalidates the parts that show saved state.
 */
import { userQueryKey } from '../../../lib/user.ts';

/** Key builders of the ideation feature's channel queries. */
export const ideationQueryKeys = {
  /** Everything about a channel's ideas, folders, saved ideas and scripts. */
  all: (channelId: string) => [...userQueryKey, 'ideas', channelId] as const,
  /** Every discover request of a channel (all seeds, languages and pages). */
  discoverAll: (channelId: string) => [...ideationQueryKeys.all(channelId), 'discover'] as const,
  /** The pages of ideas for one set of seeds in one language (an infinite query). */
  discover: (channelId: string, seeds: readonly string[], language: string | undefined) =>
    [...ideationQueryKeys.discoverAll(channelId), { seeds, language: language ?? null }] as const,
  /** Ideas seeded from the channel's settings (topics, industries). */
  suggested: (channelId: string) => [...ideationQueryKeys.all(channelId), 'suggested'] as const,
  /** Every idea details request of a channel. */
  detailsAll: (channelId: string) => [...ideationQueryKeys.all(channelId), 'details'] as const,
  /** One idea's details (figures, trend, ranking videos, titles). */
  details: (channelId: string, phrase: string, language: string | undefined) =>
    [...ideationQueryKeys.detailsAll(channelId), phrase, language ?? null] as const,
  /** The channel's idea folders. */
  folders: (channelId: string) => [...ideationQueryKeys.all(channelId), 'folders'] as const,
  /** Every saved-ideas list of the channel (all folders or one). */
  savedAll: (channelId: string) => [...ideationQueryKeys.all(channelId), 'saved'] as const,
  /** The saved ideas of one folder. */
  saved: (channelId: string, folderId: string) =>
    [...ideationQueryKeys.savedAll(channelId), folderId] as const,
  /** The script of one saved idea (loaded afresh each time it opens). */
  script: (channelId: string, ideaId: string) =>
    [...ideationQueryKeys.all(channelId), 'script', ideaId] as const,
  /** The signed-in person's weekly ideas e-mail settings (every channel). */
  inbox: () => [...userQueryKey, 'idea-inbox'] as const,
};
