import { z } from 'zod';
import { keywordMetrics, keywordSource } from './keywords.ts';
import {
  privacyStatuses,
  SEARCH_TERM_MAX_LENGTH,
  THUMBNAIL_MIME_TYPES,
  videoSortFields,
  videoTabSlugs,
  videoTimeFilters,
  VIDEOS_TO_CHECK_LIMIT,
} from './constants.ts';

export const videoTabSlug = z.enum(videoTabSlugs);
export type VideoTabSlug = z.infer<typeof videoTabSlug>;

/** The four sortable columns (spec section 2). */
export const videoSortField = z.enum(videoSortFields);
export type VideoSortField = z.infer<typeof videoSortField>;

/**
 * Each tab's sort when the query names none (always descending by default): "Needs work" puts
 * the videos with the most room to improve (impact) first, the others the newest.
 */
export const defaultVideoSort = {
  all: 'date',
  'needs-work': 'impact',
  optimized: 'date',
} as const satisfies Record<VideoTabSlug, VideoSortField>;

const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

/** Query of GET /optimization/channels/:id/videos. */
export const videoListQuery = z.object({
  /** 1-based page of VIDEO_PAGE_SIZE videos. */
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  tab: videoTabSlug.default('all'),
  /** Absent: the tab's default (`defaultVideoSort`). */
  sort: videoSortField.optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  visibility: z.enum(privacyStatuses).optional(),
  /** A playlist's platform id. */
  playlist: z.string().min(1).max(100).optional(),
  time: z.enum(videoTimeFilters).optional(),
  /** Only videos changed on the platform since the product last saw them. */
  updated: flag,
  /** Only videos with a draft. */
  drafts: flag,
  /** Only shorts (the toggle shows only when the shorts feature is on). */
  shorts: flag,
  /** Title search (case-insensitive substring). */
  q: z.string().trim().max(100).optional(),
});
export type VideoListQuery = z.input<typeof videoListQuery>;

/** Query of GET /optimization/channels/:id/videos.csv: the list's filters, every page. */
export const videoExportQuery = videoListQuery.omit({ page: true });
export type VideoExportQuery = z.input<typeof videoExportQuery>;

/** The CSV export's columns, in order (one row per video). */
export const videoExportColumns = [
  'Video ID',
  'Title',
  'URL',
  'Published',
  'Visibility',
  'Views',
  'Likes',
  'Comments',
  'Search term',
  'Optimization level',
  'Optimization impact',
  'Status',
  'Last update',
] as const;

/** The CSV export's answer: a UTF-8 CSV document (with BOM), served as text/csv. */
export const videoExportCsv = z.string();

/** Visibility of a video on the platform. */
export const privacyStatus = z.enum(privacyStatuses);

/** One row of the optimisation list. */
export const videoRow = z.object({
  /** The video's platform id (what every optimisation route takes as :videoId). */
  videoId: z.string(),
  title: z.string(),
  thumbnailUrl: z.string().nullable(),
  privacyStatus: privacyStatus.nullable(),
  /** Uploaded, scheduled or published date (spec tooltip). */
  date: z.string().nullable(),
  /** Whether `date` is a scheduled publication time. */
  scheduled: z.boolean(),
  views: z.number().int().nullable(),
  durationSeconds: z.number().int().nullable(),
  isShort: z.boolean(),
  searchTerm: z.string().nullable(),
  level: z.number().int().min(0).max(100),
  impact: z.number().int().min(0).max(100),
  /** Last publish through the product. */
  lastUpdate: z.string().nullable(),
  hasDraft: z.boolean(),
  /** Changed on the platform since the product last saw it. */
  updatedOnPlatform: z.boolean(),
});
export type VideoRow = z.infer<typeof videoRow>;

export const videoListResponse = z.object({
  items: z.array(videoRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Whether the shorts toggle is offered (the shorts feature). */
  shortsEnabled: z.boolean(),
});
export type VideoListResponse = z.infer<typeof videoListResponse>;

export const channelVideoParams = z.object({
  id: z.string().min(1).max(100),
  videoId: z.string().min(1).max(100),
});

/** Body of POST .../videos/check (spec section 7: videosToCheck). */
export const videosCheckBody = z.object({
  videosToCheck: z.array(z.string().min(1).max(100)).min(1).max(VIDEOS_TO_CHECK_LIMIT),
});
export const videosCheckResponse = z.object({
  /** Ids of the checked videos whose metadata changed on the platform. */
  changed: z.array(z.string()),
  /** Ids no longer on the platform. */
  missing: z.array(z.string()),
  checkedAt: z.string(),
});

export const channelPlaylist = z.object({
  id: z.string(),
  title: z.string(),
  itemCount: z.number().int(),
});
export const channelPlaylists = z.object({ items: z.array(channelPlaylist) });

export const nextVideoResponse = z.object({ video: videoRow.nullable() });

/** The metadata a publish writes (one copy of spec section 3's data). */
export const metadataCopy = z.object({
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  thumbnailUrl: z.string().nullable(),
  thumbnailWidth: z.number().int().nullable(),
  thumbnailHeight: z.number().int().nullable(),
});
export type MetadataCopy = z.infer<typeof metadataCopy>;

/** A video's shared draft. */
export const videoDraft = z.object({
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  searchTerm: z.string().nullable(),
  language: z.string().nullable(),
  /** An uploaded thumbnail not yet published, or null to keep the current one. */
  thumbnailId: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  thumbnailWidth: z.number().int().nullable(),
  thumbnailHeight: z.number().int().nullable(),
  /** Increments on every save; a save must name the revision it started from. */
  revision: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type VideoDraft = z.infer<typeof videoDraft>;

/** One publish through the product (who, when, before, after). */
export const publishRecord = z.object({
  id: z.string(),
  at: z.string(),
  by: z.string(),
  before: z.object({ title: z.string(), description: z.string(), tags: z.array(z.string()) }),
  after: z.object({ title: z.string(), description: z.string(), tags: z.array(z.string()) }),
  thumbnailChanged: z.boolean(),
  /**
   * When this publish set a new thumbnail: the kept copy of the image it replaced (undo sets it
   * back), or null when no copy could be kept (undo then leaves the thumbnail as it is).
   */
  previousThumbnailUrl: z.string().nullable().optional(),
  /** Set when this publish restored an earlier one's `before`. */
  restoresId: z.string().nullable(),
  quotaUnits: z.number().int(),
});
export type PublishRecord = z.infer<typeof publishRecord>;

/** Everything the editor loads for a video. */
export const videoDetails = z.object({
  channelId: z.string(),
  videoId: z.string(),
  live: metadataCopy,
  draft: videoDraft.nullable(),
  searchTerm: z.string().nullable(),
  /** The video's default language on the platform (e.g. 'en'), null when unset. */
  language: z.string().nullable(),
  publishedAt: z.string().nullable(),
  privacyStatus: privacyStatus.nullable(),
  durationSeconds: z.number().int().nullable(),
  hasCaptions: z.boolean().nullable(),
  playlistCount: z.number().int(),
  views: z.number().int().nullable(),
  /** A thumbnail test (Labs) is running on the video: thumbnail edits wait until it ends. */
  abTest: z.boolean(),
  /** The running test, when `abTest`: its id and when it ends. */
  thumbnailTest: z.object({ id: z.string(), endsAt: z.string() }).nullable(),
  updatedOnPlatform: z.boolean(),
  lastPublish: publishRecord.nullable(),
  /**
   * The channel's account is read-only (its trial ended without a plan): publish and undo answer
   * 402 `account-read-only` until a plan is chosen, so the editor says so before anyone presses.
   */
  publishingPaused: z.boolean(),
});
export type VideoDetails = z.infer<typeof videoDetails>;

/** A tip as the rules module computes it (shape of @tubewise/recommendations' Tip). */
export const tip = z.object({
  type: z.string(),
  index: z.number().int(),
  group: z.string(),
  applicable: z.boolean(),
  passed: z.boolean(),
  ignored: z.boolean(),
  label: z.string(),
  explanation: z.string(),
  meta: z.record(z.string(), z.unknown()),
});

/** Live recommendations for a video and a search term (spec: recommendations live). */
export const recommendationsResponse = z.object({
  searchTerm: z.string().nullable(),
  keyword: keywordMetrics.nullable(),
  source: keywordSource.nullable(),
  recommendedTags: z.array(z.string()),
  /** The video's current search position for the term; null = not in the checked results. */
  position: z.number().int().nullable(),
  ignored: z.array(z.string()),
  /** Tips for the live metadata (the editor recomputes them for its copy with the same rules). */
  tips: z.array(tip),
  level: z.number().int(),
  impact: z.number().int(),
});
export type RecommendationsResponse = z.infer<typeof recommendationsResponse>;
export const recommendationsQuery = z.object({
  /** The term to judge against; defaults to the video's saved search term. */
  searchTerm: z.string().trim().max(SEARCH_TERM_MAX_LENGTH).optional(),
});
export const tipParams = z.object({
  id: z.string().min(1).max(100),
  videoId: z.string().min(1).max(100),
  type: z.string().min(1).max(60),
});

/** Sets the search term a video should be found for. */
export const searchTermBody = z.object({
  searchTerm: z.string().trim().max(SEARCH_TERM_MAX_LENGTH).nullable(),
});

const tagList = z.array(z.string().max(500)).max(500);

/** Body of PUT .../draft: the whole draft and the revision the editor started from. */
export const saveDraftBody = z.object({
  title: z.string().max(1000),
  description: z.string().max(20_000),
  tags: tagList,
  searchTerm: z.string().trim().max(SEARCH_TERM_MAX_LENGTH).nullable(),
  language: z.string().max(20).nullable(),
  thumbnailId: z.string().max(100).nullable(),
  /** null when creating a draft; otherwise the revision the edits are based on. */
  baseRevision: z.number().int().min(0).nullable(),
});
export const deleteDraftQuery = z.object({ revision: z.coerce.number().int().min(0) });

/** A description template of a channel (spec section 3). */
export const template = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  updatedAt: z.string(),
});
export type Template = z.infer<typeof template>;
export const templates = z.object({ items: z.array(template) });
export const templateBody = z.object({
  title: z.string().trim().min(1).max(100),
  content: z.string().max(5000),
});
export const templateParams = z.object({
  id: z.string().min(1).max(100),
  templateId: z.string().min(1).max(100),
});

/** An uploaded thumbnail, checked on the server. */
export const uploadedThumbnail = z.object({
  thumbnailId: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  mimeType: z.enum(THUMBNAIL_MIME_TYPES),
  /** Soft problems, e.g. 'not-16-9' (YouTube adds black bars). */
  warnings: z.array(z.enum(['not-16-9', 'below-1280'])),
});
export type UploadedThumbnail = z.infer<typeof uploadedThumbnail>;
export const thumbnailParams = z.object({ thumbnailId: z.string().min(1).max(100) });

/** Body of POST .../publish: the edited copy to write to the platform. */
export const publishBody = z.object({
  title: z.string().max(1000),
  description: z.string().max(20_000),
  tags: tagList,
  searchTerm: z.string().trim().max(SEARCH_TERM_MAX_LENGTH).nullable(),
  /** Default language to set (platform code such as 'en'); null leaves it as it is. */
  language: z.string().max(20).nullable(),
  /** A newly uploaded thumbnail, or null to keep the current one. */
  thumbnailId: z.string().max(100).nullable(),
  /** Delete the draft after a successful publish. */
  fromDraft: z.boolean().default(false),
  /**
   * Made once per publish by the client and sent again on retries: a retry answers the first
   * attempt (its result, or 409 `publish-in-progress` while it runs) and never publishes twice.
   */
  idempotencyKey: z.uuid().optional(),
});
export const publishResponse = z.object({
  video: videoDetails,
  publish: publishRecord,
  next: videoRow.nullable(),
});
export type PublishResponse = z.infer<typeof publishResponse>;
export const publishParams = z.object({
  id: z.string().min(1).max(100),
  videoId: z.string().min(1).max(100),
  publishId: z.string().min(1).max(100),
});
export const publishHistory = z.object({ items: z.array(publishRecord) });
