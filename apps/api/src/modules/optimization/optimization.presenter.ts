import {
  HIGH_LEVEL,
  videoExportColumns,
  type PublishRecord,
  type VideoDraft,
  type VideoRow,
} from '@tubewise/contract';
import { toCsv, type CsvCell } from '@tubewise/contract/csv';
import type { videoDrafts, videoPublishes } from '../../db/schema/index.ts';
import { largestThumbnail } from './scoring.ts';
import type { ExportRow, ListRow } from './video-list.repository.ts';
import { SHORTS_MAX_SECONDS } from './video-list.repository.ts';

/** URL of an uploaded thumbnail (served to people on its channel only). */
export const thumbnailUploadUrl = (id: string) => `/optimization/thumbnails/${id}`;

/** A stored list row → the contract's row. */
export function presentRow(row: ListRow): VideoRow {
  const scheduled = row.privacyStatus === 'private' && row.publishAt !== null;
  const date = scheduled ? row.publishAt : row.publishedAt;
  // The list shows a small image: the medium size (320×180) when there is one.
  const thumb = row.thumbnails.medium ?? largestThumbnail(row.thumbnails);
  return {
    videoId: row.youtubeId,
    title: row.title,
    thumbnailUrl: thumb?.url ?? null,
    privacyStatus: (row.privacyStatus as VideoRow['privacyStatus']) ?? null,
    date: date?.toISOString() ?? null,
    scheduled,
    views: row.viewCount,
    durationSeconds: row.durationSeconds,
    isShort: row.durationSeconds !== null && row.durationSeconds <= SHORTS_MAX_SECONDS,
    searchTerm: row.searchTerm,
    level: row.level,
    impact: row.impact,
    lastUpdate: row.lastPublishedAt?.toISOString() ?? null,
    hasDraft: row.hasDraft,
    updatedOnPlatform: row.platformChangedAt !== null,
  };
}

/** The public watch page of a video. */
export const watchUrl = (videoId: string) =>
  `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;

/** The export's status of a video: the list tab it falls in. */
export function exportStatus(level: number): 'Optimized' | 'Needs work' {
  return level >= HIGH_LEVEL ? 'Optimized' : 'Needs work';
}

/** Stored export rows → the CSV document (columns `videoExportColumns`, UTF-8 with BOM). */
export function presentExportCsv(rows: readonly ExportRow[]): string {
  return toCsv(
    videoExportColumns,
    rows.map((row): CsvCell[] => {
      const video = presentRow(row);
      return [
        video.videoId,
        video.title,
        watchUrl(video.videoId),
        video.date,
        video.scheduled ? 'scheduled' : video.privacyStatus,
        video.views,
        row.likeCount,
        row.commentCount,
        video.searchTerm,
        video.level,
        video.impact,
        exportStatus(video.level),
        video.lastUpdate,
      ];
    }),
  );
}

/** A stored draft → the contract's draft. */
export function presentDraft(
  draft: typeof videoDrafts.$inferSelect,
  thumbnail: { id: string; width: number; height: number } | null,
): VideoDraft {
  return {
    title: draft.title,
    description: draft.description,
    tags: draft.tags,
    searchTerm: draft.searchTerm,
    language: draft.language,
    thumbnailId: thumbnail?.id ?? null,
    thumbnailUrl: thumbnail ? thumbnailUploadUrl(thumbnail.id) : null,
    thumbnailWidth: thumbnail?.width ?? null,
    thumbnailHeight: thumbnail?.height ?? null,
    revision: draft.revision,
    updatedAt: draft.updatedAt.toISOString(),
    updatedBy: draft.updatedByName,
  };
}

/** A stored publish → the contract's record. */
export function presentPublish(row: typeof videoPublishes.$inferSelect): PublishRecord {
  const pick = (m: typeof row.before) => ({
    title: m.title,
    description: m.description,
    tags: m.tags,
  });
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    by: row.userName,
    before: pick(row.before),
    after: pick(row.after),
    thumbnailChanged: row.thumbnailChanged,
    previousThumbnailUrl: row.thumbnailBeforeId ? thumbnailUploadUrl(row.thumbnailBeforeId) : null,
    restoresId: row.restoresId,
    quotaUnits: row.quotaUnits,
  };
}
