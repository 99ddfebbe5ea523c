// Keyword suggestions of an onboarding from its competitors' recent videos: the tags and title
// phrases they use, ranked by how many competitors and videos use them. Pure, so it is
// table-tested (keyword-suggestions.test.ts).
import {
  isSendableKeyword,
  meaningfulWords,
  normalizeKeyword,
  stem,
  STOP_WORDS,
  wordsOf,
} from '../keywords/index.ts';

/** Suggestions one onboarding gets at most. */
export const KEYWORD_SUGGESTIONS_MAX = 20;
/** The longest suggestion, in words. */
const PHRASE_MAX_WORDS = 4;

/** A competitor's recent videos, as the suggestions read them. */
export interface CompetitorVideos {
  youtubeId: string;
  videos: readonly { videoId: string; title: string; tags: readonly string[] }[];
}

/** One suggestion: the phrase, and how many videos and competitors use it. */
export interface KeywordSuggestion {
  keyword: string;
  videos: number;
  competitors: number;
}

/**
 * Suggestions from the competitors' videos: every meaningful tag (1–4 words) and every run of
 * two or three meaningful words of a title is a candidate, counted once per video and once per
 * competitor; spellings of one phrase ("bagel recipe", "Bagel recipes") count together under
 * the most used one. With two videos or more, a phrase needs two of them. Ranked by competitors,
 * then videos, then the longer phrase, then alphabetically; a phrase the visitor already chose
 * (`exclude`, any spelling) or that repeats half its words of a phrase ranked above is left out.
 */
export function suggestKeywords(
  competitors: readonly CompetitorVideos[],
  exclude: readonly string[],
  max = KEYWORD_SUGGESTIONS_MAX,
): KeywordSuggestion[] {
  const excluded = new Set(exclude.map((k) => keyOf(normalizeKeyword(k))));
  const found = new Map<
    string,
    { videos: Set<string>; competitors: Set<string>; spellings: Map<string, number> }
  >();
  let videoCount = 0;
  for (const competitor of competitors) {
    for (const video of competitor.videos) {
      videoCount += 1;
      const videoKey = `${competitor.youtubeId}\u0000${video.videoId}`;
      const count = (phrase: string) => {
        const normal = normalizeKeyword(phrase);
        const words = normal.split(' ');
        if (!normal || words.length > PHRASE_MAX_WORDS || !isSendableKeyword(normal)) return;
        if (meaningfulWords(normal).length === 0 || words.every((w) => /^\p{N}+$/u.test(w))) return;
        if (STOP_WORDS.has(words[0]!) || STOP_WORDS.has(words.at(-1)!)) return;
        const key = keyOf(normal);
        if (excluded.has(key)) return;
        const entry = found.get(key) ?? {
          videos: new Set<string>(),
          competitors: new Set<string>(),
          spellings: new Map<string, number>(),
        };
        entry.videos.add(videoKey);
        entry.competitors.add(competitor.youtubeId);
        entry.spellings.set(normal, (entry.spellings.get(normal) ?? 0) + 1);
        found.set(key, entry);
      };
      for (const tag of video.tags) count(tag);
      for (const run of meaningfulRuns(video.title)) {
        for (let n = 2; n <= 3; n++)
          for (let i = 0; i + n <= run.length; i++) count(run.slice(i, i + n).join(' '));
      }
    }
  }
  const needed = videoCount >= 2 ? 2 : 1;
  const ranked = [...found.values()]
    .filter((entry) => entry.videos.size >= needed)
    .map((entry) => ({
      keyword: [...entry.spellings].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0],
      videos: entry.videos.size,
      competitors: entry.competitors.size,
    }))
    .sort(
      (a, b) =>
        b.competitors - a.competitors ||
        b.videos - a.videos ||
        b.keyword.split(' ').length - a.keyword.split(' ').length ||
        (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0),
    );
  const chosen: { suggestion: KeywordSuggestion; stems: Set<string> }[] = [];
  for (const suggestion of ranked) {
    if (chosen.length >= max) break;
    const stems = new Set(wordsOf(suggestion.keyword).map(stem));
    // Half its words or more in a phrase ranked above: the same phrase, or an overlapping run
    // of the same titles ("iron skillet routine" after "cast iron skillet").
    if (chosen.some((c) => [...stems].filter((s) => c.stems.has(s)).length * 2 >= stems.size))
      continue;
    chosen.push({ suggestion, stems });
  }
  return chosen.map((c) => c.suggestion);
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
