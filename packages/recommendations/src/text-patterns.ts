/**
 * Regular-expression fragments shared by the text helpers, so that words, terms and hashtags
 * agree on what a "letter" is. Every pattern needs the `u` flag.
 */

/** Scripts written without spaces between words: a word boundary there cannot be detected. */
export const NO_SPACE_SCRIPTS =
  '\\p{sc=Han}\\p{sc=Hiragana}\\p{sc=Katakana}\\p{sc=Thai}\\p{sc=Lao}\\p{sc=Khmer}\\p{sc=Myanmar}';

/** One character that can be part of a word in any script (letters, combining marks, digits, _). */
export const WORD_CHAR = '[\\p{L}\\p{M}\\p{N}_]';

/**
 * A word character of a script that separates words with spaces. Boundaries are only checked
 * against these, so "SEO" still counts in "用SEO" and a Chinese term counts inside Chinese text.
 */
export const SPACED_WORD_CHAR = `(?:(?![${NO_SPACE_SCRIPTS}])${WORD_CHAR})`;

/** Whether a single character is a word character of a script with spaces. */
export function isSpacedWordChar(char: string): boolean {
  return SPACED_WORD_CHAR_RE.test(char);
}

const SPACED_WORD_CHAR_RE = new RegExp(`^${SPACED_WORD_CHAR}$`, 'u');
