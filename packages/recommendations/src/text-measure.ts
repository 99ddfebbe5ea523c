/**
 * Measures of text as YouTube counts them. "Characters" are Unicode code points (an emoji is one
 * character, not two UTF-16 units) and the description limit is in UTF-8 bytes.
 */
import { SPACED_WORD_CHAR } from './text-patterns.ts';

/** Number of Unicode code points in a string (what YouTube calls characters). */
export function codePointLength(text: string): number {
  let count = 0;
  // Iterating a string walks code points, so a surrogate pair counts once.
  for (const _ of text) count++;
  return count;
}

/** Number of bytes the string takes in UTF-8 (lone surrogates count as U+FFFD, like TextEncoder). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code < 0x10000) bytes += 3;
    else bytes += 4;
  }
  return bytes;
}

/** Converts a UTF-16 index (what RegExp and indexOf report) into a code-point index. */
export function codePointIndex(text: string, utf16Index: number): number {
  return codePointLength(text.slice(0, utf16Index));
}

// Han and Kana have no spaces and a character is roughly a word there; other scripts count runs
// of letters, and an apostrophe or hyphen inside a word ("don't", "well-known") does not split it.
const WORD_RE = new RegExp(
  `[\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}]|${SPACED_WORD_CHAR}+(?:['’\\-]${SPACED_WORD_CHAR}+)*|[\\p{sc=Thai}\\p{sc=Lao}\\p{sc=Khmer}\\p{sc=Myanmar}]+`,
  'gu',
);

/** Number of words in a text (deterministic, so the editor and the server always agree). */
export function wordCount(text: string): number {
  let count = 0;
  for (const _ of text.matchAll(WORD_RE)) count++;
  return count;
}
