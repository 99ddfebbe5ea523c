import { PlatformError, type PlatformErrorKind } from './video-platform.port.ts';

interface GoogleErrorItem {
  reason?: string;
  domain?: string;
  message?: string;
}

const QUOTA_REASONS = new Set([
  'quotaExceeded',
  'dailyLimitExceeded',
  'rateLimitExceeded',
  'userRateLimitExceeded',
  'RATE_LIMIT_EXCEEDED',
]);
const FORBIDDEN_REASONS = new Set([
  'forbidden',
  'insufficientPermissions',
  'channelClosed',
  'channelSuspended',
  'playlistItemsNotAccessible',
  'playlistForbidden',
  'videoNotOwned',
  'PERMISSION_DENIED',
  'SERVICE_UNAVAILABLE', // Studio's "caller does not have permission" body carries this reason with 403.
]);

/**
 * Maps a Google error answer (Data API `{error:{code,errors[]}}`, its bare inner form, or the
 * OAuth token endpoint's `{error, error_description}`) to the product's PlatformError.
 */
export function mapGoogleError(status: number | null, body: unknown): PlatformError {
  const oauth = asOAuthError(body);
  if (oauth) {
    if (oauth.error === 'invalid_grant') {
      return new PlatformError('invalid-grant', oauth.description ?? 'The grant is invalid.', {
        reason: 'invalid_grant',
        status,
      });
    }
    return new PlatformError('unauthorized', oauth.description ?? oauth.error, {
      reason: oauth.error,
      status,
    });
  }
  const inner = innerError(body);
  const code = status ?? (typeof inner?.code === 'number' ? inner.code : null);
  const first: GoogleErrorItem | undefined = inner?.errors?.[0];
  const reason = first?.reason ?? inner?.status ?? null;
  const message =
    first?.message ?? inner?.message ?? `Video platform answered ${code ?? 'an error'}`;
  return new PlatformError(kindFor(code, first, inner?.status), stripHtml(message), {
    reason,
    status: code,
  });
}

function kindFor(
  status: number | null,
  first: GoogleErrorItem | undefined,
  grpcStatus?: string,
): PlatformErrorKind {
  const reason = first?.reason ?? '';
  if (QUOTA_REASONS.has(reason) || first?.domain === 'youtube.quota') return 'quota';
  if (status === 429) return 'quota';
  if (status !== null && status >= 500) return 'unavailable';
  if (status === 401) return 'unauthorized';
  if (status === 404) return 'not-found';
  if (status === 403 || FORBIDDEN_REASONS.has(reason) || grpcStatus === 'PERMISSION_DENIED')
    return 'forbidden';
  if (status === 400) return 'bad-request';
  return 'unavailable';
}

function innerError(
  body: unknown,
): { code?: number; message?: string; status?: string; errors?: GoogleErrorItem[] } | null {
  if (!body || typeof body !== 'object') return null;
  const wrapped = (body as { error?: unknown }).error;
  if (wrapped && typeof wrapped === 'object') return wrapped as ReturnType<typeof innerError>;
  if ('errors' in body || 'code' in body) return body as ReturnType<typeof innerError>;
  return null;
}

function asOAuthError(body: unknown): { error: string; description?: string } | null {
  if (!body || typeof body !== 'object') return null;
  const { error, error_description } = body as { error?: unknown; error_description?: unknown };
  if (typeof error !== 'string') return null;
  return {
    error,
    description: typeof error_description === 'string' ? error_description : undefined,
  };
}

function stripHtml(text: string): string {
  return text.replace(/<[^>]+>/g, '');
}

/** Turns whatever a Google client threw (GaxiosError, network error) into a PlatformError. */
export function toPlatformError(error: unknown): PlatformError {
  if (error instanceof PlatformError) return error;
  const e = error as {
    response?: { status?: number; data?: unknown };
    code?: string;
    message?: string;
  };
  if (e?.response) {
    let data = e.response.data;
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data);
      } catch {
        // Not JSON: keep the status-only mapping below.
      }
    }
    return mapGoogleError(e.response.status ?? null, data);
  }
  return new PlatformError(
    'unavailable',
    `Video platform unreachable: ${e?.message ?? String(error)}`,
    {
      reason: e?.code ?? null,
    },
  );
}
