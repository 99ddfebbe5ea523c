/**
 * The script editor's constants (`@tubewise/contract/script-constants`, zod-free): an entry of
 * its own, not part of `constants`, whose contents land in the web's entry chunk; only the
 * script editor needs these.
 */

/** Delay after the last keystroke before a script is saved (spec section 9). */
export const SCRIPT_AUTOSAVE_MS = 500;
/** Longest script body the server keeps (HTML), in characters. */
export const SCRIPT_MAX_CHARACTERS = 200_000;

/** Heading levels a script may hold: the page's own title is its h1. */
const SCRIPT_HEADING_LEVELS = [2, 3] as const;

/**
 * The markup a script keeps, once for both sides: the server sanitises with exactly these tags
 * (sanitize-html, no attributes) and the editor (TipTap) offers exactly these, so what one keeps
 * the other shows. Headings h2–h3, paragraphs, line breaks, lists, bold and italics; no quotes.
 */
export const SCRIPT_HTML = {
  headingLevels: SCRIPT_HEADING_LEVELS,
  blockquote: false,
  /** Every tag kept, as the editor writes it. */
  tags: [
    ...SCRIPT_HEADING_LEVELS.map((level) => `h${level}` as const),
    'p',
    'br',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
  ],
  /** Other spellings of the same markup, renamed on the server as the editor reads them. */
  aliases: { b: 'strong', i: 'em' },
} as const;
