import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { channelMembersQueryKey } from './get-channel-members.ts';

/** Shares a channel with someone by e-mail (owner only); answers the new member list. */
export async function inviteMember(channelId: string, email: string) {
  const { members } = await apiRequest('inviteMember', {
    params: { id: channelId },
    body: { email },
  });
  return members;
}

/** Invite mutation: the answered member list replaces the cached one. */
export function useInviteMember(channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => inviteMember(channelId, email),
    onSuccess: (members) => queryClient.setQueryData(channelMembersQueryKey(channelId), members),
  });
}
