// Importer of the Kaggle "YouTube Trending Video Dataset" CSV format (rsrishav): adds its videos
// and channels to the corpus. Malformed records are counted and skipped; it never throws on data.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { parse } from 'csv-parse/sync';
import { createRandom } from '../prng.ts';
import type { Corpus } from './corpus.ts';
import type { ChannelRecord, VideoRecord } from './types.ts';

/** The columns of the format, in order. */
export const TRENDING_COLUMNS = [
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
] as const;

/** What an import did. */
export interface ImportReport {
  /** Data records read (rows after the header, malformed ones included). */
  records: number;
  /** Records skipped as malformed (bad quoting, wrong column count, invalid values). */
  malformed: number;
  /** Distinct videos added to the corpus. */
  videosAdded: number;
  /** Distinct channels added to the corpus. */
  channelsAdded: number;
  /** Records that repeated a video already seen (a video trends on several days). */
  duplicates: number;
}

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
const LANGUAGE_BY_REGION: Record<string, string> = {
  US: 'en',
  GB: 'en',
  CA: 'en',
  IN: 'en',
  DE: 'de',
  FR: 'fr',
  BR: 'pt',
  MX: 'es',
  JP: 'ja',
  KR: 'ko',
  RU: 'ru',
};

interface Row {
  videoId: string;
  title: string;
  publishedAt: number;
  channelId: string;
  channelTitle: string;
  categoryId: string;
  tags: string[];
  views: number;
  likes: number;
  comments: number;
  description: string;
}

function toRow(fields: string[]): Row | undefined {
  if (fields.length !== TRENDING_COLUMNS.length) return undefined;
  const [
    videoId,
    title,
    publishedAt,
    channelId,
    channelTitle,
    categoryId,
    ,
    tags,
    views,
    likes,
    ,
    comments,
    ,
    ,
    ,
    description,
  ] = fields as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const published = Date.parse(publishedAt);
  const numbers = [views, likes, comments].map((n) => (/^\d+$/.test(n) ? Number(n) : NaN));
  if (!VIDEO_ID.test(videoId) || !CHANNEL_ID.test(channelId) || !title || Number.isNaN(published))
    return undefined;
  if (!/^\d+$/.test(categoryId) || numbers.some((n) => Number.isNaN(n))) return undefined;
  return {
    videoId,
    title: title.slice(0, 100),
    publishedAt: published,
    channelId,
    channelTitle: channelTitle || channelId,
    categoryId,
    tags: tags === '[None]' || tags === '' ? [] : tags.split('|').filter((t) => t.length > 0),
    views: numbers[0]!,
    likes: numbers[1]!,
    comments: numbers[2]!,
    description,
  };
}

/**
 * Imports CSV text in the trending format. `region` (e.g. 'US', taken from the file name by
 * importTrendingCsvFile) sets the channels' country and the videos' language.
 */
export function importTrendingCsv(corpus: Corpus, text: string, region = 'US'): ImportReport {
  const report: ImportReport = {
    records: 0,
    malformed: 0,
    videosAdded: 0,
    channelsAdded: 0,
    duplicates: 0,
  };
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // A record with broken quoting (e.g. the truncated last one) is skipped and counted.
      skip_records_with_error: true,
      on_skip: () => {
        report.records++;
        report.malformed++;
      },
    }) as string[][];
  } catch {
    // csv-parse only throws on errors it cannot skip; treat the rest of the file as malformed.
    report.malformed++;
    report.records++;
    return report;
  }
  const header = records[0];
  const hasHeader = header?.[0] === 'video_id';
  const latest = new Map<string, Row>();
  for (const fields of hasHeader ? records.slice(1) : records) {
    report.records++;
    const row = toRow(fields);
    if (!row) {
      report.malformed++;
      continue;
    }
    const seen = latest.get(row.videoId);
    if (seen) {
      report.duplicates++;
      // Keep the latest figures (the highest view count) of a video that trended several days.
      if (row.views < seen.views) continue;
    }
    latest.set(row.videoId, row);
  }
  const language = LANGUAGE_BY_REGION[region.toUpperCase()];
  const byChannel = new Map<string, { channel: ChannelRecord; videos: VideoRecord[] }>();
  for (const row of latest.values()) {
    if (corpus.getVideo(row.videoId)) continue;
    let entry = byChannel.get(row.channelId);
    if (!entry) {
      const existing = corpus.getChannel(row.channelId);
      const channel: ChannelRecord = existing ?? {
        id: row.channelId,
        title: row.channelTitle,
        description: '',
        customUrl: `@${row.channelTitle.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '')}`,
        publishedAt: row.publishedAt - 365 * 86_400_000,
        country: region.toUpperCase(),
        keywords: '',
        subscriberCount: Math.round(row.views / 5),
        niche: 'imported',
        source: 'imported',
      };
      if (!existing) {
        if (language) channel.defaultLanguage = language;
        report.channelsAdded++;
      }
      entry = { channel, videos: [] };
      byChannel.set(row.channelId, entry);
    }
    // Durations are not in the dataset: derive a plausible one from the id, deterministically.
    const rand = createRandom('csv', row.videoId);
    const video: VideoRecord = {
      id: row.videoId,
      channelId: row.channelId,
      publishedAt: row.publishedAt,
      title: row.title,
      description: row.description,
      tags: row.tags,
      categoryId: row.categoryId,
      localizations: {},
      durationSeconds: rand.chance(0.1) ? rand.int(15, 60) : rand.int(120, 2400),
      definition: 'hd',
      caption: false,
      licensedContent: true,
      privacyStatus: 'public',
      embeddable: true,
      license: 'youtube',
      publicStatsViewable: true,
      madeForKids: false,
      viewCount: row.views,
      likeCount: row.likes,
      commentCount: row.comments,
      hasCustomThumbnail: true,
      thumbnailVersion: 0,
      revision: 0,
    };
    if (language) video.defaultAudioLanguage = language;
    entry.videos.push(video);
    report.videosAdded++;
  }
  for (const { channel, videos } of byChannel.values()) corpus.addVideos(channel, videos);
  return report;
}

/** Imports one CSV file; the region comes from its name (US_youtube_trending_data.csv → US). */
export function importTrendingCsvFile(corpus: Corpus, path: string): ImportReport {
  const region = /^([A-Z]{2})_/.exec(basename(path))?.[1] ?? 'US';
  return importTrendingCsv(corpus, readFileSync(path, 'utf8'), region);
}
