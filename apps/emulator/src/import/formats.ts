// The CSV formats the importer understands, and how a file's header picks one.
import type { RowResult } from './imported-row.ts';
import { TRENDING_2017_FORMAT } from './trending-2017-format.ts';
import { TRENDING_2020_FORMAT } from './trending-2020-format.ts';

/** A supported CSV format: the columns it needs and how one record becomes a row. */
export interface ImportFormat {
  id: string;
  /** Human name, used in messages. */
  name: string;
  /** The columns the format needs (matched by name; order and extra columns do not matter). */
  columns: readonly string[];
  /** Maps one record; `field(name)` is the value of a column ('' when the column is absent). */
  toRow(field: (column: string) => string, region: string): RowResult;
}

/** Every supported format, most recent first. */
export const IMPORT_FORMATS: readonly ImportFormat[] = [TRENDING_2020_FORMAT, TRENDING_2017_FORMAT];

/** The format whose columns the header has, or a message naming what was expected and found. */
export function detectFormat(header: readonly string[]): ImportFormat | { problem: string } {
  const found = new Set(header.map((h) => h.trim()));
  const format = IMPORT_FORMATS.find((f) => f.columns.every((c) => found.has(c)));
  if (format) return format;
  const expected = IMPORT_FORMATS.map((f) => `${f.name}: ${f.columns.join(', ')}`).join('; ');
  const shown = header.length > 40 ? [...header.slice(0, 40), '…'] : header;
  return {
    problem: `its columns match no supported format. Expected ${expected}. Found ${header.length} column(s): ${shown.join(', ') || '(none)'}`,
  };
}
