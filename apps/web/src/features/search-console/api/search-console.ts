import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelSearchConsole, SearchConsoleConnection } from '@tubewise/contract';
import type { SearchConsolePeriod } from '@tubewise/contract/labs-constants';
import { apiRequest } from '../../../lib/api-client.ts';
import { browser } from '../../../lib/browser.ts';
import { userQueryKey } from '../../../lib/user.ts';

/** Cache keys of the Google search section (under the user's key, so they go with a sign-out). */
export const searchConsoleQueryKeys = {
  /** Everything of the section: the person's connection and every channel's report. */
  all: [...userQueryKey, 'search-console'] as const,
  /** The signed-in person's own connection. */
  connection: () => [...searchConsoleQueryKeys.all, 'connection'] as const,
  /** Every channel's section. */
  channels: () => [...searchConsoleQueryKeys.all, 'channel'] as const,
  /** Every period of one channel's section. */
  channel: (channelId: string) => [...searchConsoleQueryKeys.channels(), channelId] as const,
  /** One period of one channel's section. */
  period: (channelId: string, days: SearchConsolePeriod) =>
    [...searchConsoleQueryKeys.channel(channelId), days] as const,
};

/** The signed-in person's Search Console connection and the properties it can see. */
export function useSearchConsoleConnection() {
  return useQuery({
    queryKey: searchConsoleQueryKeys.connection(),
    queryFn: ({ signal }): Promise<SearchConsoleConnection> =>
      apiRequest('searchConsoleConnection', { signal }),
    staleTime: 60_000,
  });
}

/**
 * A channel's Google search section over `days` (its property, who connected it, the report);
 * disabled until the channel is known. The previous period stays on screen while another loads.
 */
export function useChannelSearchConsole(channelId: string | undefined, days: SearchConsolePeriod) {
  return useQuery({
    queryKey: searchConsoleQueryKeys.period(channelId ?? '', days),
    queryFn: ({ signal }): Promise<ChannelSearchConsole> =>
      apiRequest('channelSearchConsole', {
        params: { id: channelId ?? '' },
        query: { days },
        signal,
      }),
    enabled: Boolean(channelId),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}

/**
 * Chooses the channel's property (null: none). The answer is the section over `days`, which
 * replaces that period's cache; the other periods are fetched again when shown.
 */
export function useSetChannelProperty(channelId: string, days: SearchConsolePeriod) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (siteUrl: string | null): Promise<ChannelSearchConsole> =>
      apiRequest('setChannelSearchConsole', {
        params: { id: channelId },
        query: { days },
        body: { siteUrl },
      }),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({
        queryKey: searchConsoleQueryKeys.channel(channelId),
        refetchType: 'none',
      });
      queryClient.setQueryData(searchConsoleQueryKeys.period(channelId, days), answer);
    },
  });
}

/**
 * Disconnects the person's Search Console: the server revokes the grant at Google and forgets
 * the properties chosen with it, so every channel's section is read again.
 */
export function useDisconnectSearchConsole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<SearchConsoleConnection> => apiRequest('disconnectSearchConsole', {}),
    onSuccess: async (connection) => {
      queryClient.setQueryData(searchConsoleQueryKeys.connection(), connection);
      await queryClient.invalidateQueries({ queryKey: searchConsoleQueryKeys.channels() });
    },
  });
}

/**
 * Connect (or reconnect) Search Console: asks for Google's consent URL with the page to come
 * back to, then leaves the app for it (the callback returns with `searchConsole=…`).
 */
export function useConnectSearchConsole() {
  return useMutation({
    mutationFn: async (returnTo: string): Promise<string> => {
      const { url } = await apiRequest('searchConsoleAuthUrl', { query: { returnTo } });
      return url;
    },
    onSuccess: (url) => browser.assign(url),
  });
}
