import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelMember } from '@tubewise/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { userQueryKey } from '../../../lib/user.ts';

/** Cache key of a channel's members (under the user key: signing out drops it). */
export const channelMembersQueryKey = (channelId: string) =>
  [...userQueryKey, 'channel-members', channelId] as const;

/** Fetches the owner and the members of a channel. */
export async function getChannelMembers(channelId: string): Promise<ChannelMember[]> {
  const { members } = await apiRequest('channelMembers', { params: { id: channelId } });
  return members;
}

/** Query options of a channel's members. */
export const channelMembersQueryOptions = (channelId: string) =>
  queryOptions({
    queryKey: channelMembersQueryKey(channelId),
    queryFn: () => getChannelMembers(channelId),
  });

/** A channel's members. */
export function useChannelMembers(channelId: string) {
  return useQuery(channelMembersQueryOptions(channelId));
}

/** Owner first, then the others in the server's order. */
export function ownerFirst(members: readonly ChannelMember[]): ChannelMember[] {
  return [...members].sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
}
