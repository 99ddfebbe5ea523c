// The one shape every supported CSV format is mapped to before it enters the emulator's world.

/** One trending record, whatever file format it came from. */
export interface ImportedRow {
  videoId: string;
  title: string;
  /** Publication instant, epoch ms. */
  publishedAt: number;
  channelId: string;
  channelTitle: string;
  categoryId: string;
  /** The trending day the statistics were recorded on, epoch ms (the latest one wins). */
  trendingAt: number;
  tags: string[];
  views: number;
  likes: number;
  comments: number;
  commentsDisabled: boolean;
  ratingsDisabled: boolean;
  description: string;
  /** Only when the file has a duration column. */
  durationSeconds?: number;
  /** The country of the trending list (from the file name), e.g. 'US'. */
  region: string;
}

/** What a format's row mapper returns: a row, or why the record is malformed. */
export type RowResult = { row: ImportedRow } | { skip: 'malformed' | 'removed'; reason: string };

/** Helpers every format mapper uses to check a field. */
export const fieldChecks = {
  videoId: (v: string) => /^[A-Za-z0-9_-]{11}$/.test(v),
  channelId: (v: string) => /^UC[A-Za-z0-9_-]{22}$/.test(v),
  count: (v: string) => /^\d+$/.test(v.trim()),
  categoryId: (v: string) => /^\d+$/.test(v.trim()),
  /** "True"/"False" as the Kaggle files spell them (any case). */
  flag: (v: string) => /^(true|false)$/i.test(v.trim()),
};

/** "True" (any case) → true. */
export const isTrue = (v: string) => v.trim().toLowerCase() === 'true';

/**
 * Parses an optional duration column: ISO 8601 (PT4M13S, as the Data API spells it) or a plain
 * number of seconds. Undefined when empty or unreadable.
 */
export function parseDuration(value: string | undefined): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) || undefined;
  const m = /^P(?:(\d+)D)?T?(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(text);
  if (!m || text === 'P' || text === 'PT') return undefined;
  const [, d = '0', h = '0', min = '0', s = '0'] = m;
  const seconds = Number(d) * 86_400 + Number(h) * 3600 + Number(min) * 60 + Number(s);
  return seconds > 0 ? seconds : undefined;
}
