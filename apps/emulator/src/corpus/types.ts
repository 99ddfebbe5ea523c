// Records of the emulated platform (internal form; resources.ts turns them into API resources).

/** Privacy of a video or playlist. */
export type PrivacyStatus = 'public' | 'unlisted' | 'private';

/** A localized title and description. */
export interface Localization {
  title: string;
  description: string;
}

/** One video. The fields videos.update can set are mutable. */
export interface VideoRecord {
  id: string;
  channelId: string;
  /** Upload/publication instant, epoch ms. */
  publishedAt: number;
  title: string;
  description: string;
  tags: string[];
  categoryId: string;
  defaultLanguage?: string;
  defaultAudioLanguage?: string;
  localizations: Record<string, Localization>;
  durationSeconds: number;
  definition: 'hd' | 'sd';
  caption: boolean;
  licensedContent: boolean;
  privacyStatus: PrivacyStatus;
  /** ISO 8601 instant of a scheduled publication (private videos only). */
  publishAt?: string;
  embeddable: boolean;
  license: 'youtube' | 'creativeCommon';
  publicStatsViewable: boolean;
  madeForKids: boolean;
  selfDeclaredMadeForKids?: boolean;
  viewCount: number;
  likeCount: number;
  commentCount: number;
  /** Likes are hidden (imported `ratings_disabled`): statistics.likeCount is omitted. */
  ratingsDisabled?: boolean;
  /** Comments are off (imported `comments_disabled`): statistics.commentCount is omitted. */
  commentsDisabled?: boolean;
  /** Imported videos: the trending day (epoch ms) their statistics were recorded on. */
  trendingAt?: number;
  /** A custom thumbnail was uploaded (generated corpus) or set through thumbnails.set. */
  hasCustomThumbnail: boolean;
  /** Bumped by each thumbnails.set, used to bust caches of the thumbnail URLs. */
  thumbnailVersion: number;
  /** Bumped by each change, feeds the etag. */
  revision: number;
}

/** One channel. */
export interface ChannelRecord {
  id: string;
  title: string;
  description: string;
  customUrl: string;
  publishedAt: number;
  country?: string;
  defaultLanguage?: string;
  keywords: string;
  subscriberCount: number;
  /** The Google account that owns the channel, if any emulator account does. */
  ownerAccountId?: string;
  /** Niche key of generated channels; 'imported' for CSV channels. */
  niche: string;
  source: 'demo' | 'generated' | 'imported' | 'added';
}

/** A playlist (the uploads playlist is virtual and not stored). */
export interface PlaylistRecord {
  id: string;
  channelId: string;
  title: string;
  description: string;
  publishedAt: number;
  privacyStatus: PrivacyStatus;
  videoIds: string[];
}

/** The fields of a video that persistence keeps when users edit them. */
export type VideoEdit = Pick<
  VideoRecord,
  | 'title'
  | 'description'
  | 'tags'
  | 'categoryId'
  | 'defaultLanguage'
  | 'defaultAudioLanguage'
  | 'localizations'
  | 'privacyStatus'
  | 'publishAt'
  | 'embeddable'
  | 'license'
  | 'publicStatsViewable'
  | 'selfDeclaredMadeForKids'
  | 'hasCustomThumbnail'
  | 'thumbnailVersion'
  | 'revision'
>;

/** Picks the editable fields of a video (for the persistence overlay). */
export function videoEditOf(v: VideoRecord): VideoEdit {
  return {
    title: v.title,
    description: v.description,
    tags: [...v.tags],
    categoryId: v.categoryId,
    defaultLanguage: v.defaultLanguage,
    defaultAudioLanguage: v.defaultAudioLanguage,
    localizations: structuredClone(v.localizations),
    privacyStatus: v.privacyStatus,
    publishAt: v.publishAt,
    embeddable: v.embeddable,
    license: v.license,
    publicStatsViewable: v.publicStatsViewable,
    selfDeclaredMadeForKids: v.selfDeclaredMadeForKids,
    hasCustomThumbnail: v.hasCustomThumbnail,
    thumbnailVersion: v.thumbnailVersion,
    revision: v.revision,
  };
}
