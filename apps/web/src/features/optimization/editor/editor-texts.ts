/**
 * Constants and texts of the video editor. Contract constants come from its zod-free entry, so
 * the page does not load the contract's runtime.
 */
import type { PublishRecord } from '@tubewise/contract';

export { KEYWORD_QUERY_MAX_LENGTH, SEARCH_TERM_MAX_LENGTH } from '@tubewise/contract/constants';
// The thumbnail checks are shared with Labs (lib/thumbnail-checks.ts).
export {
  formatMegabytes,
  THUMBNAIL_MAX_BYTES,
  THUMBNAIL_TYPES,
  THUMBNAIL_WARNING_TEXTS,
  thumbnailFileProblem,
} from '../../../lib/thumbnail-checks.ts';
/** Delay between the last keystroke and a keyword search. */
export const KEYWORD_SEARCH_DEBOUNCE_MS = 250;

/** YouTube's display sizes of a thumbnail, for the previews. */
export const THUMBNAIL_PREVIEW_SIZES = [
  { label: 'Sidebar', width: 168, height: 94 },
  { label: 'Search', width: 246, height: 138 },
  { label: 'Home', width: 360, height: 202 },
] as const;

/** Shown when a publish is refused because the video has no default language. */
export const NO_DEFAULT_LANGUAGE_TEXT =
  "YouTube needs the video's default language before it can save these changes. Choose the language below, then publish again.";

/** Common YouTube default-language codes (the select's options). */
export const LANGUAGES: readonly { code: string; name: string }[] = [
  { code: 'en', name: 'English' },
  { code: 'en-US', name: 'English (United States)' },
  { code: 'en-GB', name: 'English (United Kingdom)' },
  { code: 'es', name: 'Spanish' },
  { code: 'es-419', name: 'Spanish (Latin America)' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'pt-BR', name: 'Portuguese (Brazil)' },
  { code: 'it', name: 'Italian' },
  { code: 'nl', name: 'Dutch' },
  { code: 'pl', name: 'Polish' },
  { code: 'ru', name: 'Russian' },
  { code: 'uk', name: 'Ukrainian' },
  { code: 'tr', name: 'Turkish' },
  { code: 'ar', name: 'Arabic' },
  { code: 'hi', name: 'Hindi' },
  { code: 'id', name: 'Indonesian' },
  { code: 'vi', name: 'Vietnamese' },
  { code: 'th', name: 'Thai' },
  { code: 'ja', name: 'Japanese' },
  { code: 'ko', name: 'Korean' },
  { code: 'zh-Hans', name: 'Chinese (Simplified)' },
  { code: 'zh-Hant', name: 'Chinese (Traditional)' },
];

/** The language's name for a code, or the code itself when it is not in the list. */
export function languageName(code: string): string {
  return LANGUAGES.find((l) => l.code === code)?.name ?? code;
}

/** "title, description and tags": what changed in a publish, in words. */
export function publishedFields(record: PublishRecord): string {
  const fields: string[] = [];
  if (record.before.title !== record.after.title) fields.push('title');
  if (record.before.description !== record.after.description) fields.push('description');
  const tags = (t: string[]) => t.join('\u0000');
  if (tags(record.before.tags) !== tags(record.after.tags)) fields.push('tags');
  if (record.thumbnailChanged) fields.push('thumbnail');
  if (fields.length === 0) return 'the metadata';
  if (fields.length === 1) return `the ${fields[0]}`;
  return `the ${fields.slice(0, -1).join(', ')} and ${fields[fields.length - 1]}`;
}

/** "50 quota units" / "1 quota unit". */
export function quotaText(units: number): string {
  return `${units} quota ${units === 1 ? 'unit' : 'units'}`;
}

/** `text` with `insert` put in place of the selection [start, end); appended when no cursor. */
export function insertText(
  text: string,
  insert: string,
  start: number | null,
  end: number | null = start,
): { text: string; cursor: number } {
  if (start === null || end === null) {
    const glue = text === '' || text.endsWith('\n') ? '' : '\n';
    const next = `${text}${glue}${insert}`;
    return { text: next, cursor: next.length };
  }
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  return { text: text.slice(0, from) + insert + text.slice(to), cursor: from + insert.length };
}
