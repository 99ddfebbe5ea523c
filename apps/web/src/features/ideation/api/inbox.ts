import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf, IdeaInboxSettings } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { ideationQueryKeys } from './query-keys.ts';

/** Opting a channel in or out of the weekly ideas e-mail. */
export type InboxChange = BodyOf<'updateIdeaInboxSettings'>;

/** The signed-in person's weekly ideas e-mail setting per channel. */
export function useIdeaInboxSettings(enabled: boolean) {
  return useQuery({
    queryKey: ideationQueryKeys.inbox(),
    queryFn: ({ signal }) => apiRequest('ideaInboxSettings', { signal }),
    enabled,
  });
}

/**
 * Changes one channel's weekly e-mail setting. The switch moves at once; a refusal puts it back
 * (the caller tells the person) and the server's answer replaces the cache.
 */
export function useUpdateIdeaInbox() {
  const queryClient = useQueryClient();
  const key = ideationQueryKeys.inbox();
  return useMutation({
    mutationFn: (change: InboxChange) => apiRequest('updateIdeaInboxSettings', { body: change }),
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<IdeaInboxSettings>(key);
      if (before) {
        queryClient.setQueryData<IdeaInboxSettings>(key, {
          items: before.items.map((item) =>
            item.channelId === change.channelId
              ? { ...item, weeklyIdeas: change.weeklyIdeas }
              : item,
          ),
        });
      }
      return { before };
    },
    onError: (_err, _change, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (settings) => queryClient.setQueryData(key, settings),
  });
}
