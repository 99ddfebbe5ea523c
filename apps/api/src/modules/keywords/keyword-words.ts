// Words of keywords, titles and tags as matching sees them: what a term "is about" once the
// little words are gone. Used to keep only search results about a term, to keep only ideas
// related to their seeds, and to infer a channel's topics from its videos.

/** Words that say nothing about a topic (the keyword languages' most common ones). */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  // English
  (
    'a an the and or but nor of to in on at by for from with without into onto over under ' +
    'about above after before between through during up down out off again then than so too ' +
    'very just also only not no yes is are was were be been being am do does did doing have ' +
    'has had having will would shall should can could may might must i me my mine we us our ' +
    'ours you your yours he him his she her hers it its they them their theirs this that these ' +
    'those there here what which who whom whose when where why how all any both each few more ' +
    'most other some such own same as if while because until vs via per etc get got make made ' +
    'best top video videos official full hd 4k live ft feat episode ep part vlog shorts ' +
    // German, French, Spanish, Portuguese, Italian, Dutch
    'der die das den dem des ein eine einer eines und oder mit von zu im ist sind für auf ' +
    'ich du er wir ihr wie ' +
    'le la les un une des du de et ou avec pour dans sur est sont au aux ' +
    'el los las una unos unas y o con por para en es son del al ' +
    'os um uma e com em no na nos nas do da dos das ' +
    'il lo gli una di da con per su è sono ' +
    'het een en of met voor op te van is zijn'
  ).split(' '),
);

/** The words of a text: NFKC, lower case, split on anything that is not a letter or digit. */
export function wordsOf(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The words that carry meaning: not stop words, and two characters or more unless digits. */
export function meaningfulWords(text: string): string[] {
  return wordsOf(text).filter((w) => !STOP_WORDS.has(w) && (w.length >= 2 || /^\p{N}+$/u.test(w)));
}

/** A word's simple stem, so "bagels" matches "bagel" and "recipes" "recipe". */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The stems of a text's meaningful words (all its words when none is meaningful). */
export function stemsOf(text: string): Set<string> {
  const meaningful = meaningfulWords(text);
  return new Set((meaningful.length > 0 ? meaningful : wordsOf(text)).map(stem));
}

/**
 * Whether a text is about a term: every meaningful word of the term occurs in the text (in any
 * order, singular or plural). A term without words matches everything.
 */
export function isAbout(text: string, term: string): boolean {
  const wanted = stemsOf(term);
  if (wanted.size === 0) return true;
  const have = new Set(wordsOf(text).map(stem));
  for (const word of wanted) if (!have.has(word)) return false;
  return true;
}

/** Whether two phrases share a meaningful word (singular or plural). */
export function sharesWord(a: string, b: string): boolean {
  const left = stemsOf(a);
  for (const word of stemsOf(b)) if (left.has(word)) return true;
  return false;
}
