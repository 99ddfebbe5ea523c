// A channel's topics inferred from its videos, for a channel whose settings name none: the tags
// and title phrases most of its videos share. Pure, so it is table-tested.
import { normalizeKeyword, meaningfulWords, stem, STOP_WORDS, wordsOf } from '../keywords/index.ts';

/** How many of the channel's latest videos topics are inferred from. */
export const TOPIC_VIDEOS_READ = 200;
/** How many inferred topics seed suggestions. */
export const INFERRED_TOPICS_MAX = 5;
/** The longest topic, in words. */
const TOPIC_MAX_WORDS = 4;

/** What topics are inferred from: a video's title and tags. */
export interface TopicSource {
  title: string;
  tags: readonly string[];
}

/**
 * The topics of a channel's videos, most used first: every meaningful tag (1–4 words) and every
 * run of two or three meaningful words in a title is a candidate; a candidate counts once per
 * video that uses it; stop words, numbers alone and the channel's own name (`exclude`) are no
 * topics; spellings of one topic ("bagel recipe", "Bagel recipes") count together under the
 * most used one. With two videos or more, a topic needs two of them; ties go to the longer
 * (more specific) phrase, then alphabetically. A phrase with half its words or more in a topic
 * ranked above it adds nothing and is left out.
 */
export function inferTopics(
  sources: readonly TopicSource[],
  options: { exclude?: readonly string[] } = {},
): string[] {
  const excluded = new Set((options.exclude ?? []).map(keyOf));
  /** Per topic key: the videos using it and how often each spelling was used. */
  const topics = new Map<string, { videos: Set<number>; spellings: Map<string, number> }>();
  const count = (phrase: string, video: number) => {
    const normal = normalizeKeyword(phrase);
    const words = normal.split(' ');
    if (!normal || words.length > TOPIC_MAX_WORDS) return;
    if (meaningfulWords(normal).length === 0 || words.every((w) => /^\p{N}+$/u.test(w))) return;
    if (STOP_WORDS.has(words[0]!) || STOP_WORDS.has(words.at(-1)!)) return;
    const key = keyOf(normal);
    if (excluded.has(key)) return;
    const entry = topics.get(key) ?? { videos: new Set<number>(), spellings: new Map() };
    entry.videos.add(video);
    entry.spellings.set(normal, (entry.spellings.get(normal) ?? 0) + 1);
    topics.set(key, entry);
  };
  sources.forEach((source, video) => {
    for (const tag of source.tags) count(tag, video);
    for (const run of meaningfulRuns(source.title)) {
      for (let n = 2; n <= 3; n++)
        for (let i = 0; i + n <= run.length; i++) count(run.slice(i, i + n).join(' '), video);
    }
  });
  const needed = sources.length >= 2 ? 2 : 1;
  const ranked = [...topics.values()]
    .filter((t) => t.videos.size >= needed)
    .map((t) => ({
      phrase: [...t.spellings].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0],
      videos: t.videos.size,
    }))
    .sort(
      (a, b) =>
        b.videos - a.videos ||
        b.phrase.split(' ').length - a.phrase.split(' ').length ||
        (a.phrase < b.phrase ? -1 : a.phrase > b.phrase ? 1 : 0),
    );
  const chosen: { phrase: string; stems: Set<string> }[] = [];
  for (const { phrase } of ranked) {
    const stems = new Set(wordsOf(phrase).map(stem));
    // Half its words or more already in a topic ranked above: the same topic, or an overlapping
    // run of the same titles ("iron skillet routine" after "cast iron skillet").
    if (chosen.some((c) => [...stems].filter((s) => c.stems.has(s)).length * 2 >= stems.size))
      continue;
    chosen.push({ phrase, stems });
  }
  return chosen.map((c) => c.phrase);
}

/** One key for the spellings of a phrase: its words' stems in order. */
function keyOf(phrase: string): string {
  return wordsOf(phrase).map(stem).join(' ');
}

/** A title's runs of consecutive meaningful words (stop words and symbols end a run). */
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
