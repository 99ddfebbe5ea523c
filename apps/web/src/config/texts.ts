/** User-facing texts quoted exactly from the spec (sections 5 and 8). */

/** Session-expired notice; "click here" is rendered as the link. */
export const SESSION_EXPIRED_TEXT = 'Your session has expired. Please click here to login';
/** Invalid-grant notice. */
export const INVALID_GRANT_TEXT =
  'Failed to connect to the video platform API. In order to continue using this feature you need to reconnect your channel.';
/** Access-forbidden notice. */
export const ACCESS_FORBIDDEN_TEXT =
  "It seems your connected account doesn't have the permission to retrieve data. Please contact your channel administrator.";

/** Channel picker texts. */
export const CHANNEL_FILTER_PLACEHOLDER = 'Filter channels';
export const CHANNEL_FILTER_HEADING = 'Filter Channels';
export const CHANNEL_FILTER_EMPTY = 'No channels found';

/** Account e-mail change failures. */
export const EMAIL_IN_USE_TEXT = 'This e-mail is already in use';
export const EMAIL_UPDATE_FAILED_TEXT = 'Failed to update user email';

/** Labs navigation chip. */
export const LABS_CHIP = 'BETA';
