// Presenters: internal records → Data API resources, with the field order, kinds and etag
// conventions of the recorded real responses (current unquoted etags, timestamps without millis).
import { createHash } from 'node:crypto';
import { uploadsPlaylistId, type Corpus } from './corpus/corpus.ts';
import type { ChannelRecord, PlaylistRecord, VideoRecord } from './corpus/types.ts';

/** Everything presenters need besides the record. */
export interface PresentContext {
  /** Base URL the emulator is reachable at (thumbnail and avatar URLs hang off it). */
  publicUrl: string;
  corpus: Corpus;
  /** Thumbnail sizes present for a video with an uploaded custom thumbnail. */
  customThumbnailSizes(videoId: string): readonly ThumbnailSizeName[] | undefined;
  /** The channel the caller acts for (owners see private data), if any. */
  viewerChannelId?: string;
  /** The `hl` parameter (localized snippet). */
  hl?: string;
}

/** The five thumbnail sizes of a video. */
export const THUMBNAIL_SIZES = {
  default: { file: 'default.jpg', width: 120, height: 90 },
  medium: { file: 'mqdefault.jpg', width: 320, height: 180 },
  high: { file: 'hqdefault.jpg', width: 480, height: 360 },
  standard: { file: 'sddefault.jpg', width: 640, height: 480 },
  maxres: { file: 'maxresdefault.jpg', width: 1280, height: 720 },
} as const;

/** A thumbnail size name. */
export type ThumbnailSizeName = keyof typeof THUMBNAIL_SIZES;

/** A JSON object. */
export type Json = Record<string, unknown>;

/** A 27-character etag derived from the given parts (stable while the resource is unchanged). */
export function etag(...parts: (string | number)[]): string {
  return createHash('sha1').update(parts.join('|')).digest('base64url');
}

/** An ISO 8601 instant without milliseconds, as the API writes them. */
export function isoSeconds(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** An ISO 8601 duration (PT#H#M#S). */
export function isoDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (seconds === 0) return 'P0D';
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s ? `${s}S` : ''}`;
}

/** The thumbnails object of a video. */
export function videoThumbnails(
  ctx: PresentContext,
  video: VideoRecord,
  only?: readonly ThumbnailSizeName[],
): Json {
  const custom = ctx.customThumbnailSizes(video.id);
  const sizes: readonly ThumbnailSizeName[] =
    custom ??
    (video.definition === 'hd'
      ? ['default', 'medium', 'high', 'standard', 'maxres']
      : ['default', 'medium', 'high', 'standard']);
  const version = custom ? `?v=${video.thumbnailVersion}` : '';
  const out: Json = {};
  for (const name of sizes) {
    if (only && !only.includes(name)) continue;
    const size = THUMBNAIL_SIZES[name];
    out[name] = {
      url: `${ctx.publicUrl}/vi/${video.id}/${size.file}${version}`,
      width: size.width,
      height: size.height,
    };
  }
  return out;
}

function channelThumbnails(ctx: PresentContext, channelId: string): Json {
  const url = (s: number) => `${ctx.publicUrl}/yt3/${channelId}/s${s}.jpg`;
  return {
    default: { url: url(88), width: 88, height: 88 },
    medium: { url: url(240), width: 240, height: 240 },
    high: { url: url(800), width: 800, height: 800 },
  };
}

/** Whether the caller may see a video (owners see private ones). */
export function canSee(ctx: PresentContext, video: VideoRecord): boolean {
  return video.privacyStatus !== 'private' || ctx.viewerChannelId === video.channelId;
}

/** A youtube#video resource with the requested parts. */
export function presentVideo(
  ctx: PresentContext,
  video: VideoRecord,
  parts: ReadonlySet<string>,
): Json {
  const channel = ctx.corpus.getChannel(video.channelId);
  const out: Json = {
    kind: 'youtube#video',
    etag: etag('video', video.id, video.revision, video.viewCount, [...parts].join(',')),
    id: video.id,
  };
  if (parts.has('snippet')) {
    const localized = (ctx.hl && video.localizations[ctx.hl]) || {
      title: video.title,
      description: video.description,
    };
    const snippet: Json = {
      publishedAt: isoSeconds(video.publishedAt),
      channelId: video.channelId,
      title: video.title,
      description: video.description,
      thumbnails: videoThumbnails(ctx, video),
      channelTitle: channel?.title ?? '',
    };
    if (video.tags.length > 0) snippet.tags = [...video.tags];
    snippet.categoryId = video.categoryId;
    snippet.liveBroadcastContent = 'none';
    if (video.defaultLanguage) snippet.defaultLanguage = video.defaultLanguage;
    snippet.localized = { title: localized.title, description: localized.description };
    if (video.defaultAudioLanguage) snippet.defaultAudioLanguage = video.defaultAudioLanguage;
    out.snippet = snippet;
  }
  if (parts.has('contentDetails')) {
    out.contentDetails = {
      duration: isoDuration(video.durationSeconds),
      dimension: '2d',
      definition: video.definition,
      caption: String(video.caption),
      licensedContent: video.licensedContent,
      contentRating: {},
      projection: 'rectangular',
    };
  }
  if (parts.has('status')) {
    const status: Json = { uploadStatus: 'processed', privacyStatus: video.privacyStatus };
    if (video.publishAt) status.publishAt = video.publishAt;
    status.license = video.license;
    status.embeddable = video.embeddable;
    status.publicStatsViewable = video.publicStatsViewable;
    status.madeForKids = video.madeForKids;
    if (ctx.viewerChannelId === video.channelId && video.selfDeclaredMadeForKids !== undefined) {
      status.selfDeclaredMadeForKids = video.selfDeclaredMadeForKids;
    }
    out.status = status;
  }
  if (parts.has('statistics')) {
    // As on YouTube, hidden likes and disabled comments leave their count out entirely.
    const statistics: Json = { viewCount: String(video.viewCount) };
    if (!video.ratingsDisabled) statistics.likeCount = String(video.likeCount);
    statistics.favoriteCount = '0';
    if (!video.commentsDisabled) statistics.commentCount = String(video.commentCount);
    out.statistics = statistics;
  }
  if (parts.has('localizations') && Object.keys(video.localizations).length > 0) {
    out.localizations = structuredClone(video.localizations);
  }
  return out;
}

/** A youtube#channel resource with the requested parts. */
export function presentChannel(
  ctx: PresentContext,
  channel: ChannelRecord,
  parts: ReadonlySet<string>,
): Json {
  const out: Json = {
    kind: 'youtube#channel',
    etag: etag('channel', channel.id, ctx.corpus.version, [...parts].join(',')),
    id: channel.id,
  };
  if (parts.has('snippet')) {
    const snippet: Json = {
      title: channel.title,
      description: channel.description,
      customUrl: channel.customUrl,
      publishedAt: isoSeconds(channel.publishedAt),
      thumbnails: channelThumbnails(ctx, channel.id),
    };
    if (channel.defaultLanguage) snippet.defaultLanguage = channel.defaultLanguage;
    snippet.localized = { title: channel.title, description: channel.description };
    if (channel.country) snippet.country = channel.country;
    out.snippet = snippet;
  }
  if (parts.has('contentDetails')) {
    out.contentDetails = {
      relatedPlaylists: { likes: '', uploads: uploadsPlaylistId(channel.id) },
    };
  }
  if (parts.has('statistics')) {
    let views = 0;
    let count = 0;
    for (const id of ctx.corpus.uploads(channel.id)) {
      const video = ctx.corpus.getVideo(id);
      if (!video || video.privacyStatus !== 'public') continue;
      views += video.viewCount;
      count++;
    }
    out.statistics = {
      viewCount: String(views),
      subscriberCount: String(roundSubscribers(channel.subscriberCount)),
      hiddenSubscriberCount: false,
      videoCount: String(count),
    };
  }
  if (parts.has('brandingSettings')) {
    const settings: Json = { title: channel.title, description: channel.description };
    if (channel.keywords) settings.keywords = channel.keywords;
    if (channel.defaultLanguage) settings.defaultLanguage = channel.defaultLanguage;
    if (channel.country) settings.country = channel.country;
    out.brandingSettings = {
      channel: settings,
      image: { bannerExternalUrl: `${ctx.publicUrl}/yt3/${channel.id}/banner.jpg` },
    };
  }
  return out;
}

// The API rounds public subscriber counts to three significant figures.
function roundSubscribers(n: number): number {
  if (n < 1000) return n;
  const digits = Math.floor(Math.log10(n)) + 1;
  const unit = 10 ** (digits - 3);
  return Math.floor(n / unit) * unit;
}

/** A youtube#playlist resource with the requested parts. */
export function presentPlaylist(
  ctx: PresentContext,
  playlist: PlaylistRecord,
  parts: ReadonlySet<string>,
): Json {
  const channel = ctx.corpus.getChannel(playlist.channelId);
  const out: Json = {
    kind: 'youtube#playlist',
    etag: etag('playlist', playlist.id, playlist.videoIds.length, [...parts].join(',')),
    id: playlist.id,
  };
  if (parts.has('snippet')) {
    const first = playlist.videoIds
      .map((id) => ctx.corpus.getVideo(id))
      .find((v) => v && v.privacyStatus === 'public');
    out.snippet = {
      publishedAt: isoSeconds(playlist.publishedAt),
      channelId: playlist.channelId,
      title: playlist.title,
      description: playlist.description,
      thumbnails: first ? videoThumbnails(ctx, first) : {},
      channelTitle: channel?.title ?? '',
      localized: { title: playlist.title, description: playlist.description },
    };
  }
  if (parts.has('status')) out.status = { privacyStatus: playlist.privacyStatus };
  if (parts.has('contentDetails')) out.contentDetails = { itemCount: playlist.videoIds.length };
  return out;
}

/** A youtube#playlistItem resource; private videos appear as "Private video" to non-owners. */
export function presentPlaylistItem(
  ctx: PresentContext,
  playlist: PlaylistRecord,
  videoId: string,
  position: number,
  parts: ReadonlySet<string>,
): Json {
  const video = ctx.corpus.getVideo(videoId);
  const channel = ctx.corpus.getChannel(playlist.channelId);
  const visible = video !== undefined && canSee(ctx, video);
  const out: Json = {
    kind: 'youtube#playlistItem',
    etag: etag('playlistItem', playlist.id, videoId, video?.revision ?? 0, [...parts].join(',')),
    id: Buffer.from(`${playlist.id}.${videoId}`).toString('base64'),
  };
  if (parts.has('snippet')) {
    const snippet: Json = {
      publishedAt: isoSeconds(Math.max(playlist.publishedAt, video?.publishedAt ?? 0)),
      channelId: playlist.channelId,
      title: visible ? video.title : 'Private video',
      description: visible ? video.description : 'This video is private.',
      thumbnails: visible ? videoThumbnails(ctx, video) : {},
      channelTitle: channel?.title ?? '',
      playlistId: playlist.id,
      position,
      resourceId: { kind: 'youtube#video', videoId },
    };
    if (visible) {
      snippet.videoOwnerChannelTitle = ctx.corpus.getChannel(video.channelId)?.title ?? '';
      snippet.videoOwnerChannelId = video.channelId;
    }
    out.snippet = snippet;
  }
  if (parts.has('contentDetails')) {
    const details: Json = { videoId };
    if (visible) details.videoPublishedAt = isoSeconds(video.publishedAt);
    out.contentDetails = details;
  }
  if (parts.has('status')) out.status = { privacyStatus: video?.privacyStatus ?? 'private' };
  return out;
}
