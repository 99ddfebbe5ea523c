import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { channelMembersQueryKey } from './get-channel-members.ts';

/** Stops sharing a channel with someone (owner only); answers the remaining members. */
export async function removeMember(channelId: string, email: string) {
  const { members } = await apiRequest('removeMember', { params: { id: channelId, email } });
  return members;
}

/** Member removal mutation: the answered member list replaces the cached one. */
export function useRemoveMember(channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => removeMember(channelId, email),
    onSuccess: (members) => queryClient.setQueryData(channelMembersQueryKey(channelId), members),
  });
}
