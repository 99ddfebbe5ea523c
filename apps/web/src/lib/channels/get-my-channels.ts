import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Channel, MyChannels } from '@tubewise/contract';
import { apiRequest } from '../api-client.ts';
import { userQueryKey } from '../user.ts';

/** Cache key of the user's channels (under the user key: signing out drops both). */
export const myChannelsQueryKey = [...userQueryKey, 'channels'] as const;

/** Fetches the channels the user owns and those shared with them. */
export function getMyChannels(): Promise<MyChannels> {
  return apiRequest('myChannels');
}

/** Query options of the user's channels. */
export const myChannelsQueryOptions = () =>
  queryOptions({ queryKey: myChannelsQueryKey, queryFn: getMyChannels, staleTime: 60_000 });

/** The user's channels; only fetched when `enabled` (i.e. someone is signed in). */
export function useMyChannels(enabled = true) {
  return useQuery({ ...myChannelsQueryOptions(), enabled });
}

/** The picker's list: owned channels first, then channels shared with the user (no duplicates). */
export function pickerChannels(data: MyChannels | undefined): Channel[] {
  if (!data) return [];
  const seen = new Set<string>();
  return [...data.myChannels, ...data.invitedTo].filter((c) =>
    seen.has(c.id) ? false : (seen.add(c.id), true),
  );
}
