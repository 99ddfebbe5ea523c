import { z } from 'zod';

/** Query of GET /api/users/youtube-auth-url (spec section 7). */
export const youtubeAuthUrlQuery = z.object({
  user_id: z.string().max(100),
  reconnect: z.enum(['true', 'false']).default('false'),
  first_channel: z.enum(['true', 'false']).default('false'),
  channel_id: z.string().max(100).optional(),
  /**
   * The app page to come back to after the consent (a same-origin path such as
   * `/optimization/video/abc`); the server validates it and keeps it with the state.
   */
  return_to: z.string().max(2000).optional(),
});
export const youtubeAuthUrlResponse = z.object({ authUrl: z.string() });

/** Query parameters the OAuth callback sends the browser back with (spec section 2). */
export const OAUTH_RETURN_PARAMS = [
  'oauth-success',
  'valid-channel',
  'channel-reconnect',
  'correct-channel',
  'yt-permissions-given',
  'xsrf',
] as const;

export const youtubeIdParams = z.object({ youtubeId: z.string().min(1).max(100) });
export const channelIdParams = z.object({ id: z.string().min(1).max(100) });

/** A person who works on a channel. */
export const channelMember = z.object({
  userId: z.string().nullable(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['owner', 'member']),
  /** False while an invited person has not signed in yet. */
  joined: z.boolean(),
});
export type ChannelMember = z.infer<typeof channelMember>;
export const channelMembers = z.object({ members: z.array(channelMember) });
export const inviteMemberBody = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
});
export const memberParams = z.object({
  id: z.string().min(1).max(100),
  email: z.string().min(1).max(254),
});

/** Per-channel settings used by recommendations and AI text (spec section 7 endpoint group). */
export const channelSettings = z.object({
  topics: z.array(z.string().trim().min(1).max(80)).max(20),
  /** Keyword language code, e.g. 'en-us'. */
  language: z.string().min(2).max(20),
  eeatStatement: z.string().max(2000),
  toneOfVoice: z.string().max(500),
  industries: z.array(z.string().trim().min(1).max(80)).max(10),
  companyName: z.string().max(200),
});
export type ChannelSettings = z.infer<typeof channelSettings>;

/** A keyword language (spec section 3 "Language"). */
export const language = z.object({
  /** Locale id, e.g. 'en-us' (the default). */
  id: z.string(),
  name: z.string(),
  iso6391: z.string(),
  youtube: z.string(),
  bing: z.string(),
  writeSonic: z.string(),
  /** Google Ads language criterion id (1000 = English). */
  adsCode: z.number(),
  locName: z.string(),
  locAbbreviation: z.string(),
  /** Google Ads / DataForSEO location code (2840 = United States). */
  code: z.number(),
});
/** The default keyword language (spec section 3). */
export const DEFAULT_LANGUAGE_ID = 'en-us';
export type Language = z.infer<typeof language>;
export const localesQuery = z.object({ sortBy: z.enum(['name', 'code']).default('name') });
export const locales = z.array(language);

/** A public channel search hit (signed-out onboarding). */
export const publicChannel = z.object({
  youtubeId: z.string(),
  title: z.string(),
  description: z.string(),
  thumbnailUrl: z.string(),
});
export const channelSearchQuery = z.object({
  q: z.string().trim().min(1).max(100),
  page_token: z.string().max(200).optional(),
});
export const channelSearchResponse = z.object({
  channels: z.array(publicChannel),
  nextPageToken: z.string().nullable(),
});

/** State of a channel's sync with the platform. */
export const syncStatus = z.object({
  state: z.enum(['idle', 'queued', 'running', 'succeeded', 'failed']),
  isSyncing: z.boolean(),
  videosDone: z.number().int(),
  videosTotal: z.number().int().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  lastSyncedAt: z.string().nullable(),
  /** Why the last sync failed, in words a person can act on. */
  error: z.string().nullable(),
});
export type SyncStatus = z.infer<typeof syncStatus>;
