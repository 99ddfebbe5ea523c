import type { z } from 'zod';
import * as u from './users.ts';
import { publicConfig } from './config.ts';
import * as c from './channels.ts';

/** A route definition shared by the API (validation, OpenAPI) and the web (paths, types). */
export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  summary: string;
  /** Whether a signed-in session is required. */
  auth: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
  /** Status of the success answer (200 unless stated). */
  status?: 200 | 201 | 202 | 204;
}

const def = <T extends RouteDef>(d: T): T => d;

/** Every API call of the product, by name. */
export const routes = {
  publicConfig: def({
    method: 'GET',
    path: '/api/public/config',
    summary: 'Public settings the web app needs at start',
    auth: false,
    response: publicConfig,
  }),
  login: def({
    method: 'POST',
    path: '/api/users/login',
    summary: 'Sign in with e-mail and password; sets the session cookies',
    auth: false,
    body: u.loginBody,
    response: u.sessionInfo,
  }),
  logout: def({
    method: 'POST',
    path: '/api/users/logout',
    summary: 'Sign out: revokes the session server-side and clears the cookies',
    auth: false,
    response: u.success,
  }),
  refresh: def({
    method: 'POST',
    path: '/api/users/refresh-token',
    summary: 'Rotate the refresh token and issue a new session token',
    auth: false,
    response: u.refreshResponse,
  }),
  checkToken: def({
    method: 'GET',
    path: '/api/users/check-token',
    summary: 'Whether the session token is valid',
    auth: true,
    response: u.checkTokenResponse,
  }),
  forget: def({
    method: 'POST',
    path: '/api/users/forget',
    summary: 'Send a password-reset e-mail (always answers success)',
    auth: false,
    body: u.forgetBody,
    response: u.success,
  }),
  setPassword: def({
    method: 'POST',
    path: '/api/users/set-password',
    summary: 'Set a new password with a reset or set-password token',
    auth: false,
    body: u.setPasswordBody,
    response: u.success,
  }),
  setEmail: def({
    method: 'POST',
    path: '/api/users/set-email',
    summary: "Change the signed-in user's e-mail (current password required)",
    auth: true,
    body: u.setEmailBody,
    response: u.user,
  }),
  updatePassword: def({
    method: 'POST',
    path: '/api/users/update-password',
    summary: "Change the signed-in user's password; signs out other sessions",
    auth: true,
    body: u.updatePasswordBody,
    response: u.success,
  }),
  me: def({
    method: 'GET',
    path: '/api/users/me',
    summary: 'The signed-in user',
    auth: true,
    response: u.user,
  }),
  myChannels: def({
    method: 'GET',
    path: '/api/users/me/channels',
    summary: 'Channels the user owns and channels shared with the user',
    auth: true,
    response: u.myChannels,
  }),
  emailNotifications: def({
    method: 'PATCH',
    path: '/api/users/notification-settings/email',
    summary: 'Turn e-mail notifications on or off; returns the user',
    auth: true,
    body: u.notificationSettingsBody,
    response: u.user,
  }),
  event: def({
    method: 'POST',
    path: '/api/users/event',
    summary: 'Record a usage event (fire-and-forget)',
    auth: false,
    body: u.eventBody,
    response: u.accepted,
    status: 202,
  }),
  pageView: def({
    method: 'POST',
    path: '/api/users/event/page',
    summary: 'Record a page view (fire-and-forget)',
    auth: false,
    body: u.pageViewBody,
    response: u.accepted,
    status: 202,
  }),
  youtubeAuthUrl: def({
    method: 'GET',
    path: '/api/users/youtube-auth-url',
    summary: 'The consent URL for connecting or reconnecting a channel',
    auth: true,
    query: c.youtubeAuthUrlQuery,
    response: c.youtubeAuthUrlResponse,
  }),
  removeChannel: def({
    method: 'DELETE',
    path: '/accounts/users/channels/:youtubeId/',
    summary: 'Remove a channel: revokes its platform token and removes its data for this user',
    auth: true,
    params: c.youtubeIdParams,
    response: u.success,
  }),
  channelMembers: def({
    method: 'GET',
    path: '/api/channels/:id/members',
    summary: 'The owner and the members of a channel',
    auth: true,
    params: c.channelIdParams,
    response: c.channelMembers,
  }),
  inviteMember: def({
    method: 'POST',
    path: '/api/channels/:id/members',
    summary: 'Share a channel with someone by e-mail (owner only)',
    auth: true,
    params: c.channelIdParams,
    body: c.inviteMemberBody,
    response: c.channelMembers,
    status: 201,
  }),
  removeMember: def({
    method: 'DELETE',
    path: '/api/channels/:id/members/:email',
    summary: 'Stop sharing a channel with someone (owner only)',
    auth: true,
    params: c.memberParams,
    response: c.channelMembers,
  }),
  getChannelSettings: def({
    method: 'GET',
    path: '/api/channels/:id/settings',
    summary: 'Topics, language, E-E-A-T statement, tone of voice, industries and company name',
    auth: true,
    params: c.channelIdParams,
    response: c.channelSettings,
  }),
  updateChannelSettings: def({
    method: 'PUT',
    path: '/api/channels/:id/settings',
    summary: 'Replace the channel settings',
    auth: true,
    params: c.channelIdParams,
    body: c.channelSettings,
    response: c.channelSettings,
  }),
  locales: def({
    method: 'GET',
    path: '/api/keywords/locales',
    summary: 'Keyword languages (locations and languages of keyword data)',
    auth: true,
    query: c.localesQuery,
    response: c.locales,
  }),
  publicChannelSearch: def({
    method: 'GET',
    path: '/yt/api/public/channels/search',
    summary: 'Search channels by name (signed-out onboarding); cached and rate-limited',
    auth: false,
    query: c.channelSearchQuery,
    response: c.channelSearchResponse,
  }),
  startSync: def({
    method: 'POST',
    path: '/optimization/channels/:id/sync',
    summary: "Start syncing a channel's videos and playlists",
    auth: true,
    params: c.channelIdParams,
    response: c.syncStatus,
    status: 202,
  }),
  syncStatus: def({
    method: 'GET',
    path: '/optimization/channels/:id/sync/status',
    summary: 'Sync state and progress (videos done / total)',
    auth: true,
    params: c.channelIdParams,
    response: c.syncStatus,
  }),
} as const satisfies Record<string, RouteDef>;

/** The routes table's type. */
export type Routes = typeof routes;
/** Request body type of a route. */
export type BodyOf<K extends keyof Routes> = Routes[K] extends { body: z.ZodType }
  ? z.input<Routes[K]['body']>
  : undefined;
/** Success response type of a route. */
export type ResponseOf<K extends keyof Routes> = z.output<Routes[K]['response']>;
