/** OAuth scope to read a channel's data. */
export const SCOPE_READONLY = 'https://www.googleapis.com/auth/youtube.readonly';
/** OAuth scope to update videos and thumbnails ("Manage your YouTube account"). */
export const SCOPE_MANAGE = 'https://www.googleapis.com/auth/youtube';
/** Alternative scope that also allows updates. */
export const SCOPE_FORCE_SSL = 'https://www.googleapis.com/auth/youtube.force-ssl';
/** Analytics scope for views by day and traffic source. */
export const SCOPE_ANALYTICS = 'https://www.googleapis.com/auth/yt-analytics.readonly';
/**
 * What the product asks for when connecting a channel. Managing videos is required; force-ssl
 * is what captions.list/download accept, so AI suggestions can read what a video says: a person
 * may untick it and the AI then writes without captions.
 */
export const REQUESTED_SCOPES = [
  SCOPE_MANAGE,
  SCOPE_READONLY,
  SCOPE_ANALYTICS,
  SCOPE_FORCE_SSL,
] as const;
/** YouTube's page size limit for list calls and the id limit of videos.list. */
export const MAX_PAGE_SIZE = 50;

/** Tokens from the OAuth token endpoint. */
export interface PlatformTokens {
  accessToken: string;
  /** Present after a consent (prompt=consent); absent on plain refreshes. */
  refreshToken: string | null;
  expiresAt: Date;
  /** Scopes actually granted (users can untick some). */
  scopes: string[];
}

/** A thumbnail of one size. */
export interface Thumbnail {
  url: string;
  width: number | null;
  height: number | null;
}

/** A channel as the product needs it. */
export interface PlatformChannel {
  youtubeId: string;
  title: string;
  description: string;
  customUrl: string | null;
  thumbnailUrl: string;
  /** The playlist holding every upload (contentDetails.relatedPlaylists.uploads). */
  uploadsPlaylistId: string | null;
  publishedAt: string | null;
  country: string | null;
  defaultLanguage: string | null;
  subscriberCount: number | null;
  videoCount: number | null;
  viewCount: number | null;
}

/** One entry of a playlist. */
export interface PlatformPlaylistItem {
  videoId: string;
  position: number | null;
}

/** A playlist of a channel. */
export interface PlatformPlaylist {
  youtubeId: string;
  title: string;
  itemCount: number;
  thumbnailUrl: string | null;
}

/** Video privacy on the platform. */
export type PrivacyStatus = 'public' | 'unlisted' | 'private';

/** A video with everything the optimisation features read. */
export interface PlatformVideo {
  youtubeId: string;
  channelId: string;
  title: string;
  description: string;
  tags: string[];
  categoryId: string | null;
  defaultLanguage: string | null;
  defaultAudioLanguage: string | null;
  publishedAt: string | null;
  privacyStatus: PrivacyStatus | null;
  /** Scheduled publication time of a private video. */
  publishAt: string | null;
  durationSeconds: number | null;
  /** contentDetails.caption: whether captions exist; null when not reported. */
  hasCaptions: boolean | null;
  thumbnails: Partial<Record<'default' | 'medium' | 'high' | 'standard' | 'maxres', Thumbnail>>;
  viewCount: number | null;
  likeCount: number | null;
  commentCount: number | null;
  localizations: Record<string, { title: string; description: string }>;
}

/** The settable metadata of a video (platform-facts "Settable"). */
export interface VideoEdit {
  title?: string;
  description?: string;
  tags?: string[];
  categoryId?: string;
  defaultLanguage?: string;
  localizations?: Record<string, { title: string; description: string }>;
}

/** The text metadata a publish writes, as the platform holds it. */
export type VideoMetadata = Pick<
  PlatformVideo,
  'title' | 'description' | 'tags' | 'defaultLanguage'
>;

/** Lets the caller act between the read and the write of a read-modify-write update. */
export interface VideoUpdateHooks {
  /**
   * Runs after the video was read and before videos.update is sent, only when the merge changes
   * something; `next` is what the write sets. A throw cancels the write (nothing is sent).
   */
  beforeWrite?(previous: PlatformVideo, next: VideoMetadata): Promise<void>;
}

/** What videos.update did: the video before and after, and whether anything was written. */
export interface VideoUpdateResult {
  /** The snippet and localizations read just before the update. */
  previous: PlatformVideo;
  updated: PlatformVideo;
  changed: boolean;
}

/** A page of a list call. */
export interface Page<T> {
  items: T[];
  nextPageToken: string | null;
  totalResults: number | null;
}

/** A search hit. */
export interface SearchResult {
  kind: 'video' | 'channel';
  youtubeId: string;
  channelId: string;
  /** The channel's name (snippet.channelTitle), when given. */
  channelTitle?: string;
  title: string;
  description: string;
  thumbnailUrl: string | null;
  publishedAt: string | null;
}

/** Search parameters (search.list). */
export interface SearchQuery {
  q: string;
  type: 'video' | 'channel';
  regionCode?: string;
  relevanceLanguage?: string;
  order?: 'relevance' | 'date' | 'viewCount';
  pageToken?: string;
  maxResults?: number;
}

/** Who a call is made as: a channel's OAuth access token, or the product's API key. */
export type PlatformCredential = { accessToken: string } | { apiKey: string };

/** A language the platform supports (i18nLanguages.list). */
export interface PlatformLanguage {
  id: string;
  name: string;
}

/** A video category (videoCategories.list). */
export interface PlatformCategory {
  id: string;
  title: string;
  assignable: boolean;
}

/** Views per day from YouTube Analytics. */
export interface DailyViews {
  day: string;
  views: number;
}

/** A YouTube Analytics v2 reports.query for one channel; names as in YouTube's documentation. */
export interface AnalyticsQuery {
  channelId: string;
  startDate: string;
  endDate: string;
  metrics: string[];
  dimensions?: string[];
  /** e.g. 'insightTrafficSourceType==YT_SEARCH' (several joined with ';'). */
  filters?: string;
  /** e.g. '-views' or 'day'. */
  sort?: string;
  maxResults?: number;
}

/** A reports.query answer: the column names (dimensions, then metrics) and the rows. */
export interface AnalyticsTable {
  columns: string[];
  rows: (string | number)[][];
}

/** How a platform call failed, in the product's terms. */
export type PlatformErrorKind =
  | 'quota'
  | 'forbidden'
  | 'invalid-grant'
  | 'unauthorized'
  | 'not-found'
  | 'bad-request'
  | 'unavailable';

/** A platform failure mapped to a kind the product handles (quota, forbidden, ...). */
export class PlatformError extends Error {
  readonly kind: PlatformErrorKind;
  /** Google's `reason` (e.g. quotaExceeded, defaultLanguageNotSet), when given. */
  readonly reason: string | null;
  readonly status: number | null;
  constructor(
    kind: PlatformErrorKind,
    message: string,
    options: { reason?: string | null; status?: number | null } = {},
  ) {
    super(message);
    this.name = 'PlatformError';
    this.kind = kind;
    this.reason = options.reason ?? null;
    this.status = options.status ?? null;
  }
  /** Whether retrying later may succeed. */
  get retryable(): boolean {
    return this.kind === 'unavailable';
  }
}

/** A caption track of a video (captions.list). */
export interface CaptionTrack {
  id: string;
  language: string | null;
  /** 'standard' (uploaded), 'asr' (automatic) or 'forced'. */
  trackKind: string | null;
  name: string | null;
  /** When the track last changed (ISO 8601), null when not reported. */
  lastUpdated: string | null;
  isDraft: boolean;
}

/** The one interface between the product and the video platform (YouTube or its emulator). */
export interface VideoPlatform {
  /**
   * The consent URL for connecting a channel (REQUESTED_SCOPES, merged with the account's earlier
   * grants), or, with `scopes`, for exactly those scopes in a grant of their own (no
   * include_granted_scopes: the Search Console connection).
   */
  authorizationUrl(input: {
    state: string;
    codeChallenge: string;
    redirectUri: string;
    loginHint?: string;
    scopes?: readonly string[];
  }): string;
  /** Exchanges an authorization code (with its PKCE verifier) for tokens. */
  exchangeCode(input: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<PlatformTokens>;
  /** Gets a fresh access token; throws PlatformError('invalid-grant') when the refresh token is dead. */
  refreshAccessToken(refreshToken: string): Promise<PlatformTokens>;
  /** Revokes a refresh or access token. */
  revokeToken(token: string): Promise<void>;
  /** The channel of the signed-in account (channels.list mine=true), or null when it has none. */
  getMyChannel(accessToken: string): Promise<PlatformChannel | null>;
  /** Public channels by id (channels.list id=…, ≤50, 1 unit); unknown ids are left out. */
  getChannels(credential: PlatformCredential, ids: string[]): Promise<PlatformChannel[]>;
  /** One page (≤50) of a playlist's items; a string is a channel's access token. */
  listPlaylistItems(
    credential: string | PlatformCredential,
    playlistId: string,
    pageToken?: string,
  ): Promise<Page<PlatformPlaylistItem>>;
  /** Up to 50 videos by id; a string is a channel's access token. */
  getVideos(credential: string | PlatformCredential, ids: string[]): Promise<PlatformVideo[]>;
  /** One page (≤50) of a channel's playlists. */
  listPlaylists(
    accessToken: string,
    channelId: string,
    pageToken?: string,
  ): Promise<Page<PlatformPlaylist>>;
  /**
   * Applies edits with read-modify-write so no other field is lost (one videos.list, then one
   * videos.update only when the merge changes something).
   */
  updateVideo(
    accessToken: string,
    videoId: string,
    edit: VideoEdit,
    hooks?: VideoUpdateHooks,
  ): Promise<VideoUpdateResult>;
  /** Uploads a custom thumbnail (JPEG or PNG); returns the video's new thumbnail sizes. */
  setThumbnail(
    accessToken: string,
    videoId: string,
    image: Buffer,
    mimeType: 'image/jpeg' | 'image/png',
  ): Promise<PlatformVideo['thumbnails']>;
  /** Searches videos or channels, as a channel (access token) or as the product (API key). */
  search(credential: PlatformCredential, query: SearchQuery): Promise<Page<SearchResult>>;
  /** Languages the platform supports. */
  listLanguages(accessToken: string, hl?: string): Promise<PlatformLanguage[]>;
  /** Video categories of a region. */
  listCategories(accessToken: string, regionCode: string): Promise<PlatformCategory[]>;
  /** Views by day, optionally for one video and only from one traffic source (e.g. YT_SEARCH). */
  viewsByDay(
    accessToken: string,
    input: {
      channelId: string;
      startDate: string;
      endDate: string;
      videoId?: string;
      trafficSource?: string;
    },
  ): Promise<DailyViews[]>;
  /** A video's caption tracks (captions.list: 50 units; the grant needs youtube.force-ssl). */
  listCaptionTracks(accessToken: string, videoId: string): Promise<CaptionTrack[]>;
  /** A caption track's text as SRT (captions.download: 200 units; needs youtube.force-ssl). */
  downloadCaptionTrack(accessToken: string, trackId: string): Promise<string>;
  /** One YouTube Analytics reports.query for a channel (metrics, dimensions, filters as YouTube names them). */
  analyticsReport(accessToken: string, query: AnalyticsQuery): Promise<AnalyticsTable>;
}
