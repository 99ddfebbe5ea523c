import type { ErrorCode } from '@tubewise/contract';

/** HTTP status for each error code (the one place that maps codes to statuses). */
export const codeToStatus: Record<ErrorCode, number> = {
  'bad-request': 400,
  'validation-failed': 400,
  unauthorized: 401,
  'invalid-credentials': 401,
  'session-expired': 401,
  forbidden: 403,
  'cross-origin': 403,
  'unsupported-media-type': 415,
  'not-found': 404,
  conflict: 409,
  failed: 400,
  'invalid-token': 400,
  'wrong-password': 400,
  'weak-password': 400,
  'rate-limited': 429,
  'too-many-invitations': 429,
  'payload-too-large': 413,
  'invalid-grant': 403,
  'video-platform-access-forbidden': 403,
  'platform-quota-exceeded': 429,
  'platform-unavailable': 503,
  'metadata-invalid': 400,
  'draft-conflict': 409,
  'script-conflict': 409,
  'ideas-list-expired': 409,
  'publish-in-progress': 409,
  'tracked-keywords-limit': 409,
  'ai-permission-required': 403,
  'ai-not-eligible': 409,
  'ai-quota-exceeded': 429,
  // 402 Payment Required: the account's trial ended without a subscription.
  'account-read-only': 402,
  'channel-limit-reached': 409,
  'people-limit-reached': 409,
  'already-subscribed': 409,
  'billing-unavailable': 503,
  'export-in-progress': 409,
  // A person without the feature's flag (competition_user).
  'feature-not-enabled': 403,
  'competitors-limit': 409,
  // The e-mail step before competitors and keywords are there.
  'onboarding-incomplete': 409,
  // Said only to the verified owner of the e-mail.
  'account-exists': 409,
  // 410 Gone: a shared insights link that expired or was revoked.
  'link-expired': 410,
  // A running thumbnail test owns the video's thumbnail (one test per video, no edits meanwhile).
  'thumbnail-test-running': 409,
  'thumbnail-test-ended': 409,
  // The caller has no working Search Console grant to choose a property with.
  'search-console-not-connected': 409,
  'too-many-seeds': 400,
  'no-default-language': 400,
  'invalid-image': 400,
  'image-corrupt': 400,
  'image-dimensions-too-large': 400,
  internal: 500,
  unavailable: 503,
};

/** A failure a service reports with a stable code; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** Seconds after which a retry may succeed (sent as Retry-After). */
  readonly retryAfterSeconds?: number;
  /** Field-level problems (sent as `error.issues`). */
  readonly issues?: { path: string; message: string }[];
  /** Data that helps the caller recover (sent as `error.details`). */
  readonly details?: unknown;
  constructor(
    code: ErrorCode,
    message: string,
    options?: {
      retryAfterSeconds?: number;
      issues?: { path: string; message: string }[];
      details?: unknown;
    },
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.retryAfterSeconds = options?.retryAfterSeconds;
    this.issues = options?.issues;
    this.details = options?.details;
  }
  /** The HTTP status for this error's code. */
  get status(): number {
    return codeToStatus[this.code];
  }
}
