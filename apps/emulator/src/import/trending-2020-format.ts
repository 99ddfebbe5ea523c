// The Kaggle "YouTube Trending Video Dataset" by rsrishav (2020 onwards), as in
// ../shared/data/youtube/trending-2020/: one row per video per trending day, with channelId.
import { fieldChecks, isTrue, parseDuration, type RowResult } from './imported-row.ts';
import type { ImportFormat } from './formats.ts';

/** The rsrishav trending format (16 columns; extra columns such as `duration` are allowed). */
export const TRENDING_2020_FORMAT: ImportFormat = {
  id: 'trending-2020',
  name: 'Kaggle YouTube Trending Video Dataset (rsrishav, 2020+)',
  columns: [
    'video_id',
    'title',
    'publishedAt',
    'channelId',
    'channelTitle',
    'categoryId',
    'trending_date',
    'tags',
    'view_count',
    'likes',
    'dislikes',
    'comment_count',
    'thumbnail_link',
    'comments_disabled',
    'ratings_disabled',
    'description',
  ],
  toRow(field, region): RowResult {
    const videoId = field('video_id');
    const channelId = field('channelId');
    const publishedAt = Date.parse(field('publishedAt'));
    const trendingAt = Date.parse(field('trending_date'));
    const problem = !fieldChecks.videoId(videoId)
      ? `video_id "${videoId}"`
      : !fieldChecks.channelId(channelId)
        ? `channelId "${channelId}"`
        : !field('title')
          ? 'empty title'
          : Number.isNaN(publishedAt)
            ? `publishedAt "${field('publishedAt')}"`
            : Number.isNaN(trendingAt)
              ? `trending_date "${field('trending_date')}"`
              : !fieldChecks.categoryId(field('categoryId'))
                ? `categoryId "${field('categoryId')}"`
                : (['view_count', 'likes', 'comment_count'] as const).find(
                    (c) => !fieldChecks.count(field(c)),
                  );
    if (problem) return { skip: 'malformed', reason: `invalid ${problem}` };
    const tags = field('tags');
    const duration = parseDuration(field('duration'));
    return {
      row: {
        videoId,
        title: field('title'),
        publishedAt,
        channelId,
        channelTitle: field('channelTitle') || channelId,
        categoryId: field('categoryId').trim(),
        trendingAt,
        // `[None]` is how the dataset spells "no tags".
        tags: tags === '[None]' || tags === '' ? [] : tags.split('|').filter((t) => t.length > 0),
        views: Number(field('view_count')),
        likes: Number(field('likes')),
        comments: Number(field('comment_count')),
        commentsDisabled: isTrue(field('comments_disabled')),
        ratingsDisabled: isTrue(field('ratings_disabled')),
        description: field('description'),
        ...(duration ? { durationSeconds: duration } : {}),
        region,
      },
    };
  },
};
