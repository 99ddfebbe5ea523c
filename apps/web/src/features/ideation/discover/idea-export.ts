import type { Idea } from '@tubewise/contract';
import { csvFileName, toCsv } from '@tubewise/contract/csv';
import { saveFile } from '../../../lib/download.ts';
import { IDEA_CSV_HEADER, ideaCsvRows } from './idea-sorting.ts';

/** The CSV of ideas as shown (sorted and filtered), with Excel's byte order mark. */
export function ideasCsv(ideas: readonly Idea[]): string {
  return toCsv(IDEA_CSV_HEADER, ideaCsvRows(ideas));
}

/** Offers the ideas shown as a CSV download named after the seeds and the day. */
export function exportIdeasCsv(
  ideas: readonly Idea[],
  seeds: readonly string[],
  today: Date = new Date(),
): void {
  const name = csvFileName(`ideas-${seeds.join('-')}-${today.toISOString().slice(0, 10)}`);
  saveFile(new Blob([ideasCsv(ideas)], { type: 'text/csv;charset=utf-8' }), name);
}
