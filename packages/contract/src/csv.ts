import { toSafeText } from './text.ts';

/**
 * A small RFC 4180 CSV writer shared by the API and the web (zod-free: `@tubewise/contract/csv`).
 * - Fields holding a comma, a double quote, CR or LF are quoted, quotes doubled; records end
 *   with CRLF.
 * - Formula-injection guard (OWASP "CSV injection"): a text cell starting with = + - @, tab or
 *   CR is prefixed with a single quote, so a spreadsheet shows it as text instead of running it.
 *   Numbers are written as numbers (a negative number is not a formula).
 * - Text is brought under the product's text rule first (NUL and other invisible controls
 *   dropped, lone surrogates → U+FFFD), so the output is always valid UTF-8 that every
 *   spreadsheet reads to the end.
 * - `bom: true` starts the file with U+FEFF, which Excel needs to read UTF-8 (non-ASCII titles).
 */

/** A value one CSV cell can hold; null and undefined are empty cells. */
export type CsvCell = string | number | boolean | Date | null | undefined;

/** Media type of a CSV download (RFC 4180, UTF-8). */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** The UTF-8 byte order mark Excel needs to read a CSV file as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** First characters a spreadsheet treats as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** Characters that force a field into quotes. */
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell as CSV text: formatted, guarded against formulas, and quoted when it must be. */
export function csvField(value: CsvCell): string {
  let text: string;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    // NaN and infinities are not figures a spreadsheet can use.
    if (!Number.isFinite(value)) return '';
    text = String(value);
  } else if (typeof value === 'boolean') {
    text = value ? 'true' : 'false';
  } else if (value instanceof Date) {
    text = Number.isNaN(value.getTime()) ? '' : value.toISOString();
  } else {
    text = toSafeText(value);
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record: its fields joined by commas, ended by CRLF. */
export function csvRecord(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`;
}

/** Options of `toCsv`. */
export interface CsvOptions {
  /** Start with the UTF-8 byte order mark (for Excel). Default true. */
  bom?: boolean;
}

/** A whole CSV document: a header record, then one record per row. */
export function toCsv(
  header: readonly string[],
  rows: Iterable<readonly CsvCell[]>,
  options: CsvOptions = {},
): string {
  const parts = [options.bom === false ? '' : CSV_BOM, csvRecord(header)];
  for (const row of rows) parts.push(csvRecord(row));
  return parts.join('');
}

/**
 * A file name safe in a Content-Disposition header or a download attribute: letters, digits,
 * dots, dashes and underscores only, the rest turned into dashes.
 */
export function csvFileName(base: string): string {
  const cleaned = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 100);
  return `${cleaned || 'export'}.csv`;
}
