import { and, asc, desc, eq, gte, ilike, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  defaultVideoSort,
  HIGH_LEVEL,
  VIDEO_PAGE_SIZE,
  type VideoSortField,
  type videoListQuery,
} from '@tubewise/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { playlists, playlistVideos, videoDrafts, videos } from '../../db/schema/index.ts';

/** Videos this long or shorter count as shorts (YouTube allows shorts of up to 3 minutes). */
export const SHORTS_MAX_SECONDS = 180;

/** The list's validated query. */
export type VideoListFilter = z.output<typeof videoListQuery>;
/** The export's validated query: the list's filters without a page. */
export type VideoExportFilter = Omit<VideoListFilter, 'page'>;

/** The upload, scheduled or published date: a scheduled private video's publishAt wins. */
export const videoDate = sql<Date | null>`coalesce(${videos.publishAt}, ${videos.publishedAt})`;

/** Sort expressions, and whether they can be null (those go last in both directions). */
const sortColumns: Record<VideoSortField, { expression: SQL; nullable: boolean }> = {
  level: { expression: sql`${videos.level}`, nullable: false },
  impact: { expression: sql`${videos.impact}`, nullable: false },
  lastUpdate: { expression: sql`${videos.lastPublishedAt}`, nullable: true },
  date: { expression: videoDate, nullable: true },
};

/** The sort a filter asks for, or its tab's default ("Needs work": highest impact first). */
export function listSort(f: Pick<VideoListFilter, 'tab' | 'sort'>): VideoSortField {
  return f.sort ?? defaultVideoSort[f.tab];
}

/** ORDER BY of a sorted list: the column, then the platform id in the same direction. */
function listOrder(sort: VideoSortField, orderBy: 'asc' | 'desc'): SQL[] {
  const { expression, nullable } = sortColumns[sort];
  const direction = orderBy === 'asc' ? asc : desc;
  // The tie-breaker follows the sort's direction, so the page is one range scan of the
  // (channel, sort column, platform id) index; rows without a value go last either way.
  const order = nullable ? sql`${direction(expression)} nulls last` : direction(expression);
  // Spelled like the nullable sorts' indexes (DESC NULLS LAST) so the planner matches them.
  const tieBreaker =
    nullable && orderBy === 'desc'
      ? sql`${videos.youtubeId} desc nulls last`
      : direction(videos.youtubeId);
  return [order, tieBreaker];
}

/** Escapes LIKE wildcards so a search for "100%" finds that text. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The SQL conditions of a list filter (the channel's videos, then each filter that is set). */
export function listConditions(channelId: string, f: VideoExportFilter, now: Date): SQL[] {
  const where: SQL[] = [eq(videos.channelId, channelId)];
  if (f.tab === 'needs-work') where.push(lt(videos.level, HIGH_LEVEL));
  if (f.tab === 'optimized') where.push(gte(videos.level, HIGH_LEVEL));
  if (f.visibility) where.push(eq(videos.privacyStatus, f.visibility));
  if (f.time) {
    const days = f.time === 'lastWeek' ? 7 : 30;
    where.push(sql`${videoDate} >= ${new Date(now.getTime() - days * 86_400_000)}`);
  }
  if (f.updated) where.push(isNotNull(videos.platformChangedAt));
  if (f.drafts) where.push(isNotNull(videoDrafts.videoId));
  if (f.shorts) where.push(lte(videos.durationSeconds, SHORTS_MAX_SECONDS));
  if (f.q) where.push(ilike(videos.title, likePattern(f.q)));
  if (f.playlist) {
    where.push(sql`exists (
      select 1 from ${playlistVideos}
      join ${playlists} on ${playlists.id} = ${playlistVideos.playlistId}
      where ${playlists.channelId} = ${videos.channelId}
        and ${playlists.youtubeId} = ${f.playlist}
        and ${playlistVideos.videoYoutubeId} = ${videos.youtubeId})`);
  }
  return where;
}

/** Columns of a list row as stored. */
export const listColumns = {
  id: videos.id,
  youtubeId: videos.youtubeId,
  title: videos.title,
  thumbnails: videos.thumbnails,
  privacyStatus: videos.privacyStatus,
  publishedAt: videos.publishedAt,
  publishAt: videos.publishAt,
  viewCount: videos.viewCount,
  durationSeconds: videos.durationSeconds,
  searchTerm: videos.searchTerm,
  level: videos.level,
  impact: videos.impact,
  lastPublishedAt: videos.lastPublishedAt,
  platformChangedAt: videos.platformChangedAt,
  hasDraft: sql<boolean>`${videoDrafts.videoId} is not null`,
};

/** A stored list row. */
export interface ListRow {
  id: string;
  youtubeId: string;
  title: string;
  thumbnails: (typeof videos.$inferSelect)['thumbnails'];
  privacyStatus: string | null;
  publishedAt: Date | null;
  publishAt: Date | null;
  viewCount: number | null;
  durationSeconds: number | null;
  searchTerm: string | null;
  level: number;
  impact: number;
  lastPublishedAt: Date | null;
  platformChangedAt: Date | null;
  hasDraft: boolean;
}

/** One page of a channel's videos, sorted and filtered, with the total that match. */
export async function listVideos(
  db: Db,
  channelId: string,
  f: VideoListFilter,
  now: Date,
): Promise<{ rows: ListRow[]; total: number }> {
  const where = and(...listConditions(channelId, f, now));
  const page = db
    .select(listColumns)
    .from(videos)
    .leftJoin(videoDrafts, eq(videoDrafts.videoId, videos.id))
    .where(where)
    .orderBy(...listOrder(listSort(f), f.order))
    .limit(VIDEO_PAGE_SIZE)
    .offset((f.page - 1) * VIDEO_PAGE_SIZE);
  // A separate count: a window count would make the database read and sort every match.
  const [rows, total] = await Promise.all([page, countVideos(db, where, f.drafts)]);
  return { rows, total };
}

async function countVideos(db: Db, where: SQL | undefined, joinDrafts: boolean): Promise<number> {
  const count = db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(videos);
  const [row] = await (
    joinDrafts ? count.leftJoin(videoDrafts, eq(videoDrafts.videoId, videos.id)) : count
  ).where(where);
  return row?.n ?? 0;
}

/** A list row with the figures only the export shows. */
export interface ExportRow extends ListRow {
  likeCount: number | null;
  commentCount: number | null;
}

/** Every video a filter selects (all pages), in the list's order, for the CSV export. */
export async function exportVideos(
  db: Db,
  channelId: string,
  f: VideoExportFilter,
  now: Date,
): Promise<ExportRow[]> {
  return db
    .select({ ...listColumns, likeCount: videos.likeCount, commentCount: videos.commentCount })
    .from(videos)
    .leftJoin(videoDrafts, eq(videoDrafts.videoId, videos.id))
    .where(and(...listConditions(channelId, f, now)))
    .orderBy(...listOrder(listSort(f), f.order));
}
