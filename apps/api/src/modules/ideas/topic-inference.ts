// A channel's topics inferred from its videos, for a channel whose settings name none: the tags
// and title phrases most of its videos share. Pure, so it is table-tested.
import { distinctPhrases, sharedPhrases } from '../keywords/index.ts';

/** How many of the channel's latest videos topics are inferred from. */
export const TOPIC_VIDEOS_READ = 200;
/** How many inferred topics seed suggestions. */
export const INFERRED_TOPICS_MAX = 5;
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
  const ranked = sharedPhrases(sources, { exclude: options.exclude }).sort(
    (a, b) =>
      b.videos - a.videos ||
      b.phrase.split(' ').length - a.phrase.split(' ').length ||
      (a.phrase < b.phrase ? -1 : a.phrase > b.phrase ? 1 : 0),
  );
  return distinctPhrases(ranked, (t) => t.phrase).map((t) => t.phrase);
}
