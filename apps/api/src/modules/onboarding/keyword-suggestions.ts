// Keyword suggestions of an onboarding from its competitors' recent videos: the tags and title
// phrases they use, ranked by how many competitors and videos use them. Pure, so it is
// table-tested (keyword-suggestions.test.ts).
import { distinctPhrases, isSendableKeyword, sharedPhrases } from '../keywords/index.ts';

/** Suggestions one onboarding gets at most. */
export const KEYWORD_SUGGESTIONS_MAX = 20;

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
  const sources = competitors.flatMap((c) =>
    c.videos.map((v) => ({ title: v.title, tags: v.tags, group: c.youtubeId })),
  );
  const ranked = sharedPhrases(sources, { exclude, accept: isSendableKeyword })
    .map((p) => ({ keyword: p.phrase, videos: p.videos, competitors: p.groups }))
    .sort(
      (a, b) =>
        b.competitors - a.competitors ||
        b.videos - a.videos ||
        b.keyword.split(' ').length - a.keyword.split(' ').length ||
        (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0),
    );
  return distinctPhrases(ranked, (s) => s.keyword, max);
}
