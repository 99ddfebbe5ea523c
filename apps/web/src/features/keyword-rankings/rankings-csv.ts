import type { RankingItem } from '@tubewise/contract';
import { csvFileName, toCsv } from '@tubewise/contract/csv';
import { saveFile } from '../../lib/download.ts';

/** The CSV's header row. */
export const RANKINGS_CSV_HEADER = [
  'Keyword',
  'Language',
  'Monthly searches',
  'Rank',
  'Change (7 days)',
  'Change (30 days)',
  'Ranking video',
  'Video title',
  'Checked on',
] as const;

/**
 * The rankings as a CSV (Excel's byte order mark included): every row the sort, bucket and
 * search select, not only the page shown. An empty rank means no rank within the checked
 * depth, or not checked yet (no "Checked on").
 */
export function rankingsCsv(items: readonly RankingItem[]): string {
  return toCsv(
    RANKINGS_CSV_HEADER,
    items.map((i) => [
      i.keyword,
      i.language,
      i.volume,
      i.rank,
      i.change7,
      i.change30,
      i.videoId,
      i.video?.title ?? null,
      i.day,
    ]),
  );
}

/** Offers the rankings as a CSV download named after the channel and the day. */
export function exportRankingsCsv(
  items: readonly RankingItem[],
  channelName: string,
  today: Date = new Date(),
): void {
  const name = csvFileName(`rankings-${channelName}-${today.toISOString().slice(0, 10)}`);
  saveFile(new Blob([rankingsCsv(items)], { type: 'text/csv;charset=utf-8' }), name);
}
