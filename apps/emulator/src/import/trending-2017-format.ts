// The original Kaggle "Trending YouTube Video Statistics" (datasnaek, 2017-2018): 16 columns,
// no channel id, trending dates as yy.dd.mm, tags quoted and joined by |, descriptions with
// literal "\n" escapes, and a video_error_or_removed flag.
import { createHash } from 'node:crypto';
import { fieldChecks, isTrue, parseDuration, type RowResult } from './imported-row.ts';
import type { ImportFormat } from './formats.ts';

/**
 * A stable channel id for a channel known only by its title, shaped like YouTube's
 * (`UC` + 22 base64url characters): the first 22 characters of the title's SHA-256.
 */
export function channelIdFromTitle(title: string): string {
  const digest = createHash('sha256').update(title.normalize('NFC')).digest('base64url');
  return `UC${digest.slice(0, 22)}`;
}

/** "17.14.11" (yy.dd.mm) → epoch ms of that UTC day, NaN when unreadable. */
export function parseTrendingDate2017(value: string): number {
  const m = /^(\d{2})\.(\d{2})\.(\d{2})$/.exec(value.trim());
  if (!m) return Date.parse(value);
  const [, yy, dd, mm] = m;
  const month = Number(mm);
  const day = Number(dd);
  if (month < 1 || month > 12 || day < 1 || day > 31) return NaN;
  return Date.UTC(2000 + Number(yy), month - 1, day);
}

function tagsOf(value: string): string[] {
  if (value === '[none]' || value === '[None]' || value === '') return [];
  return value
    .split('|')
    .map((t) => t.replace(/^"|"$/g, '').trim())
    .filter((t) => t.length > 0);
}

/** The 2017 trending format (16 columns, no channelId). */
export const TRENDING_2017_FORMAT: ImportFormat = {
  id: 'trending-2017',
  name: 'Kaggle Trending YouTube Video Statistics (datasnaek, 2017)',
  columns: [
    'video_id',
    'trending_date',
    'title',
    'channel_title',
    'category_id',
    'publish_time',
    'tags',
    'views',
    'likes',
    'dislikes',
    'comment_count',
    'thumbnail_link',
    'comments_disabled',
    'ratings_disabled',
    'video_error_or_removed',
    'description',
  ],
  toRow(field, region): RowResult {
    const videoId = field('video_id');
    const channelTitle = field('channel_title').trim();
    const publishedAt = Date.parse(field('publish_time'));
    const trendingAt = parseTrendingDate2017(field('trending_date'));
    const problem = !fieldChecks.videoId(videoId)
      ? `video_id "${videoId}"`
      : !channelTitle
        ? 'empty channel_title'
        : !field('title')
          ? 'empty title'
          : Number.isNaN(publishedAt)
            ? `publish_time "${field('publish_time')}"`
            : Number.isNaN(trendingAt)
              ? `trending_date "${field('trending_date')}"`
              : !fieldChecks.categoryId(field('category_id'))
                ? `category_id "${field('category_id')}"`
                : (['views', 'likes', 'comment_count'] as const).find(
                    (c) => !fieldChecks.count(field(c)),
                  );
    if (problem) return { skip: 'malformed', reason: `invalid ${problem}` };
    if (isTrue(field('video_error_or_removed')))
      return { skip: 'removed', reason: `${videoId} was removed` };
    const duration = parseDuration(field('duration'));
    return {
      row: {
        videoId,
        title: field('title'),
        publishedAt,
        channelId: channelIdFromTitle(channelTitle),
        channelTitle,
        categoryId: field('category_id').trim(),
        trendingAt,
        tags: tagsOf(field('tags')),
        views: Number(field('views')),
        likes: Number(field('likes')),
        comments: Number(field('comment_count')),
        commentsDisabled: isTrue(field('comments_disabled')),
        ratingsDisabled: isTrue(field('ratings_disabled')),
        // The dataset escaped line breaks as the two characters backslash and n.
        description: field('description').replace(/\\n/g, '\n'),
        ...(duration ? { durationSeconds: duration } : {}),
        region,
      },
    };
  },
};
