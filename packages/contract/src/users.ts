import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

const email = z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).pipe(z.email());
const password = z.string().min(1).max(PASSWORD_MAX_LENGTH);
const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

/** A signed-in user as the API presents it (spec section 3). */
export const user = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  /** Comma-separated feature flags, e.g. "competition_user,labs_user". */
  flags: z.string(),
  isV2Enterprise: z.boolean(),
  aiPermission: z.string(),
  settings: z.object({ skipSearchTermHelp: z.boolean() }),
  notificationSettings: z.object({ email: z.boolean() }),
  createdAt: z.string(),
});
export type User = z.infer<typeof user>;

/** A connected channel (spec section 3). */
export const channel = z.object({
  id: z.string(),
  youtubeId: z.string(),
  name: z.string(),
  thumbnailUrl: z.string(),
  needsReconnect: z.boolean(),
});
export type Channel = z.infer<typeof channel>;

export const loginBody = z.object({ email, password });
export type LoginBody = z.infer<typeof loginBody>;

export const sessionInfo = z.object({
  user,
  /** When the short-lived session token expires (ISO time); refresh before or on 401. */
  sessionExpiresAt: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

export const checkTokenResponse = z.object({
  valid: z.literal(true),
  sessionExpiresAt: z.string(),
});

export const refreshResponse = z.object({ sessionExpiresAt: z.string() });

export const forgetBody = z.object({ email });
export const setPasswordBody = z.object({
  token: z.string().min(1).max(200),
  password: newPassword,
});
export const setEmailBody = z.object({ email, password });
export const updatePasswordBody = z.object({ currentPassword: password, newPassword });
export const notificationSettingsBody = z.object({ newState: z.boolean() });

export const success = z.object({ success: z.literal(true) });
export type Success = z.infer<typeof success>;

export const myChannels = z.object({
  myChannels: z.array(channel),
  invitedTo: z.array(channel),
});
export type MyChannels = z.infer<typeof myChannels>;

const jsonObject = z.record(z.string(), z.unknown());

/** A usage event (spec section 3 "Tracking event"). */
export const eventBody = z.object({
  anonymousId: z.string().min(1).max(100),
  data: z.object({
    event: z.string().min(1).max(200),
    payload: z
      .object({
        onlyActionLogServicePayload: z.boolean().optional(),
        email: z.string().max(254).optional(),
        channelId: z.string().max(100).optional(),
        channelYtId: z.string().max(100).optional(),
      })
      .catchall(z.unknown())
      .optional(),
  }),
});
export type EventBody = z.infer<typeof eventBody>;

/** A page view (spec section 3 "Page-view"). */
export const pageViewBody = z.object({
  url: z.string().min(1).max(2000),
  title: z.string().max(500),
  anonymousId: z.string().min(1).max(100),
  data: jsonObject.optional(),
});
export type PageViewBody = z.infer<typeof pageViewBody>;

export const accepted = z.object({ accepted: z.literal(true) });
