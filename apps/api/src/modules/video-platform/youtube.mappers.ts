import type { youtube_v3 } from '@googleapis/youtube';
import type {
  PlatformCategory,
  PlatformChannel,
  PlatformLanguage,
  PlatformPlaylist,
  PlatformPlaylistItem,
  PlatformVideo,
  PrivacyStatus,
  SearchResult,
  Thumbnail,
} from './video-platform.port.ts';

const num = (v: string | number | null | undefined): number | null =>
  v === null || v === undefined || v === '' ? null : Number(v);

/** Parses an ISO 8601 duration (PT1H2M3S, P1DT2H) into seconds. */
export function parseIsoDuration(value: string | null | undefined): number | null {
  if (!value) return null;
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(value);
  if (!m) return null;
  const [, d, h, min, s] = m;
  return (
    Number(d ?? 0) * 86400 +
    Number(h ?? 0) * 3600 +
    Number(min ?? 0) * 60 +
    Math.round(Number(s ?? 0))
  );
}

function bestThumbnail(t: youtube_v3.Schema$ThumbnailDetails | undefined): string | null {
  return t?.high?.url ?? t?.medium?.url ?? t?.default?.url ?? null;
}

function thumb(t: youtube_v3.Schema$Thumbnail | undefined): Thumbnail | undefined {
  return t?.url ? { url: t.url, width: t.width ?? null, height: t.height ?? null } : undefined;
}

/** channels.list item → PlatformChannel. */
export function mapChannel(c: youtube_v3.Schema$Channel): PlatformChannel {
  return {
    youtubeId: c.id ?? '',
    title: c.snippet?.title ?? '',
    description: c.snippet?.description ?? '',
    customUrl: c.snippet?.customUrl ?? null,
    thumbnailUrl: bestThumbnail(c.snippet?.thumbnails) ?? '',
    uploadsPlaylistId: c.contentDetails?.relatedPlaylists?.uploads ?? null,
    publishedAt: c.snippet?.publishedAt ?? null,
    country: c.snippet?.country ?? null,
    defaultLanguage:
      c.snippet?.defaultLanguage ?? c.brandingSettings?.channel?.defaultLanguage ?? null,
    subscriberCount: c.statistics?.hiddenSubscriberCount
      ? null
      : num(c.statistics?.subscriberCount),
    videoCount: num(c.statistics?.videoCount),
    viewCount: num(c.statistics?.viewCount),
  };
}

/** playlistItems.list item → the video it points at. */
export function mapPlaylistItem(i: youtube_v3.Schema$PlaylistItem): PlatformPlaylistItem | null {
  const videoId = i.contentDetails?.videoId ?? i.snippet?.resourceId?.videoId;
  return videoId ? { videoId, position: i.snippet?.position ?? null } : null;
}

/** playlists.list item → PlatformPlaylist. */
export function mapPlaylist(p: youtube_v3.Schema$Playlist): PlatformPlaylist {
  return {
    youtubeId: p.id ?? '',
    title: p.snippet?.title ?? '',
    itemCount: p.contentDetails?.itemCount ?? 0,
    thumbnailUrl: bestThumbnail(p.snippet?.thumbnails),
  };
}

/** videos.list item → PlatformVideo. */
/** ThumbnailDetails → the sizes a video has. */
export function mapThumbnails(
  t: youtube_v3.Schema$ThumbnailDetails | undefined,
): PlatformVideo['thumbnails'] {
  const thumbnails: PlatformVideo['thumbnails'] = {};
  for (const size of ['default', 'medium', 'high', 'standard', 'maxres'] as const) {
    const value = thumb(t?.[size]);
    if (value) thumbnails[size] = value;
  }
  return thumbnails;
}

/** Video resource → PlatformVideo. */
export function mapVideo(v: youtube_v3.Schema$Video): PlatformVideo {
  const thumbnails = mapThumbnails(v.snippet?.thumbnails);
  const localizations: PlatformVideo['localizations'] = {};
  for (const [lang, l] of Object.entries(v.localizations ?? {})) {
    localizations[lang] = { title: l.title ?? '', description: l.description ?? '' };
  }
  return {
    youtubeId: v.id ?? '',
    channelId: v.snippet?.channelId ?? '',
    title: v.snippet?.title ?? '',
    description: v.snippet?.description ?? '',
    tags: v.snippet?.tags ?? [],
    categoryId: v.snippet?.categoryId ?? null,
    defaultLanguage: v.snippet?.defaultLanguage ?? null,
    defaultAudioLanguage: v.snippet?.defaultAudioLanguage ?? null,
    publishedAt: v.snippet?.publishedAt ?? null,
    privacyStatus: (v.status?.privacyStatus as PrivacyStatus | undefined) ?? null,
    publishAt: v.status?.publishAt ?? null,
    durationSeconds: parseIsoDuration(v.contentDetails?.duration),
    hasCaptions:
      v.contentDetails?.caption === 'true'
        ? true
        : v.contentDetails?.caption === 'false'
          ? false
          : null,
    thumbnails,
    viewCount: num(v.statistics?.viewCount),
    likeCount: num(v.statistics?.likeCount),
    commentCount: num(v.statistics?.commentCount),
    localizations,
  };
}

/** search.list item → SearchResult (null for kinds the product does not use). */
export function mapSearchResult(r: youtube_v3.Schema$SearchResult): SearchResult | null {
  const kind = r.id?.kind;
  if (kind === 'youtube#video' && r.id?.videoId) {
    return {
      kind: 'video',
      youtubeId: r.id.videoId,
      channelId: r.snippet?.channelId ?? '',
      channelTitle: r.snippet?.channelTitle ?? '',
      title: r.snippet?.title ?? '',
      description: r.snippet?.description ?? '',
      thumbnailUrl: bestThumbnail(r.snippet?.thumbnails),
      publishedAt: r.snippet?.publishedAt ?? null,
    };
  }
  if (kind === 'youtube#channel' && r.id?.channelId) {
    return {
      kind: 'channel',
      youtubeId: r.id.channelId,
      channelId: r.id.channelId,
      title: r.snippet?.title ?? r.snippet?.channelTitle ?? '',
      description: r.snippet?.description ?? '',
      thumbnailUrl: bestThumbnail(r.snippet?.thumbnails),
      publishedAt: r.snippet?.publishedAt ?? null,
    };
  }
  return null;
}

/** i18nLanguages.list item → PlatformLanguage. */
export function mapLanguage(l: youtube_v3.Schema$I18nLanguage): PlatformLanguage {
  return { id: l.snippet?.hl ?? l.id ?? '', name: l.snippet?.name ?? '' };
}

/** videoCategories.list item → PlatformCategory. */
export function mapCategory(c: youtube_v3.Schema$VideoCategory): PlatformCategory {
  return {
    id: c.id ?? '',
    title: c.snippet?.title ?? '',
    assignable: c.snippet?.assignable ?? false,
  };
}
