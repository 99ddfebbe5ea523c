// Google's error bodies, in the real wire form ({ error: { code, message, errors[], status? } }).
// The fixed texts are the ones recorded in ../shared/data/youtube/api-errors/.

/** One entry of `error.errors[]`. */
export interface GoogleErrorItem {
  message: string;
  domain: string;
  reason: string;
  location?: string;
  locationType?: string;
}

/** A Google API error: the HTTP status and its JSON body. */
export interface GoogleError {
  status: number;
  body: {
    error: {
      code: number;
      message: string;
      errors: GoogleErrorItem[];
      status?: string;
      details?: Record<string, unknown>[];
    };
  };
}

/** Builds an error whose top-level message equals its single item's message. */
export function googleError(
  status: number,
  item: GoogleErrorItem,
  opts: { message?: string; status?: string } = {},
): GoogleError {
  const error: GoogleError['body']['error'] = {
    code: status,
    message: opts.message ?? item.message,
    errors: [item],
  };
  if (opts.status) error.status = opts.status;
  return { status, body: { error } };
}

/** Marks a thrown value as a Google error answer. */
export class GoogleApiError extends Error {
  readonly error: GoogleError;
  constructor(error: GoogleError) {
    super(error.body.error.message);
    this.error = error;
  }
}

const QUOTA_MESSAGE =
  'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.';

/** 403 quotaExceeded, as recorded (api-errors/quotaExceeded_403.json). */
export const quotaExceeded = (): GoogleError =>
  googleError(403, { message: QUOTA_MESSAGE, domain: 'youtube.quota', reason: 'quotaExceeded' });

/**
 * 400 keyInvalid: the `key` parameter is no API key of the project. Reason and domain as recorded
 * (api-errors/keyInvalid_400.json); message and status as Google answers today.
 */
export const keyInvalid = (): GoogleError =>
  googleError(
    400,
    {
      message: 'API key not valid. Please pass a valid API key.',
      domain: 'usageLimits',
      reason: 'keyInvalid',
    },
    { status: 'INVALID_ARGUMENT' },
  );

/** 403 forbidden of the Data API (api-errors/forbidden_403_youtube_common.json). */
export const forbidden = (): GoogleError =>
  googleError(403, {
    message: 'Access forbidden. The request may not be properly authorized.',
    domain: 'youtube.common',
    reason: 'forbidden',
  });

/** 403 insufficientPermissions: the token lacks the scope the method needs. */
export const insufficientPermissions = (): GoogleError =>
  googleError(403, {
    message: 'Insufficient Permission',
    domain: 'global',
    reason: 'insufficientPermissions',
  });

/** 401 when no credential is sent (api-errors/loginRequired_401.json). */
export const loginRequired = (): GoogleError =>
  googleError(
    401,
    {
      message: 'Login Required.',
      domain: 'global',
      reason: 'required',
      location: 'Authorization',
      locationType: 'header',
    },
    {
      message:
        'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
      status: 'UNAUTHENTICATED',
    },
  );

/** 401 for an expired, revoked or unknown access token. */
export const invalidCredentials = (): GoogleError =>
  googleError(
    401,
    {
      message: 'Invalid Credentials',
      domain: 'global',
      reason: 'authError',
      location: 'Authorization',
      locationType: 'header',
    },
    {
      message:
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
      status: 'UNAUTHENTICATED',
    },
  );

/** 401 for `mine=true` without OAuth (api-errors/authorizationRequired_mine_401.json). */
export const authorizationRequiredMine = (): GoogleError =>
  googleError(401, {
    message: 'The request uses the <code>mine</code> parameter but is not properly authorized.',
    domain: 'youtube.parameter',
    reason: 'authorizationRequired',
    location: 'mine',
    locationType: 'parameter',
  });

/** 403 for a call with neither API key nor token (api-errors/forbidden_403_unregistered_caller.json). */
export const unregisteredCaller = (): GoogleError =>
  googleError(
    403,
    {
      message:
        "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
      domain: 'global',
      reason: 'forbidden',
    },
    { status: 'PERMISSION_DENIED' },
  );

/** 500 backendError (what Google answers for a transient failure). */
export const backendError500 = (): GoogleError =>
  googleError(500, { message: 'Backend Error', domain: 'global', reason: 'backendError' });

/** 503 backendError with status UNAVAILABLE. */
export const backendError503 = (): GoogleError =>
  googleError(
    503,
    { message: 'The service is currently unavailable.', domain: 'global', reason: 'backendError' },
    { status: 'UNAVAILABLE' },
  );

/** 400 for a missing required query parameter. */
export const requiredParameter = (name: string): GoogleError =>
  googleError(400, {
    message: `Required parameter: ${name}`,
    domain: 'global',
    reason: 'required',
    location: name,
    locationType: 'parameter',
  });

/** 400 for an unknown value in `part`. */
export const unknownPart = (part: string): GoogleError =>
  googleError(400, {
    message: `'${part}'`,
    domain: 'youtube.part',
    reason: 'unknownPart',
    location: 'part',
    locationType: 'parameter',
  });

/** 400 for an invalid parameter value (maxResults, order, type, ...). */
export const invalidParameter = (name: string, value: string): GoogleError =>
  googleError(400, {
    message: `Invalid value '${value}'. Values must match the following regular expression: '.*'`,
    domain: 'global',
    reason: 'invalidParameter',
    location: name,
    locationType: 'parameter',
  });

/** 400 for a numeric parameter out of its range (maxResults). */
export const outOfRange = (name: string, value: string, min: number, max: number): GoogleError =>
  googleError(400, {
    message: `Invalid value '${value}'. Values must be within the range: [${min}, ${max}]`,
    domain: 'global',
    reason: 'invalidParameter',
    location: name,
    locationType: 'parameter',
  });

/** 400 when a list method gets none of its filters. */
export const missingFilter = (expected: string): GoogleError =>
  googleError(400, {
    message: `No filter selected. Expected one of: ${expected}`,
    domain: 'youtube.parameter',
    reason: 'missingRequiredParameter',
    location: 'parameters.',
    locationType: 'other',
  });

/** 400 for a page token the emulator did not issue. */
export const invalidPageToken = (): GoogleError =>
  googleError(400, {
    message: 'The request specifies an invalid page token.',
    domain: 'youtube.parameter',
    reason: 'invalidPageToken',
    location: 'pageToken',
    locationType: 'parameter',
  });

/** 400 for incompatible or missing filter parameters (e.g. more than 50 ids). */
export const invalidFilters = (): GoogleError =>
  googleError(400, {
    message: 'The request specifies an invalid filter parameter.',
    domain: 'youtube.parameter',
    reason: 'invalidFilters',
    location: 'parameters.',
    locationType: 'other',
  });

/** 400 for a malformed request body. */
export const parseError = (): GoogleError =>
  googleError(400, { message: 'Parse Error', domain: 'global', reason: 'parseError' });

/** 404 for a playlist that does not exist. */
export const playlistNotFound = (): GoogleError =>
  googleError(404, {
    message:
      'The playlist identified with the request\u0027s <code>playlistId</code> parameter cannot be found.',
    domain: 'youtube.playlistItem',
    reason: 'playlistNotFound',
    location: 'playlistId',
    locationType: 'parameter',
  });

/** 404 for a channel id that does not exist (playlists.list channelId=). */
export const channelNotFound = (): GoogleError =>
  googleError(404, {
    message: 'Channel not found.',
    domain: 'youtube.playlist',
    reason: 'channelNotFound',
    location: 'channelId',
    locationType: 'parameter',
  });

/** 404 for a video id that does not exist (videos.update, thumbnails.set). */
export const videoNotFound = (location: string): GoogleError =>
  googleError(404, {
    message:
      location === 'videoId'
        ? 'The video identified by the <code><a href="/youtube/v3/docs/thumbnails/set#videoId">videoId</a></code> parameter could not be found.'
        : 'The video that you are trying to update cannot be found. Check the value of the <code>id</code> field in the request body to ensure that it is correct.',
    domain: 'youtube.video',
    reason: 'videoNotFound',
    location,
    locationType: location === 'videoId' ? 'parameter' : 'other',
  });

/** 404 from captions.list for a video that does not exist (or the caller cannot see). */
export const captionVideoNotFound = (): GoogleError =>
  googleError(404, {
    message:
      'The video identified by the <code><a href="/youtube/v3/docs/captions/list#videoId">videoId</a></code> parameter could not be found.',
    domain: 'youtube.caption',
    reason: 'videoNotFound',
    location: 'videoId',
    locationType: 'parameter',
  });

/** 404 for a caption track id that names no track (captions.download, captions.list id=). */
export const captionNotFound = (): GoogleError =>
  googleError(404, {
    message:
      "The caption track could not be found. Check the value of the request's <code>id</code> parameter to ensure that it is correct.",
    domain: 'youtube.caption',
    reason: 'captionNotFound',
    location: 'id',
    locationType: 'parameter',
  });

/** 403 from captions.download for a track of a video the caller's channel does not own. */
export const captionDownloadForbidden = (): GoogleError =>
  googleError(403, {
    message:
      'The permissions associated with the request are not sufficient to download the caption track. The request might not be properly authorized, or the video order might not have enabled third-party contributions for this caption.',
    domain: 'youtube.caption',
    reason: 'forbidden',
  });

/** 400 for invalid video metadata in videos.update (reason names as in the videos.update reference). */
export const invalidVideoField = (
  reason:
    | 'invalidTitle'
    | 'invalidDescription'
    | 'invalidTags'
    | 'invalidCategoryId'
    | 'invalidVideoMetadata'
    | 'defaultLanguageNotSet'
    | 'invalidPublishAt',
  location: string,
): GoogleError => {
  const messages: Record<typeof reason, string> = {
    invalidTitle: 'The request metadata specifies an invalid or empty video title.',
    invalidDescription: 'The request metadata specifies an invalid video description.',
    invalidTags: 'The request metadata specifies invalid video keywords.',
    invalidCategoryId:
      'The <code>snippet.categoryId</code> property specifies an invalid category ID.',
    invalidVideoMetadata: 'The request metadata is invalid.',
    defaultLanguageNotSet:
      'The API request is trying to add localized video details without specifying the default language of the video details.',
    invalidPublishAt: 'The request metadata specifies an invalid scheduled publishing time.',
  };
  return googleError(400, {
    message: messages[reason],
    domain: 'youtube.video',
    reason,
    location,
    locationType: 'other',
  });
};

/** 400 when thumbnails.set receives no image. */
export const mediaBodyRequired = (): GoogleError =>
  googleError(400, {
    message: 'The request does not include the image content.',
    domain: 'youtube.thumbnail',
    reason: 'mediaBodyRequired',
    location: 'body',
    locationType: 'other',
  });

/** 400 when the upload is not a JPEG or PNG image. */
export const invalidImage = (): GoogleError =>
  googleError(400, {
    message: 'The provided image content is invalid.',
    domain: 'youtube.thumbnail',
    reason: 'invalidImage',
    location: 'body',
    locationType: 'other',
  });

/** 413 when the image exceeds the size limit. */
export const mediaBodyTooLarge = (limitBytes: number): GoogleError =>
  googleError(413, {
    message: `Media larger than: ${limitBytes}`,
    domain: 'global',
    reason: 'mediaBodyTooLarge',
  });

/** 404 for a path the API does not serve. */
export const notFound = (): GoogleError =>
  googleError(404, { message: 'Not Found', domain: 'global', reason: 'notFound' });

/** Analytics 400 for a bad query (unknown metric, dimension, date). */
export const analyticsBadRequest = (message: string): GoogleError =>
  googleError(
    400,
    { message, domain: 'global', reason: 'badRequest' },
    { status: 'INVALID_ARGUMENT' },
  );

/** Analytics 403 when the token does not own the channel in `ids`. */
export const analyticsForbidden = (): GoogleError =>
  googleError(
    403,
    { message: 'Forbidden', domain: 'global', reason: 'forbidden' },
    { status: 'PERMISSION_DENIED' },
  );

// ---- OAuth token endpoint bodies (a different, flat format) ----

/** Body of the token endpoint when a refresh token or code is dead (api-errors/oauth_token_invalid_grant_400.json). */
export const INVALID_GRANT_REVOKED = {
  error: 'invalid_grant',
  error_description: 'Token has been expired or revoked.',
} as const;

/** Body of the token endpoint for an unknown client (api-errors/oauth_token_invalid_client_401.json). */
export const INVALID_CLIENT = {
  error: 'invalid_client',
  error_description: 'The OAuth client was not found.',
} as const;

/** Body for a known client with a wrong secret. */
export const INVALID_CLIENT_SECRET = {
  error: 'invalid_client',
  error_description: 'Unauthorized',
} as const;

/** Body for a bad, reused or expired authorization code, or a PKCE verifier that does not match. */
export const INVALID_GRANT_BAD_REQUEST = {
  error: 'invalid_grant',
  error_description: 'Bad Request',
} as const;

// ---- Search Console (webmasters v3) ----

/**
 * 403 when the token lacks a Search Console scope: what Google's front end answers today for
 * every API (message, PERMISSION_DENIED, ErrorInfo ACCESS_TOKEN_SCOPE_INSUFFICIENT).
 */
export const insufficientScopes = (service: string, method: string): GoogleError => {
  const error = googleError(
    403,
    { message: 'Insufficient Permission', domain: 'global', reason: 'insufficientPermissions' },
    { message: 'Request had insufficient authentication scopes.', status: 'PERMISSION_DENIED' },
  );
  error.body.error.details = [
    {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
      domain: 'googleapis.com',
      metadata: { service, method },
    },
  ];
  return error;
};

/** Search Console's 403 for a property the user has no (verified) access to. */
export const siteForbidden = (siteUrl: string): GoogleError =>
  googleError(
    403,
    {
      message: `User does not have sufficient permission for site '${siteUrl}'. See also: https://support.google.com/webmasters/answer/2451999.`,
      domain: 'global',
      reason: 'forbidden',
    },
    { status: 'PERMISSION_DENIED' },
  );
