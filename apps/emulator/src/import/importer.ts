// Reads trending CSV files (any supported format) into rows, and imports them into a world.
// A file is refused as a whole (missing, unreadable, unknown columns); inside an accepted file a
// malformed record is counted, described and skipped, never fatal.
import { readFileSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { parse } from 'csv-parse/sync';
import { detectFormat, type ImportFormat } from './formats.ts';
import { ImportError } from './import-error.ts';
import type { ImportedRow } from './imported-row.ts';
import type { ImportedWorld, MergeResult } from './imported-world.ts';

/** What reading one file found. */
export interface FileReport {
  file: string;
  format: string;
  /** Data records read (after the header), malformed ones included. */
  records: number;
  /** Records skipped as malformed (broken quoting, wrong column count, invalid values). */
  malformed: number;
  /** The first few malformed records: line and reason. */
  malformedSamples: string[];
  /** Records of videos the dataset marks as removed (2017 format), skipped. */
  removed: number;
  /** Records that repeat a video of the same file (it trended on several days). */
  duplicates: number;
  /** Distinct videos and channels of the file. */
  videos: number;
  channels: number;
}

/** A parsed file: its format, the latest row of each video, and the report. */
export interface ParsedFile {
  format: ImportFormat;
  rows: ImportedRow[];
  report: FileReport;
}

const SAMPLES = 3;

/** The region of a file from its name: US_youtube_trending_data.csv or USvideos.csv → US. */
export function regionOfFile(name: string): string {
  return /^([A-Z]{2})(?:_|videos)/.exec(basename(name))?.[1] ?? 'US';
}

/** Parses CSV text of a supported format; throws ImportError when the header matches none. */
export function parseImportText(
  text: string,
  name: string,
  region = regionOfFile(name),
): ParsedFile {
  const report: FileReport = {
    file: name,
    format: '',
    records: 0,
    malformed: 0,
    malformedSamples: [],
    removed: 0,
    duplicates: 0,
    videos: 0,
    channels: 0,
  };
  // Malformed records by the line they end on: csv-parse may report one broken record twice.
  const skipped = new Map<number, string>();
  const malformed = (line: number | undefined, reason: string) => {
    const at = line ?? -skipped.size - 1;
    if (!skipped.has(at)) skipped.set(at, reason);
  };
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // Broken quoting (e.g. a file cut in the middle of a record) skips that record only.
      skip_records_with_error: true,
      on_skip: (error) => {
        malformed((error as { lines?: number } | undefined)?.lines, error?.message ?? 'unreadable');
        return undefined;
      },
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    throw new ImportError(`${name} is not readable CSV (${(error as Error).message})`);
  }
  const header = records[0]?.record.map((h) => h.trim()) ?? [];
  const format = detectFormat(header);
  if ('problem' in format) throw new ImportError(`${name} cannot be imported: ${format.problem}`);
  report.format = format.id;
  const position = new Map(header.map((h, i) => [h, i]));
  const latest = new Map<string, ImportedRow>();
  for (const { record, info } of records.slice(1)) {
    if (record.length !== header.length) {
      malformed(info.lines, `${record.length} field(s) where the header has ${header.length}`);
      continue;
    }
    report.records++;
    const field = (column: string) => {
      const i = position.get(column);
      return i === undefined ? '' : record[i]!;
    };
    const result = format.toRow(field, region);
    if ('skip' in result) {
      if (result.skip === 'removed') report.removed++;
      else {
        report.records--;
        malformed(info.lines, result.reason);
      }
      continue;
    }
    const row = result.row;
    const seen = latest.get(row.videoId);
    if (seen) {
      report.duplicates++;
      // The same video on several trending days: the latest day's figures are the current ones.
      const newer =
        row.trendingAt > seen.trendingAt ||
        (row.trendingAt === seen.trendingAt && row.views > seen.views);
      if (!newer) continue;
    }
    latest.set(row.videoId, row);
  }
  report.malformed = skipped.size;
  report.records += skipped.size;
  report.malformedSamples = [...skipped]
    .sort(([a], [b]) => a - b)
    .slice(0, SAMPLES)
    .map(([line, reason]) => `${line > 0 ? `line ${line}` : 'a record'}: ${reason}`);
  const rows = [...latest.values()];
  report.videos = rows.length;
  report.channels = new Set(rows.map((r) => r.channelId)).size;
  return { format, rows, report };
}

/** Reads and parses one file; throws ImportError (one line) when it is missing or refused. */
export function readImportFile(path: string): ParsedFile {
  let text: string;
  try {
    if (!statSync(path).isFile()) throw new ImportError(`${path} is not a file`);
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if (error instanceof ImportError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new ImportError(
      code === 'ENOENT'
        ? `${path}: no such file`
        : `${path} cannot be read (${code ?? (error as Error).message})`,
    );
  }
  return parseImportText(text, path);
}

/** What an import of several files did. */
export interface ImportSummary extends MergeResult {
  files: FileReport[];
}

/**
 * Imports files into a world: every file is read and checked first, so a refused file imports
 * nothing. `account` (an e-mail) gives every imported channel to that account.
 */
export function importFiles(
  world: ImportedWorld,
  paths: readonly string[],
  options: { account?: string; now?: () => number } = {},
): ImportSummary {
  const parsed = paths.map((p) => readImportFile(p));
  const rows = parsed.flatMap((p) => p.rows);
  const merge = world.merge(rows, options.account ? { account: options.account } : {});
  const importedAt = new Date((options.now ?? Date.now)()).toISOString();
  for (const { report } of parsed) {
    // A file imported again (EMULATOR_IMPORT at every start) keeps one entry, the latest.
    const source = {
      file: report.file,
      format: report.format,
      importedAt,
      records: report.records,
    };
    const known = world.sources.findIndex((s) => s.file === report.file);
    if (known >= 0) world.sources[known] = source;
    else world.sources.push(source);
  }
  return { ...merge, files: parsed.map((p) => p.report) };
}
