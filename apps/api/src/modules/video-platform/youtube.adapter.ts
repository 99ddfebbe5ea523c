import { Readable } from 'node:stream';
import { OAuth2Client, CodeChallengeMethod } from 'google-auth-library';
import { youtube, type youtube_v3 } from '@googleapis/youtube';
import { youtubeAnalytics, type youtubeAnalytics_v2 } from '@googleapis/youtubeanalytics';
import { toPlatformError } from './platform-errors.ts';
import {
  mapCategory,
  mapChannel,
  mapLanguage,
  mapPlaylist,
  mapPlaylistItem,
  mapSearchResult,
  mapThumbnails,
  mapVideo,
} from './youtube.mappers.ts';
import {
  MAX_PAGE_SIZE,
  PlatformError,
  REQUESTED_SCOPES,
  type AnalyticsQuery,
  type CaptionTrack,
  type AnalyticsTable,
  type DailyViews,
  type Page,
  type PlatformCredential,
  type PlatformTokens,
  type VideoEdit,
  type VideoPlatform,
  type VideoUpdateHooks,
} from './video-platform.port.ts';

/** Where the adapter talks to: Google's endpoints in production, the emulator otherwise. */
export interface YouTubeAdapterOptions {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** Root of the Data and Analytics APIs, ending with '/' (e.g. https://youtube.googleapis.com/). */
  apiRootUrl: string;
  /** Root of the Analytics API when it differs from apiRootUrl. */
  analyticsRootUrl?: string;
  /** Per-request timeout in milliseconds. */
  timeoutMs?: number;
}

/** Google's production endpoints. */
export const GOOGLE_ENDPOINTS = {
  authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  revokeUrl: 'https://oauth2.googleapis.com/revoke',
  apiRootUrl: 'https://youtube.googleapis.com/',
  analyticsRootUrl: 'https://youtubeanalytics.googleapis.com/',
} as const;

/** Wraps a call so every failure surfaces as a PlatformError. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toPlatformError(error);
  }
}

/** The production adapter: the official Google clients, pointed at configurable endpoints. */
export class YouTubeAdapter implements VideoPlatform {
  private readonly options: YouTubeAdapterOptions;
  private readonly yt: youtube_v3.Youtube;
  private readonly analytics: youtubeAnalytics_v2.Youtubeanalytics;

  constructor(options: YouTubeAdapterOptions) {
    this.options = options;
    const timeout = options.timeoutMs ?? 20_000;
    // retry: false — retries are the job system's business, with backoff we control.
    this.yt = youtube({ version: 'v3', rootUrl: options.apiRootUrl, timeout, retry: false });
    this.analytics = youtubeAnalytics({
      version: 'v2',
      rootUrl: options.analyticsRootUrl ?? options.apiRootUrl,
      timeout,
      retry: false,
    });
  }

  /**
   * Per-request options: the channel's access token, and the root URL again, because
   * googleapis-common keeps only the origin of a client-level rootUrl (a path prefix such as
   * the embedded emulator's /emulator/ would be lost, and media uploads would go to Google).
   */
  private as(accessToken: string, rootUrl = this.options.apiRootUrl) {
    return { rootUrl, headers: { Authorization: `Bearer ${accessToken}` } };
  }

  /** The key parameter and request options of a call made as a channel (token) or the product (key). */
  private credentialOptions(credential: string | PlatformCredential) {
    if (typeof credential === 'string') return { key: {}, options: this.as(credential) };
    if ('accessToken' in credential) return { key: {}, options: this.as(credential.accessToken) };
    return { key: { key: credential.apiKey }, options: { rootUrl: this.options.apiRootUrl } };
  }

  private oauthClient(redirectUri?: string): OAuth2Client {
    return new OAuth2Client({
      clientId: this.options.clientId,
      clientSecret: this.options.clientSecret,
      redirectUri,
      endpoints: {
        oauth2AuthBaseUrl: this.options.authUrl,
        oauth2TokenUrl: this.options.tokenUrl,
        oauth2RevokeUrl: this.options.revokeUrl,
      },
    });
  }

  authorizationUrl(input: {
    state: string;
    codeChallenge: string;
    redirectUri: string;
    loginHint?: string;
    scopes?: readonly string[];
  }): string {
    return this.oauthClient(input.redirectUri).generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      // Only the channel connection merges into the account's earlier grants; other scopes
      // (Search Console) stay a grant of their own, revocable without touching the channel's.
      ...(input.scopes ? {} : { include_granted_scopes: true }),
      scope: [...(input.scopes ?? REQUESTED_SCOPES)],
      state: input.state,
      code_challenge: input.codeChallenge,
      code_challenge_method: CodeChallengeMethod.S256,
      login_hint: input.loginHint,
    });
  }

  async exchangeCode(input: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<PlatformTokens> {
    const { tokens } = await call(() =>
      this.oauthClient(input.redirectUri).getToken({
        code: input.code,
        codeVerifier: input.codeVerifier,
        redirect_uri: input.redirectUri,
      }),
    );
    if (!tokens.access_token)
      throw new PlatformError('unauthorized', 'The token endpoint returned no access token.');
    return {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? null,
      expiresAt: new Date(tokens.expiry_date ?? Date.now() + 3600_000),
      scopes: (tokens.scope ?? '').split(/\s+/).filter(Boolean),
    };
  }

  async refreshAccessToken(refreshToken: string): Promise<PlatformTokens> {
    const client = this.oauthClient();
    client.setCredentials({ refresh_token: refreshToken });
    const { token } = await call(() => client.getAccessToken());
    if (!token)
      throw new PlatformError(
        'invalid-grant',
        'No access token was issued for this refresh token.',
      );
    return {
      accessToken: token,
      refreshToken: client.credentials.refresh_token ?? refreshToken,
      expiresAt: new Date(client.credentials.expiry_date ?? Date.now() + 3600_000),
      scopes: (client.credentials.scope ?? '').split(/\s+/).filter(Boolean),
    };
  }

  async revokeToken(token: string): Promise<void> {
    await call(() => this.oauthClient().revokeToken(token));
  }

  async getMyChannel(accessToken: string) {
    const res = await call(() =>
      this.yt.channels.list(
        {
          mine: true,
          part: ['snippet', 'contentDetails', 'statistics', 'brandingSettings'],
        },
        this.as(accessToken),
      ),
    );
    const first = res.data.items?.[0];
    return first ? mapChannel(first) : null;
  }

  async getChannels(credential: PlatformCredential, ids: string[]) {
    if (ids.length === 0) return [];
    if (ids.length > MAX_PAGE_SIZE)
      throw new PlatformError('bad-request', `channels.list takes at most ${MAX_PAGE_SIZE} ids.`);
    const { key, options } = this.credentialOptions(credential);
    const res = await call(() =>
      this.yt.channels.list(
        {
          ...key,
          id: [ids.join(',')],
          part: ['snippet', 'contentDetails', 'statistics'],
          maxResults: MAX_PAGE_SIZE,
        },
        options,
      ),
    );
    return (res.data.items ?? []).map(mapChannel);
  }

  async listPlaylistItems(
    credential: string | PlatformCredential,
    playlistId: string,
    pageToken?: string,
  ) {
    const { key, options } = this.credentialOptions(credential);
    const res = await call(() =>
      this.yt.playlistItems.list(
        {
          ...key,
          playlistId,
          part: ['contentDetails', 'snippet'],
          maxResults: MAX_PAGE_SIZE,
          pageToken,
        },
        options,
      ),
    );
    return page(
      res.data,
      (res.data.items ?? []).map(mapPlaylistItem).filter((i) => i !== null),
    );
  }

  async getVideos(credential: string | PlatformCredential, ids: string[]) {
    if (ids.length === 0) return [];
    if (ids.length > MAX_PAGE_SIZE)
      throw new PlatformError('bad-request', `videos.list takes at most ${MAX_PAGE_SIZE} ids.`);
    const { key, options } = this.credentialOptions(credential);
    const res = await call(() =>
      this.yt.videos.list(
        {
          ...key,
          // One comma-separated value, as the API reference documents it.
          id: [ids.join(',')],
          part: ['snippet', 'contentDetails', 'statistics', 'status', 'localizations'],
          maxResults: MAX_PAGE_SIZE,
        },
        options,
      ),
    );
    return (res.data.items ?? []).map(mapVideo);
  }

  async listPlaylists(accessToken: string, channelId: string, pageToken?: string) {
    const res = await call(() =>
      this.yt.playlists.list(
        {
          channelId,
          part: ['snippet', 'contentDetails'],
          maxResults: MAX_PAGE_SIZE,
          pageToken,
        },
        this.as(accessToken),
      ),
    );
    return page(res.data, (res.data.items ?? []).map(mapPlaylist));
  }

  async updateVideo(
    accessToken: string,
    videoId: string,
    edit: VideoEdit,
    hooks: VideoUpdateHooks = {},
  ) {
    const options = this.as(accessToken);
    // videos.update deletes every property of a sent part that the request leaves out:
    // read the whole current parts, merge the edits, write the whole parts back.
    const current = await call(() =>
      this.yt.videos.list({ id: [videoId], part: ['snippet', 'localizations'] }, options),
    );
    const video = current.data.items?.[0];
    if (!video?.snippet)
      throw new PlatformError('not-found', `Video ${videoId} was not found.`, { status: 404 });
    const previous = mapVideo(video);
    const snippet: youtube_v3.Schema$VideoSnippet = {
      title: edit.title ?? video.snippet.title,
      description: edit.description ?? video.snippet.description,
      tags: edit.tags ?? video.snippet.tags,
      categoryId: edit.categoryId ?? video.snippet.categoryId,
      defaultLanguage: edit.defaultLanguage ?? video.snippet.defaultLanguage,
      defaultAudioLanguage: video.snippet.defaultAudioLanguage,
    };
    const localizations = edit.localizations ?? video.localizations;
    // videos.update costs 50 units: never spend them when the merge changes nothing.
    const unchanged =
      snippet.title === video.snippet.title &&
      (snippet.description ?? '') === (video.snippet.description ?? '') &&
      JSON.stringify(snippet.tags ?? []) === JSON.stringify(video.snippet.tags ?? []) &&
      snippet.categoryId === video.snippet.categoryId &&
      (snippet.defaultLanguage ?? null) === (video.snippet.defaultLanguage ?? null) &&
      JSON.stringify(localizations ?? {}) === JSON.stringify(video.localizations ?? {});
    if (unchanged) return { previous, updated: previous, changed: false };
    const parts = ['snippet'];
    const requestBody: youtube_v3.Schema$Video = { id: videoId, snippet };
    if (localizations && Object.keys(localizations).length > 0) {
      parts.push('localizations');
      requestBody.localizations = localizations;
    }
    // Outside call(): a failure of the caller's hook is its own, not the platform's.
    await hooks.beforeWrite?.(previous, {
      title: snippet.title ?? '',
      description: snippet.description ?? '',
      tags: snippet.tags ?? [],
      defaultLanguage: snippet.defaultLanguage ?? null,
    });
    const res = await call(() => this.yt.videos.update({ part: parts, requestBody }, options));
    return { previous, updated: mapVideo(res.data), changed: true };
  }

  async setThumbnail(
    accessToken: string,
    videoId: string,
    image: Buffer,
    mimeType: 'image/jpeg' | 'image/png',
  ) {
    const res = await call(() =>
      this.yt.thumbnails.set(
        {
          videoId,
          media: { mimeType, body: Readable.from(image) },
        },
        this.as(accessToken),
      ),
    );
    return mapThumbnails(res.data.items?.[0]);
  }

  async search(credential: PlatformCredential, query: Parameters<VideoPlatform['search']>[1]) {
    const { key, options } = this.credentialOptions(credential);
    const res = await call(() =>
      this.yt.search.list(
        {
          ...key,
          part: ['snippet'],
          q: query.q,
          type: [query.type],
          regionCode: query.regionCode,
          relevanceLanguage: query.relevanceLanguage,
          order: query.order,
          pageToken: query.pageToken,
          maxResults: Math.min(query.maxResults ?? 25, MAX_PAGE_SIZE),
        },
        options,
      ),
    );
    return page(
      res.data,
      (res.data.items ?? []).map(mapSearchResult).filter((r) => r !== null),
    );
  }

  async listLanguages(accessToken: string, hl?: string) {
    const res = await call(() =>
      this.yt.i18nLanguages.list({ part: ['snippet'], hl }, this.as(accessToken)),
    );
    return (res.data.items ?? []).map(mapLanguage);
  }

  async listCategories(accessToken: string, regionCode: string) {
    const res = await call(() =>
      this.yt.videoCategories.list({ part: ['snippet'], regionCode }, this.as(accessToken)),
    );
    return (res.data.items ?? []).map(mapCategory);
  }

  async listCaptionTracks(accessToken: string, videoId: string): Promise<CaptionTrack[]> {
    const res = await call(() =>
      this.yt.captions.list({ part: ['snippet'], videoId }, this.as(accessToken)),
    );
    return (res.data.items ?? []).flatMap((item) =>
      item.id
        ? [
            {
              id: item.id,
              language: item.snippet?.language ?? null,
              trackKind: item.snippet?.trackKind ?? null,
              name: item.snippet?.name ?? null,
              lastUpdated: item.snippet?.lastUpdated ?? null,
              isDraft: item.snippet?.isDraft ?? false,
            },
          ]
        : [],
    );
  }

  async downloadCaptionTrack(accessToken: string, trackId: string): Promise<string> {
    const res = await call(() =>
      this.yt.captions.download(
        { id: trackId, tfmt: 'srt' },
        { ...this.as(accessToken), responseType: 'text' },
      ),
    );
    return typeof res.data === 'string' ? res.data : String(res.data ?? '');
  }

  async viewsByDay(
    accessToken: string,
    input: {
      channelId: string;
      startDate: string;
      endDate: string;
      videoId?: string;
      trafficSource?: string;
    },
  ): Promise<DailyViews[]> {
    const filters = [
      input.videoId ? `video==${input.videoId}` : null,
      input.trafficSource ? `insightTrafficSourceType==${input.trafficSource}` : null,
    ]
      .filter(Boolean)
      .join(';');
    const res = await call(() =>
      this.analytics.reports.query(
        {
          ids: `channel==${input.channelId}`,
          startDate: input.startDate,
          endDate: input.endDate,
          metrics: 'views',
          dimensions: 'day',
          sort: 'day',
          filters: filters || undefined,
        },
        this.as(accessToken, this.options.analyticsRootUrl ?? this.options.apiRootUrl),
      ),
    );
    const headers = (res.data.columnHeaders ?? []).map((h) => h.name);
    const dayIndex = headers.indexOf('day');
    const viewsIndex = headers.indexOf('views');
    return (res.data.rows ?? []).map((row) => ({
      day: String(row[dayIndex]),
      views: Number(row[viewsIndex] ?? 0),
    }));
  }

  async analyticsReport(accessToken: string, query: AnalyticsQuery): Promise<AnalyticsTable> {
    const res = await call(() =>
      this.analytics.reports.query(
        {
          ids: `channel==${query.channelId}`,
          startDate: query.startDate,
          endDate: query.endDate,
          metrics: query.metrics.join(','),
          dimensions: query.dimensions?.length ? query.dimensions.join(',') : undefined,
          filters: query.filters || undefined,
          sort: query.sort || undefined,
          maxResults: query.maxResults,
        },
        this.as(accessToken, this.options.analyticsRootUrl ?? this.options.apiRootUrl),
      ),
    );
    const columns = (res.data.columnHeaders ?? []).map((h) => h.name ?? '');
    const rows = (res.data.rows ?? []).map((row) =>
      row.map((cell) => (typeof cell === 'number' ? cell : String(cell))),
    );
    return { columns, rows };
  }
}

function page<T>(
  data: { nextPageToken?: string | null; pageInfo?: youtube_v3.Schema$PageInfo },
  items: T[],
): Page<T> {
  return {
    items,
    nextPageToken: data.nextPageToken ?? null,
    totalResults: data.pageInfo?.totalResults ?? null,
  };
}
