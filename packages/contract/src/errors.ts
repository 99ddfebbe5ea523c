import { z } from 'zod';

/** Stable error codes every non-2xx answer carries in `error.code`. */
export const errorCodes = [
  'bad-request',
  'validation-failed',
  'unauthorized',
  'invalid-credentials',
  'session-expired',
  'forbidden',
  'cross-origin',
  'unsupported-media-type',
  'not-found',
  'conflict',
  'failed',
  'invalid-token',
  'wrong-password',
  'weak-password',
  'rate-limited',
  'too-many-invitations',
  'payload-too-large',
  'invalid-grant',
  'video-platform-access-forbidden',
  'platform-quota-exceeded',
  'platform-unavailable',
  'metadata-invalid',
  'draft-conflict',
  'no-default-language',
  'invalid-image',
  'image-corrupt',
  'image-dimensions-too-large',
  'too-many-seeds',
  'script-conflict',
  'ideas-list-expired',
  'publish-in-progress',
  'tracked-keywords-limit',
  'ai-permission-required',
  'ai-not-eligible',
  'ai-quota-exceeded',
  'account-read-only',
  'channel-limit-reached',
  'people-limit-reached',
  'already-subscribed',
  'billing-unavailable',
  'export-in-progress',
  'feature-not-enabled',
  'competitors-limit',
  'onboarding-incomplete',
  'account-exists',
  'link-expired',
  'thumbnail-test-running',
  'thumbnail-test-ended',
  'search-console-not-connected',
  'internal',
  'unavailable',
] as const;

/** One of the stable error codes. */
export type ErrorCode = (typeof errorCodes)[number];

/** The one error envelope: `{ error: { code, message, requestId } }`. */
export const errorEnvelope = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string(),
    /** Field-level problems for validation failures. */
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    /** Data that helps the caller recover, e.g. the current draft on a draft conflict. */
    details: z.unknown().optional(),
  }),
});

/** The error envelope as a type. */
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
