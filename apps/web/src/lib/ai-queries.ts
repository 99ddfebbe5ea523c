import { userQueryKey } from './user.ts';

/**
 * Prefix of every query holding AI-suggestion data (eligibility, the month's quota, the latest
 * generation). Whatever changes what the AI may do (the person's AI permission in the account
 * settings) refreshes them all at once by invalidating this prefix.
 */
export const aiQueryKey = [...userQueryKey, 'ai'] as const;

/** Prefix of a channel's AI-suggestion queries. */
export const channelAiQueryKey = (channelId: string) => [...aiQueryKey, channelId] as const;
