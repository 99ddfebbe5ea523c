// The phrases a set of videos share: their tags and title runs, counted per video and grouped by
// spelling. Pure; inferred channel topics and onboarding keyword suggestions both rank these.
import { normalizeKeyword } from './keyword-data.port.ts';
import { meaningfulWords, stem, STOP_WORDS, wordsOf } from './keyword-words.ts';

/** The longest phrase, in words. */
const PHRASE_MAX_WORDS = 4;

/** A video's text as phrases are mined from it; `group` counts distinct owners (a channel). */
export interface PhraseSource {
  title: string;
  tags: readonly string[];
  group?: string;
}

/** A phrase the videos share: its most used spelling and how many videos and groups use it. */
export interface SharedPhrase {
  phrase: string;
  videos: number;
  groups: number;
}

/**
 * The phrases of the videos: every meaningful tag (1–4 words) and every run of two or three
 * meaningful words of a title is a candidate, counted once per video (and per group); stop words
 * at either end, numbers alone, `exclude` (any spelling) and what `accept` refuses are no
 * phrases; spellings of one phrase ("bagel recipe", "Bagel recipes") count together under the
 * most used one. With two videos or more, a phrase needs two of them. Unordered.
 */
export function sharedPhrases(
  sources: readonly PhraseSource[],
  options: { exclude?: readonly string[]; accept?: (phrase: string) => boolean } = {},
): SharedPhrase[] {
  const excluded = new Set((options.exclude ?? []).map((k) => keyOf(normalizeKeyword(k))));
  const found = new Map<
    string,
    { videos: Set<number>; groups: Set<string>; spellings: Map<string, number> }
  >();
  const count = (phrase: string, video: number, group: string) => {
    const normal = normalizeKeyword(phrase);
    const words = normal.split(' ');
    if (!normal || words.length > PHRASE_MAX_WORDS) return;
    if (options.accept && !options.accept(normal)) return;
    if (meaningfulWords(normal).length === 0 || words.every((w) => /^\p{N}+$/u.test(w))) return;
    if (STOP_WORDS.has(words[0]!) || STOP_WORDS.has(words.at(-1)!)) return;
    const key = keyOf(normal);
    if (excluded.has(key)) return;
    const entry = found.get(key) ?? {
      videos: new Set<number>(),
      groups: new Set<string>(),
      spellings: new Map<string, number>(),
    };
    entry.videos.add(video);
    entry.groups.add(group);
    entry.spellings.set(normal, (entry.spellings.get(normal) ?? 0) + 1);
    found.set(key, entry);
  };
  sources.forEach((source, video) => {
    const group = source.group ?? '';
    for (const tag of source.tags) count(tag, video, group);
    for (const run of meaningfulRuns(source.title)) {
      for (let n = 2; n <= 3; n++)
        for (let i = 0; i + n <= run.length; i++)
          count(run.slice(i, i + n).join(' '), video, group);
    }
  });
  const needed = sources.length >= 2 ? 2 : 1;
  return [...found.values()]
    .filter((entry) => entry.videos.size >= needed)
    .map((entry) => ({
      phrase: [...entry.spellings].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0],
      videos: entry.videos.size,
      groups: entry.groups.size,
    }));
}

/**
 * The first `max` of ranked phrases, leaving out each one with half its words or more in a phrase
 * kept above it: the same phrase, or an overlapping run of the same titles ("iron skillet
 * routine" after "cast iron skillet").
 */
export function distinctPhrases<T>(
  ranked: readonly T[],
  phraseOf: (item: T) => string,
  max = Infinity,
): T[] {
  const chosen: { item: T; stems: Set<string> }[] = [];
  for (const item of ranked) {
    if (chosen.length >= max) break;
    const stems = new Set(wordsOf(phraseOf(item)).map(stem));
    if (chosen.some((c) => [...stems].filter((s) => c.stems.has(s)).length * 2 >= stems.size))
      continue;
    chosen.push({ item, stems });
  }
  return chosen.map((c) => c.item);
}

/** One key for the spellings of a phrase: its words' stems in order. */
function keyOf(phrase: string): string {
  return wordsOf(phrase).map(stem).join(' ');
}

/** A title's runs of consecutive meaningful words (stop words, numbers and symbols end a run). */
function meaningfulRuns(title: string): string[][] {
  const runs: string[][] = [[]];
  for (const part of title.normalize('NFKC').toLowerCase().split(/\s+/)) {
    const words = part.split(/[^\p{L}\p{N}'’]+/u);
    // Punctuation around a word ends the run ("Bagels: the recipe" is no "bagels recipe").
    const broken = words.length > 1 && words.some((w) => w === '');
    for (const raw of words) {
      const word = raw.replace(/['’]s$/u, '');
      if (!word) continue;
      if (STOP_WORDS.has(word) || /^\p{N}+$/u.test(word)) runs.push([]);
      else runs.at(-1)!.push(word);
    }
    if (broken) runs.push([]);
  }
  return runs.filter((r) => r.length >= 2);
}
