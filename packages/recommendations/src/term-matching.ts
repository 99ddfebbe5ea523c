/**
 * Finding a search term in text: case-insensitive, whole words or whole phrase, Unicode aware.
 * Text and term are compared in Unicode NFC so "é" typed as one or two code points is the same.
 */
import { codePointIndex, codePointLength } from './text-measure.ts';
import { SPACED_WORD_CHAR, isSpacedWordChar } from './text-patterns.ts';

/** A term with surrounding blanks removed and inner runs of whitespace made single spaces; null when blank. */
export function normalizeTerm(term: string | null | undefined): string | null {
  if (term == null) return null;
  const normalized = term.normalize('NFC').trim().replace(/\s+/gu, ' ');
  return normalized === '' ? null : normalized;
}

/** Whether two terms or tags are the same once trimmed, spacing-normalised and lower-cased. */
export function sameTerm(a: string, b: string): boolean {
  const left = normalizeTerm(a);
  const right = normalizeTerm(b);
  return left !== null && right !== null && left.toLowerCase() === right.toLowerCase();
}

/** Where a term occurs in a text, in code points of the NFC-normalised text. */
export interface TermMention {
  /** Code-point index of the first character of the mention. */
  start: number;
  /** Code-point index just after the mention. */
  end: number;
}

/** Every whole-word, case-insensitive, non-overlapping mention of the term in the text. */
export function findTermMentions(text: string, term: string | null): TermMention[] {
  const pattern = termPattern(term);
  if (!pattern) return [];
  const normalizedText = text.normalize('NFC');
  const mentions: TermMention[] = [];
  for (const match of normalizedText.matchAll(pattern)) {
    const start = codePointIndex(normalizedText, match.index);
    mentions.push({ start, end: start + codePointLength(match[0]) });
  }
  return mentions;
}

/** How many times the term is mentioned in the text (case-insensitive, whole word or phrase). */
export function countTermMentions(text: string, term: string | null): number {
  return findTermMentions(text, term).length;
}

function termPattern(term: string | null): RegExp | null {
  const normalized = normalizeTerm(term);
  if (normalized === null) return null;
  const chars = [...normalized];
  // A boundary is only required where the term itself starts or ends with a letter, as with \b:
  // ".net" may follow "asp", but "seo" must not match inside "seoul".
  const before = isSpacedWordChar(chars[0] ?? '') ? `(?<!${SPACED_WORD_CHAR})` : '';
  const after = isSpacedWordChar(chars.at(-1) ?? '') ? `(?!${SPACED_WORD_CHAR})` : '';
  // Words of a phrase may be separated by any whitespace, including a line break.
  const body = normalized.split(' ').map(escapeRegExp).join('\\s+');
  return new RegExp(`${before}${body}${after}`, 'giu');
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/gu, '\\$&');
}
