/** Test data of the video editor: valid contract objects with overridable fields. */
import {
  publishRecord as publishRecordSchema,
  publishResponse as publishResponseSchema,
  recommendationsResponse as recommendationsSchema,
  template as templateSchema,
  uploadedThumbnail as uploadedThumbnailSchema,
  videoDetails as videoDetailsSchema,
  videoDraft as videoDraftSchema,
  videoRow as videoRowSchema,
  type PublishRecord,
  type PublishResponse,
  type RecommendationsResponse,
  type Template,
  type UploadedThumbnail,
  type VideoDetails,
  type VideoDraft,
  type VideoRow,
} from '@tubewise/contract';

/** Live metadata and facts of a video as GET .../videos/:videoId returns them. */
export function buildVideoDetails(
  overrides: Partial<Omit<VideoDetails, 'live'>> & { live?: Partial<VideoDetails['live']> } = {},
): VideoDetails {
  const { live, ...rest } = overrides;
  return videoDetailsSchema.parse({
    channelId: 'ch-1',
    videoId: 'vid-1',
    live: {
      title: 'How to bake sourdough bread',
      description: 'Everything about sourdough.',
      tags: ['sourdough', 'bread'],
      thumbnailUrl: 'https://i.ytimg.com/vi/vid-1/hqdefault.jpg',
      thumbnailWidth: 1280,
      thumbnailHeight: 720,
      ...live,
    },
    draft: null,
    searchTerm: 'sourdough bread',
    language: 'en',
    publishedAt: '2026-01-10T12:00:00.000Z',
    privacyStatus: 'public',
    durationSeconds: 600,
    hasCaptions: true,
    playlistCount: 1,
    views: 1234,
    abTest: false,
    thumbnailTest: null,
    publishingPaused: false,
    updatedOnPlatform: false,
    lastPublish: null,
    ...rest,
  });
}

/** A shared draft. */
export function buildDraft(overrides: Partial<VideoDraft> = {}): VideoDraft {
  return videoDraftSchema.parse({
    title: 'Sourdough bread for beginners',
    description: 'Everything about sourdough, step by step.',
    tags: ['sourdough', 'bread', 'baking'],
    searchTerm: 'sourdough bread',
    language: 'en',
    thumbnailId: null,
    thumbnailUrl: null,
    thumbnailWidth: null,
    thumbnailHeight: null,
    revision: 1,
    updatedAt: '2026-02-01T09:30:00.000Z',
    updatedBy: 'Ana',
    ...overrides,
  });
}

/** Recommendations for the video's search term. */
export function buildRecommendations(
  overrides: Partial<RecommendationsResponse> = {},
): RecommendationsResponse {
  return recommendationsSchema.parse({
    searchTerm: 'sourdough bread',
    keyword: { keyword: 'sourdough bread', volume: 12000, competition: 0.3, cpc: 0.5 },
    source: { name: 'Tubewise emulator', fetchedAt: '2026-02-01T00:00:00.000Z' },
    recommendedTags: ['sourdough starter', 'bread recipe'],
    position: 12,
    ignored: [],
    tips: [],
    level: 50,
    impact: 40,
    ...overrides,
  });
}

/** One publish through the product. */
export function buildPublishRecord(overrides: Partial<PublishRecord> = {}): PublishRecord {
  return publishRecordSchema.parse({
    id: 'pub-1',
    at: '2026-02-01T10:00:00.000Z',
    by: 'Ana',
    before: { title: 'Old title', description: 'Old description', tags: ['old'] },
    after: { title: 'New title', description: 'Old description', tags: ['old'] },
    thumbnailChanged: false,
    restoresId: null,
    quotaUnits: 50,
    ...overrides,
  });
}

/** A row of the video list (the next video). */
export function buildVideoRow(overrides: Partial<VideoRow> = {}): VideoRow {
  return videoRowSchema.parse({
    videoId: 'vid-2',
    title: 'Rye bread at home',
    thumbnailUrl: null,
    privacyStatus: 'public',
    date: '2026-01-05T12:00:00.000Z',
    scheduled: false,
    views: 10,
    durationSeconds: 300,
    isShort: false,
    searchTerm: null,
    level: 20,
    impact: 70,
    lastUpdate: null,
    hasDraft: false,
    updatedOnPlatform: false,
    ...overrides,
  });
}

/** The answer of a publish or an undo. */
export function buildPublishResponse(overrides: Partial<PublishResponse> = {}): PublishResponse {
  return publishResponseSchema.parse({
    video: buildVideoDetails(),
    publish: buildPublishRecord(),
    next: buildVideoRow(),
    ...overrides,
  });
}

/** A description template. */
export function buildTemplate(overrides: Partial<Template> = {}): Template {
  return templateSchema.parse({
    id: 'tpl-1',
    title: 'Links',
    content: 'Follow me: https://example.com',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  });
}

/** An uploaded thumbnail as the server answers it. */
export function buildUploadedThumbnail(
  overrides: Partial<UploadedThumbnail> = {},
): UploadedThumbnail {
  return uploadedThumbnailSchema.parse({
    thumbnailId: 'thumb-1',
    url: '/optimization/thumbnails/thumb-1',
    width: 1280,
    height: 720,
    bytes: 1000,
    mimeType: 'image/png',
    warnings: [],
    ...overrides,
  });
}
