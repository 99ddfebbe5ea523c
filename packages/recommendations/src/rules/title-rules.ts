/** Tips about the title: the term in it, early, a readable length, and no shouting. */
import { countOf, listOf } from '../format.ts';
import { findTermMentions } from '../term-matching.ts';
import { codePointLength } from '../text-measure.ts';
import { RULE_THRESHOLDS } from '../thresholds.ts';
import { withSearchTerm, type RuleTable } from './rule.ts';

const {
  TITLE_MIN_CHARS: MIN,
  TITLE_MAX_CHARS: MAX,
  SHOUTING_MIN_LETTERS,
  SHOUTING_MAX_WORDS,
} = RULE_THRESHOLDS;

const TITLE_WORD_RE = /[\p{L}\p{M}\p{N}_]+(?:['’-][\p{L}\p{M}\p{N}_]+)*/gu;

/** Words written in capitals with enough letters to read as shouting ("BEST", not "SEO" or "4K"). */
export function shoutingWords(title: string): string[] {
  const words: string[] = [];
  for (const [word] of title.matchAll(TITLE_WORD_RE)) {
    const letters = word.match(/\p{L}/gu) ?? [];
    // Only cased letters can shout: a word in a script without capitals never does.
    const allCapitals = letters.every((letter) => /\p{Lu}/u.test(letter));
    if (letters.length >= SHOUTING_MIN_LETTERS && allCapitals) words.push(word);
  }
  return words;
}

/** Rules of the title group. */
export const TITLE_RULES: RuleTable<
  'title-contains-term' | 'title-term-early' | 'title-length' | 'title-no-shouting'
> = {
  'title-contains-term': {
    label: 'Put the search term in the title',
    evaluate: (context) =>
      withSearchTerm(context, 'put it in the title', (term) => {
        const mentions = findTermMentions(context.input.title, term).length;
        return mentions > 0
          ? {
              applicable: true,
              passed: true,
              explanation: `Your title contains "${term}", the strongest signal of what the video is about.`,
              meta: { mentions },
            }
          : {
              applicable: true,
              passed: false,
              explanation: `Your title does not contain "${term}"; put the exact phrase in it, because the title is the strongest signal of what the video is about.`,
              meta: { mentions },
            };
      }),
  },

  'title-term-early': {
    label: 'Put the search term early in the title',
    evaluate: (context) =>
      withSearchTerm(context, 'put it at the start of the title', (term) => {
        const title = context.input.title.normalize('NFC');
        const length = codePointLength(title);
        const position = findTermMentions(title, term)[0]?.start ?? null;
        // "Within the first half" = starts before the middle; as a 1-based character number.
        const latestStart = Math.ceil(length / 2);
        const meta = { position, length, latestStart };
        if (position === null) {
          return {
            applicable: true,
            passed: false,
            explanation: `"${term}" is not in the title yet; put it in the first half, ideally at the very start, where viewers and YouTube notice it first.`,
            meta,
          };
        }
        return position < length / 2
          ? {
              applicable: true,
              passed: true,
              explanation: `"${term}" starts at character ${position + 1} of ${length}, in the first half of the title where it is noticed first.`,
              meta,
            }
          : {
              applicable: true,
              passed: false,
              explanation: `"${term}" starts at character ${position + 1} of ${length}; move it so it starts by character ${latestStart}, since the start of a title is read first and is never cut off.`,
              meta,
            };
      }),
  },

  'title-length': {
    label: `Make the title ${MIN}–${MAX} characters long`,
    evaluate: ({ input }) => {
      const length = codePointLength(input.title);
      const meta = { length, min: MIN, max: MAX };
      const figures = `Your title is ${countOf(length, 'character')}`;
      if (length < MIN) {
        return {
          applicable: true,
          passed: false,
          explanation: `${figures}; aim for ${MIN}–${MAX} (at least ${MIN - length} more) so it tells people and YouTube enough about the video.`,
          meta,
        };
      }
      if (length > MAX) {
        return {
          applicable: true,
          passed: false,
          explanation: `${figures}; aim for ${MIN}–${MAX} (at least ${length - MAX} fewer), because search results cut longer titles off.`,
          meta,
        };
      }
      return {
        applicable: true,
        passed: true,
        explanation: `${figures}, within the ${MIN}–${MAX} that say enough and still show in full in search results.`,
        meta,
      };
    },
  },

  'title-no-shouting': {
    label: 'Avoid words in capitals',
    evaluate: ({ input }) => {
      const words = shoutingWords(input.title);
      const meta = { shoutingWords: words, max: SHOUTING_MAX_WORDS };
      if (words.length > SHOUTING_MAX_WORDS) {
        return {
          applicable: true,
          passed: false,
          explanation: `Your title has ${countOf(words.length, 'word')} in capitals (${listOf(words)}); keep at most ${SHOUTING_MAX_WORDS}, because a title that shouts looks like clickbait.`,
          meta,
        };
      }
      return {
        applicable: true,
        passed: true,
        explanation:
          words.length === 0
            ? 'Your title has no words in capitals, so it reads as calm and trustworthy.'
            : `Your title has one word in capitals (${words[0]}); that is fine for emphasis, but do not add more.`,
        meta,
      };
    },
  },
};
