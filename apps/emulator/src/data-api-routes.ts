// YouTube Data API v3 routes: {prefix}/youtube/v3/* and the media upload of thumbnails.set.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CAPTION_FORMATS,
  captionTracksOf,
  parseCaptionTrackId,
  renderCaptions,
  type CaptionFormat,
  type CaptionTrack,
} from './captions.ts';
import { CATEGORY_OWNER_CHANNEL_ID, VIDEO_CATEGORIES } from './categories.ts';
import type { VideoRecord } from './corpus/types.ts';
import { videoEditOf } from './corpus/types.ts';
import {
  authorizationRequiredMine,
  captionDownloadForbidden,
  captionNotFound,
  captionVideoNotFound,
  channelNotFound,
  forbidden,
  GoogleApiError,
  insufficientPermissions,
  invalidCredentials,
  keyInvalid,
  invalidFilters,
  invalidImage,
  invalidPageToken,
  invalidParameter,
  loginRequired,
  mediaBodyRequired,
  mediaBodyTooLarge,
  missingFilter,
  outOfRange,
  playlistNotFound,
  quotaExceeded,
  requiredParameter,
  unknownPart,
  unregisteredCaller,
  videoNotFound,
  type GoogleError,
} from './google-errors.ts';
import { I18N_LANGUAGES } from './languages.ts';
import { CAPTION_SCOPES, READ_SCOPES, WRITE_SCOPES, type Principal } from './oauth.ts';
import { decodePageToken, paginate } from './paging.ts';
import type { QuotaMethod } from './quota-costs.ts';
import {
  canSee,
  etag,
  presentChannel,
  presentPlaylist,
  presentPlaylistItem,
  presentVideo,
  videoThumbnails,
  type Json,
  type PresentContext,
} from './resources.ts';
import { SEARCH_MAX_RESULTS_REACHABLE } from './search-index.ts';
import { queryParam, sendGoogleError, sendJson, type EmulatorState } from './state.ts';
import { sniffImageType } from './thumbnails.ts';
import { applyVideoUpdate, parseUpdateParts, planVideoUpdate } from './video-update.ts';

/** The bodies thumbnails.set accepts (the server checks real limits itself). */
export const UPLOAD_BODY_LIMIT = 64 * 1024 * 1024;

/** Who is calling: a token's principal, an API key, or nobody. */
type Caller = { kind: 'token'; principal: Principal } | { kind: 'key' } | { kind: 'anonymous' };

interface Call {
  request: FastifyRequest;
  caller: Caller;
  /** The channel of the token, if any. */
  channelId?: string;
  q: (name: string) => string | undefined;
  ctx: PresentContext;
}

const fail = (error: GoogleError): never => {
  throw new GoogleApiError(error);
};

function parseParts(value: string | undefined, allowed: readonly string[]): Set<string> {
  if (!value) return fail(requiredParameter('part'));
  const parts = new Set<string>();
  for (const raw of value.split(',')) {
    const part = raw.trim();
    if (!part) continue;
    if (!allowed.includes(part)) fail(unknownPart(part));
    parts.add(part);
  }
  if (parts.size === 0) fail(requiredParameter('part'));
  return parts;
}

function parseMaxResults(call: Call, fallback: number): number {
  const raw = call.q('maxResults');
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n > 50) fail(outOfRange('maxResults', raw, 0, 50));
  return n;
}

function parseOffset(call: Call): number {
  const token = call.q('pageToken');
  if (token === undefined || token === '') return 0;
  const offset = decodePageToken(token);
  if (offset === undefined) fail(invalidPageToken());
  return offset!;
}

function requireToken(call: Call, opts: { mine?: boolean; write?: boolean } = {}): Principal {
  if (call.caller.kind !== 'token') fail(opts.mine ? authorizationRequiredMine() : loginRequired());
  const principal = (call.caller as { principal: Principal }).principal;
  const needed = opts.write ? WRITE_SCOPES : READ_SCOPES;
  if (!principal.scopes.some((s) => needed.includes(s))) fail(insufficientPermissions());
  return principal;
}

/** What a handler answers: a JSON body, or text (a caption track). */
type Answer =
  { status?: number; body: Json } | { status?: number; text: string; contentType: string };

/** Methods that need OAuth whatever else is sent: without any credential, 401 loginRequired. */
const TOKEN_ONLY_METHODS: readonly QuotaMethod[] = [
  'videos.update',
  'thumbnails.set',
  'captions.list',
  'captions.download',
];

function listBody(
  kind: string,
  items: Json[],
  page?: { next?: string; prev?: string; total: number; perPage: number },
): Json {
  const body: Json = { kind, etag: etag(kind, ...items.map((i) => String(i.etag))) };
  if (page?.next) body.nextPageToken = page.next;
  if (page?.prev) body.prevPageToken = page.prev;
  if (page) body.pageInfo = { totalResults: page.total, resultsPerPage: page.perPage };
  body.items = items;
  return body;
}

/** Registers the Data API routes on an (encapsulated) Fastify instance. */
export function registerDataApiRoutes(app: FastifyInstance, state: EmulatorState): void {
  const { switches } = state;

  function authenticate(request: FastifyRequest): Caller | GoogleError {
    const header = request.headers.authorization;
    const bearer = header?.match(/^Bearer\s+(.+)$/i)?.[1] ?? queryParam(request, 'access_token');
    if (bearer) {
      const principal = state.oauth.authenticate(bearer.trim());
      if (principal === 'invalid') return invalidCredentials();
      if (!principal.scopes.some((s) => READ_SCOPES.includes(s))) return insufficientPermissions();
      return { kind: 'token', principal };
    }
    const key = queryParam(request, 'key');
    // An unknown key belongs to no project: refused before anything is charged.
    if (key) return state.options.apiKeys.includes(key) ? { kind: 'key' } : keyInvalid();
    return { kind: 'anonymous' };
  }

  /**
   * Wraps a handler with latency, injected failures, authentication, metering and error mapping.
   * `scopes`: a token must carry one of them (403 insufficientPermissions, not charged).
   */
  function route(
    method: QuotaMethod,
    handler: (call: Call) => Promise<Answer> | Answer,
    options: { scopes?: readonly string[] } = {},
  ) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      switches.noteStarted(method);
      await switches.delay(method);
      const failure = switches.drawFailure();
      if (failure) return sendGoogleError(reply, failure);
      const caller = authenticate(request);
      if ('status' in caller) return sendGoogleError(reply, caller);
      if (caller.kind === 'anonymous') {
        // No key and no token: no project to bill, so nothing is charged.
        if (TOKEN_ONLY_METHODS.includes(method)) return sendGoogleError(reply, loginRequired());
        if (queryParam(request, 'mine') === 'true')
          return sendGoogleError(reply, authorizationRequiredMine());
        return sendGoogleError(reply, unregisteredCaller());
      }
      if (
        options.scopes &&
        caller.kind === 'token' &&
        !caller.principal.scopes.some((s) => options.scopes!.includes(s))
      )
        return sendGoogleError(reply, insufficientPermissions());
      // Every request that reaches a method costs, valid or not; an overdraft is refused for free.
      if (!state.quota.charge(method).ok) return sendGoogleError(reply, quotaExceeded());
      const channelId = caller.kind === 'token' ? caller.principal.channelId : undefined;
      if (switches.isForbidden(channelId)) return sendGoogleError(reply, forbidden());
      const ctx: PresentContext = {
        publicUrl: state.options.publicUrl,
        corpus: state.corpus,
        customThumbnailSizes: (id) => state.thumbnails.sizes(id),
      };
      if (channelId) ctx.viewerChannelId = channelId;
      const hl = queryParam(request, 'hl');
      if (hl) ctx.hl = hl;
      const call: Call = { request, caller, q: (name) => queryParam(request, name), ctx };
      if (channelId) call.channelId = channelId;
      try {
        const answer = await handler(call);
        switches.noteApplied(method);
        // Holds the answer of an applied call (a test kills its client meanwhile).
        await switches.delayAnswer(method);
        if ('text' in answer)
          return reply
            .code(answer.status ?? 200)
            .type(answer.contentType)
            .send(answer.text);
        return sendJson(reply, answer.status ?? 200, answer.body);
      } catch (error) {
        if (error instanceof GoogleApiError) return sendGoogleError(reply, error.error);
        throw error;
      }
    };
  }

  // ---- channels.list ----
  app.get(
    '/youtube/v3/channels',
    route('channels.list', (call) => {
      const parts = parseParts(call.q('part'), [
        'id',
        'snippet',
        'contentDetails',
        'statistics',
        'brandingSettings',
        'localizations',
        'status',
        'topicDetails',
      ]);
      const max = parseMaxResults(call, 5);
      let channels;
      if (call.q('mine') === 'true') {
        const principal = requireToken(call, { mine: true });
        const own = principal.channelId ? state.corpus.getChannel(principal.channelId) : undefined;
        channels = own ? [own] : [];
      } else if (call.q('id') !== undefined) {
        const ids = call.q('id')!.split(',').filter(Boolean);
        if (ids.length > 50) fail(invalidFilters());
        channels = ids.map((id) => state.corpus.getChannel(id)).filter((c) => c !== undefined);
      } else if (call.q('forHandle')) {
        const handle = call.q('forHandle')!.replace(/^@?/, '@').toLowerCase();
        channels = [...state.corpus.channels.values()]
          .filter((c) => c.customUrl.toLowerCase() === handle)
          .slice(0, 1);
      } else {
        return fail(
          missingFilter(
            'forUsername, managedByMe, categoryId, mine, mySubscribers, id, idParam, forHandle',
          ),
        );
      }
      const items = channels.map((c) => presentChannel(call.ctx, c, parts));
      return {
        body: listBody('youtube#channelListResponse', items, { total: items.length, perPage: max }),
      };
    }),
  );

  // ---- playlists.list ----
  app.get(
    '/youtube/v3/playlists',
    route('playlists.list', (call) => {
      const parts = parseParts(call.q('part'), [
        'id',
        'snippet',
        'status',
        'contentDetails',
        'localizations',
        'player',
      ]);
      const max = parseMaxResults(call, 5);
      const offset = parseOffset(call);
      let playlists;
      let ownerView: boolean;
      if (call.q('mine') === 'true') {
        const principal = requireToken(call, { mine: true });
        playlists = principal.channelId ? state.corpus.playlistsOf(principal.channelId) : [];
        ownerView = true;
      } else if (call.q('channelId')) {
        const channelId = call.q('channelId')!;
        if (!state.corpus.getChannel(channelId)) fail(channelNotFound());
        playlists = state.corpus.playlistsOf(channelId);
        ownerView = channelId === call.channelId;
      } else if (call.q('id')) {
        const ids = call.q('id')!.split(',').filter(Boolean);
        if (ids.length > 50) fail(invalidFilters());
        playlists = ids
          .map((id) => state.corpus.getPlaylist(id))
          .filter((p) => p !== undefined && !p.id.startsWith('UU'));
        playlists = playlists.filter(
          (p) => p!.privacyStatus !== 'private' || p!.channelId === call.channelId,
        );
        ownerView = true;
      } else {
        return fail(missingFilter('channelId, id, mine'));
      }
      const visible = ownerView
        ? playlists
        : playlists.filter((p) => p!.privacyStatus !== 'private');
      const page = paginate(visible, offset, max);
      const items = page.items.map((p) => presentPlaylist(call.ctx, p!, parts));
      return {
        body: listBody('youtube#playlistListResponse', items, {
          next: page.nextPageToken,
          prev: page.prevPageToken,
          total: page.totalResults,
          perPage: max,
        }),
      };
    }),
  );

  // ---- playlistItems.list ----
  app.get(
    '/youtube/v3/playlistItems',
    route('playlistItems.list', (call) => {
      const parts = parseParts(call.q('part'), ['id', 'snippet', 'contentDetails', 'status']);
      const max = parseMaxResults(call, 5);
      const offset = parseOffset(call);
      const playlistId = call.q('playlistId');
      if (!playlistId) return fail(missingFilter('id, playlistId'));
      const playlist = state.corpus.getPlaylist(playlistId);
      if (!playlist) return fail(playlistNotFound());
      const isOwner = playlist.channelId === call.channelId;
      if (playlist.privacyStatus === 'private' && !isOwner) return fail(playlistNotFound());
      let videoIds = playlist.videoIds;
      if (playlistId.startsWith('UU') && !isOwner) {
        // Others see only the public uploads of a channel.
        videoIds = videoIds.filter((id) => state.corpus.getVideo(id)?.privacyStatus === 'public');
      }
      const videoFilter = call.q('videoId');
      const positions = videoIds
        .map((id, i) => [id, i] as const)
        .filter(([id]) => !videoFilter || id === videoFilter);
      const page = paginate(positions, offset, max);
      const items = page.items.map(([id, position]) =>
        presentPlaylistItem(call.ctx, playlist, id, position, parts),
      );
      return {
        body: listBody('youtube#playlistItemListResponse', items, {
          next: page.nextPageToken,
          prev: page.prevPageToken,
          total: page.totalResults,
          perPage: max,
        }),
      };
    }),
  );

  // ---- videos.list ----
  app.get(
    '/youtube/v3/videos',
    route('videos.list', (call) => {
      const parts = parseParts(call.q('part'), [
        'id',
        'snippet',
        'contentDetails',
        'statistics',
        'status',
        'localizations',
        'player',
        'topicDetails',
        'recordingDetails',
        'liveStreamingDetails',
      ]);
      parseMaxResults(call, 5);
      const idParam = call.q('id');
      if (idParam === undefined) return fail(missingFilter('chart, id, myRating'));
      const ids = idParam
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (ids.length > 50) fail(invalidFilters());
      const items: Json[] = [];
      for (const id of ids) {
        const video = state.corpus.getVideo(id);
        if (video && canSee(call.ctx, video)) items.push(presentVideo(call.ctx, video, parts));
      }
      return {
        body: listBody('youtube#videoListResponse', items, {
          total: items.length,
          perPage: items.length,
        }),
      };
    }),
  );

  // ---- videos.update ----
  app.put(
    '/youtube/v3/videos',
    route('videos.update', (call) => {
      const principal = requireToken(call, { write: true });
      const part = call.q('part');
      if (!part) return fail(requiredParameter('part'));
      const parsed = parseUpdateParts(part);
      if (!parsed.ok) return fail(parsed.error);
      const resource = call.request.body as Record<string, unknown> | undefined;
      const id = typeof resource?.id === 'string' ? resource.id : undefined;
      const video = id ? state.corpus.getVideo(id) : undefined;
      if (!video) return fail(videoNotFound('body.id'));
      if (video.channelId !== principal.channelId || switches.isForbidden(video.channelId))
        return fail(forbidden());
      const plan = planVideoUpdate(video, resource, parsed.parts, state.options.now());
      if (!plan.ok) return fail(plan.error);
      applyVideoUpdate(video, plan.changes, plan.unset);
      state.corpus.recordEdit(video, videoEditOf(video));
      state.persist();
      return {
        body: presentVideo(
          call.ctx,
          video,
          new Set(
            ['snippet', 'status', 'localizations'].filter((p) =>
              part
                .split(',')
                .map((s) => s.trim())
                .includes(p),
            ),
          ),
        ),
      };
    }),
  );

  // ---- search.list ----
  app.get(
    '/youtube/v3/search',
    route('search.list', (call) => {
      parseParts(call.q('part'), ['snippet', 'id']);
      const max = parseMaxResults(call, 5);
      const offset = parseOffset(call);
      const typeParam = call.q('type') ?? 'video';
      const type = typeParam.split(',')[0]!.trim();
      if (type !== 'video' && type !== 'channel') fail(invalidParameter('type', typeParam));
      const order = call.q('order') ?? 'relevance';
      if (order !== 'relevance' && order !== 'date' && order !== 'viewCount')
        fail(invalidParameter('order', order));
      const regionCode = call.q('regionCode');
      if (regionCode !== undefined && !/^[A-Za-z]{2}$/.test(regionCode))
        fail(invalidParameter('regionCode', regionCode));
      const query = {
        q: call.q('q') ?? '',
        type: type as 'video' | 'channel',
        order: order as 'relevance' | 'date' | 'viewCount',
      } as Parameters<typeof state.search.search>[0];
      if (regionCode) query.regionCode = regionCode;
      const relevanceLanguage = call.q('relevanceLanguage');
      if (relevanceLanguage) query.relevanceLanguage = relevanceLanguage;
      const channelFilter = call.q('channelId');
      if (channelFilter) query.channelId = channelFilter;
      const hits = state.search.search(query);
      const reachable = hits.slice(0, SEARCH_MAX_RESULTS_REACHABLE);
      const page = paginate(reachable, offset, max);
      const items = page.items.map(({ id }) => {
        if (type === 'channel') {
          const channel = state.corpus.getChannel(id)!;
          const thumbs = presentChannel(call.ctx, channel, new Set(['snippet'])).snippet as Json;
          return {
            kind: 'youtube#searchResult',
            etag: etag('search', id),
            id: { kind: 'youtube#channel', channelId: id },
            snippet: {
              publishedAt: thumbs.publishedAt,
              channelId: id,
              title: channel.title,
              description: channel.description.slice(0, 160),
              thumbnails: thumbs.thumbnails,
              channelTitle: channel.title,
              liveBroadcastContent: 'none',
            },
          };
        }
        const video = state.corpus.getVideo(id)!;
        return {
          kind: 'youtube#searchResult',
          etag: etag('search', id, video.revision),
          id: { kind: 'youtube#video', videoId: id },
          snippet: {
            publishedAt: new Date(video.publishedAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
            channelId: video.channelId,
            title: video.title,
            description: video.description.slice(0, 160),
            thumbnails: videoThumbnails(call.ctx, video, ['default', 'medium', 'high']),
            channelTitle: state.corpus.getChannel(video.channelId)?.title ?? '',
            liveBroadcastContent: 'none',
          },
        };
      });
      const body: Json = {
        kind: 'youtube#searchListResponse',
        etag: etag('searchList', query.q, offset, max, type, order),
      };
      if (page.nextPageToken) body.nextPageToken = page.nextPageToken;
      if (page.prevPageToken) body.prevPageToken = page.prevPageToken;
      body.regionCode = (regionCode ?? 'US').toUpperCase();
      body.pageInfo = { totalResults: Math.min(hits.length, 1_000_000), resultsPerPage: max };
      body.items = items;
      return { body };
    }),
  );

  // ---- i18nLanguages.list ----
  app.get(
    '/youtube/v3/i18nLanguages',
    route('i18nLanguages.list', (call) => {
      parseParts(call.q('part'), ['snippet', 'id']);
      const items = I18N_LANGUAGES.map(([hl, name]) => ({
        kind: 'youtube#i18nLanguage',
        etag: etag('lang', hl),
        id: hl,
        snippet: { hl, name },
      }));
      return {
        body: {
          kind: 'youtube#i18nLanguageListResponse',
          etag: etag('langs', items.length),
          items,
        },
      };
    }),
  );

  // ---- videoCategories.list ----
  app.get(
    '/youtube/v3/videoCategories',
    route('videoCategories.list', (call) => {
      parseParts(call.q('part'), ['snippet', 'id']);
      const region = call.q('regionCode');
      const ids = call.q('id')?.split(',').filter(Boolean);
      if (!region && !ids) return fail(missingFilter('id, regionCode'));
      // Nonprofits & Activism (29) is offered in the US only, as in the recorded category lists.
      const items = VIDEO_CATEGORIES.filter(([id]) =>
        ids ? ids.includes(id) : id !== '29' || region?.toUpperCase() === 'US',
      ).map(([id, title, assignable]) => ({
        kind: 'youtube#videoCategory',
        etag: etag('category', id),
        id,
        snippet: { title, assignable, channelId: CATEGORY_OWNER_CHANNEL_ID },
      }));
      return {
        body: {
          kind: 'youtube#videoCategoryListResponse',
          etag: etag('categories', region ?? '', items.length),
          items,
        },
      };
    }),
  );

  // ---- captions.list and captions.download (youtube.force-ssl or youtubepartner) ----
  const tracksOf = (video: VideoRecord): CaptionTrack[] =>
    captionTracksOf(
      state.options.seed,
      video,
      state.corpus.getChannel(video.channelId),
      state.corpus.spokenSource(video),
    );

  app.get(
    '/youtube/v3/captions',
    route(
      'captions.list',
      (call) => {
        const parts = parseParts(call.q('part'), ['id', 'snippet']);
        requireToken(call);
        const videoId = call.q('videoId');
        if (!videoId) return fail(requiredParameter('videoId'));
        const video = state.corpus.getVideo(videoId);
        if (!video || !canSee(call.ctx, video)) return fail(captionVideoNotFound());
        let tracks = tracksOf(video);
        const ids = call
          .q('id')
          ?.split(',')
          .map((id) => id.trim())
          .filter(Boolean);
        if (ids && ids.length > 0) {
          if (ids.some((id) => !tracks.some((t) => t.id === id))) return fail(captionNotFound());
          tracks = tracks.filter((t) => ids.includes(t.id));
        }
        const items = tracks.map((track) => {
          const item: Json = {
            kind: 'youtube#caption',
            etag: etag('caption', track.id, track.lastUpdated),
            id: track.id,
          };
          if (parts.has('snippet')) {
            item.snippet = {
              videoId: track.videoId,
              lastUpdated: track.lastUpdated,
              trackKind: 'standard',
              language: track.language,
              name: '',
              audioTrackType: 'unknown',
              isCC: false,
              isLarge: false,
              isEasyReader: false,
              isDraft: false,
              isAutoSynced: false,
              status: 'serving',
            };
          }
          return item;
        });
        return {
          body: {
            kind: 'youtube#captionListResponse',
            etag: etag('captionList', videoId, ...items.map((i) => String(i.etag))),
            items,
          },
        };
      },
      { scopes: CAPTION_SCOPES },
    ),
  );

  app.get(
    '/youtube/v3/captions/:id',
    route(
      'captions.download',
      (call) => {
        const principal = requireToken(call);
        const id = (call.request.params as { id: string }).id;
        const named = parseCaptionTrackId(id);
        const video = named ? state.corpus.getVideo(named.videoId) : undefined;
        const track = video ? tracksOf(video).find((t) => t.id === id) : undefined;
        if (!video || !track) return fail(captionNotFound());
        // Only the video's own channel may download its tracks.
        if (video.channelId !== principal.channelId) return fail(captionDownloadForbidden());
        if (switches.isForbidden(video.channelId)) return fail(forbidden());
        const tfmt = call.q('tfmt') ?? 'srt';
        if (!(CAPTION_FORMATS as readonly string[]).includes(tfmt))
          return fail(invalidParameter('tfmt', tfmt));
        const format = tfmt as CaptionFormat;
        return {
          text: renderCaptions(track, format),
          contentType: format === 'vtt' ? 'text/vtt; charset=UTF-8' : 'text/plain; charset=UTF-8',
        };
      },
      { scopes: CAPTION_SCOPES },
    ),
  );

  // ---- thumbnails.set (media upload and the metadata-only path) ----
  const thumbnailsSet = route('thumbnails.set', async (call) => {
    const principal = requireToken(call, { write: true });
    const videoId = call.q('videoId');
    if (!videoId) return fail(requiredParameter('videoId'));
    const video: VideoRecord | undefined = state.corpus.getVideo(videoId);
    if (!video) return fail(videoNotFound('videoId'));
    if (video.channelId !== principal.channelId || switches.isForbidden(video.channelId))
      return fail(forbidden());
    const media = extractMedia(call.request);
    if (!media || media.length === 0) return fail(mediaBodyRequired());
    if (media.length > state.options.thumbnailMaxBytes)
      return fail(mediaBodyTooLarge(state.options.thumbnailMaxBytes));
    if (!sniffImageType(media)) return fail(invalidImage());
    try {
      await state.thumbnails.store(
        video.id,
        media,
        video.thumbnailVersion + 1,
        state.options.now(),
      );
    } catch {
      return fail(invalidImage());
    }
    video.thumbnailVersion++;
    video.hasCustomThumbnail = true;
    video.revision++;
    state.corpus.recordEdit(video, videoEditOf(video));
    state.persist();
    return {
      body: {
        kind: 'youtube#thumbnailSetResponse',
        etag: etag('thumbnail', video.id, video.thumbnailVersion),
        items: [videoThumbnails(call.ctx, video)],
      },
    };
  });
  app.post('/upload/youtube/v3/thumbnails/set', { bodyLimit: UPLOAD_BODY_LIMIT }, thumbnailsSet);
  app.post('/youtube/v3/thumbnails/set', { bodyLimit: UPLOAD_BODY_LIMIT }, thumbnailsSet);
}

/** The image bytes of an upload: the raw body (uploadType=media) or the media part of multipart/related. */
export function extractMedia(request: FastifyRequest): Buffer | undefined {
  const body = request.body;
  if (!Buffer.isBuffer(body)) return undefined;
  const contentType = request.headers['content-type'] ?? '';
  if (!/^multipart\/related/i.test(contentType)) return body;
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return undefined;
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  for (let guard = 0; start !== -1 && guard < 16; guard++) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(start + delimiter.length, next);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString('latin1').toLowerCase();
      let content = part.subarray(headerEnd + 4);
      if (content.subarray(-2).toString('latin1') === '\r\n') content = content.subarray(0, -2);
      if (!headers.includes('application/json')) return content;
    }
    start = next;
  }
  return undefined;
}
