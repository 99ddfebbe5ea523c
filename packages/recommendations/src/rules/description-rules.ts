/** Tips about the description: the term early and often enough, length, chapters, hashtags. */
import { chapterProblems, formatTimestamp, parseChapters } from '../chapters.ts';
import { countOf, formatCount } from '../format.ts';
import { findHashtags } from '../hashtags.ts';
import { findTermMentions } from '../term-matching.ts';
import { wordCount } from '../text-measure.ts';
import { RULE_THRESHOLDS } from '../thresholds.ts';
import { notApplicable, withSearchTerm, type RuleOutcome, type RuleTable } from './rule.ts';

const {
  DESCRIPTION_TERM_WITHIN_CHARS: WITHIN,
  DESCRIPTION_TERM_MIN_MENTIONS: MIN_MENTIONS,
  DESCRIPTION_TERM_MAX_MENTIONS: MAX_MENTIONS,
  DESCRIPTION_MIN_WORDS: MIN_WORDS,
  CHAPTERS_MIN_VIDEO_SECONDS,
  HASHTAGS_SHOWN,
  HASHTAGS_MAX,
} = RULE_THRESHOLDS;

/** Rules of the description group. */
export const DESCRIPTION_RULES: RuleTable<
  | 'description-starts-with-term'
  | 'description-term-count'
  | 'description-word-count'
  | 'description-chapters'
  | 'description-hashtags'
> = {
  'description-starts-with-term': {
    label: 'Mention the search term at the start of the description',
    evaluate: (context) =>
      withSearchTerm(
        context,
        `mention it in the first ${WITHIN} characters of the description`,
        (term) => {
          const first = findTermMentions(context.input.description, term)[0] ?? null;
          const meta = { position: first?.start ?? null, end: first?.end ?? null, within: WITHIN };
          const shown = `the first ${WITHIN} characters, which search results and the collapsed description show`;
          if (first === null) {
            return {
              applicable: true,
              passed: false,
              explanation: `The description does not mention "${term}"; mention it within ${shown}.`,
              meta,
            };
          }
          // The whole phrase must fit: a term cut off at the end of the snippet is not seen.
          return first.end <= WITHIN
            ? {
                applicable: true,
                passed: true,
                explanation: `"${term}" appears at character ${first.start + 1} of the description, within ${shown}.`,
                meta,
              }
            : {
                applicable: true,
                passed: false,
                explanation: `"${term}" first appears at character ${formatCount(first.start + 1)} of the description; mention it within ${shown}.`,
                meta,
              };
        },
      ),
  },

  'description-term-count': {
    label: `Mention the search term ${MIN_MENTIONS}–${MAX_MENTIONS} times in the description`,
    evaluate: (context) =>
      withSearchTerm(
        context,
        `mention it ${MIN_MENTIONS}–${MAX_MENTIONS} times in the description`,
        (term) => {
          const count = findTermMentions(context.input.description, term).length;
          const meta = { count, min: MIN_MENTIONS, max: MAX_MENTIONS };
          const mentioned =
            count === 0 ? `does not mention "${term}"` : `mentions "${term}" ${times(count)}`;
          if (count < MIN_MENTIONS) {
            return {
              applicable: true,
              passed: false,
              explanation: `The description ${mentioned}; mention it ${MIN_MENTIONS}–${MAX_MENTIONS} times in natural sentences so YouTube is sure of the topic.`,
              meta,
            };
          }
          if (count > MAX_MENTIONS) {
            return {
              applicable: true,
              passed: false,
              explanation: `The description ${mentioned}; keep it to ${MIN_MENTIONS}–${MAX_MENTIONS}, because more repetitions look like keyword stuffing.`,
              meta,
            };
          }
          return {
            applicable: true,
            passed: true,
            explanation: `The description ${mentioned}, within the ${MIN_MENTIONS}–${MAX_MENTIONS} that make the topic clear without stuffing.`,
            meta,
          };
        },
      ),
  },

  'description-word-count': {
    label: `Write at least ${MIN_WORDS} words in the description`,
    evaluate: ({ input }) => {
      const words = wordCount(input.description);
      const meta = { words, min: MIN_WORDS };
      return words >= MIN_WORDS
        ? {
            applicable: true,
            passed: true,
            explanation: `Your description has ${countOf(words, 'word')}, enough for YouTube to understand the video and find it for related searches.`,
            meta,
          }
        : {
            applicable: true,
            passed: false,
            explanation: `Your description has ${countOf(words, 'word')}; write at least ${MIN_WORDS} (${formatCount(MIN_WORDS - words)} more) about what the video covers, so YouTube can find it for related searches.`,
            meta,
          };
    },
  },

  'description-chapters': {
    label: 'Add chapters to the description',
    evaluate: ({ input }) => chaptersOutcome(input.description, input.durationSeconds),
  },

  'description-hashtags': {
    label: `Add 1–${HASHTAGS_SHOWN} hashtags`,
    evaluate: ({ input }) => {
      const hashtags = findHashtags(input.description);
      const count = hashtags.length;
      const meta = { hashtags, count, min: 1, max: HASHTAGS_SHOWN, ignoredAbove: HASHTAGS_MAX };
      const has = `Your description has ${countOf(count, 'hashtag')}`;
      if (count === 0) {
        return {
          applicable: true,
          passed: false,
          explanation: `${has}; add 1–${HASHTAGS_SHOWN} relevant ones (like #tutorial): YouTube shows them above the title and links them to similar videos.`,
          meta,
        };
      }
      if (count > HASHTAGS_MAX) {
        return {
          applicable: true,
          passed: false,
          explanation: `${has}; YouTube ignores every hashtag on a video that has more than ${HASHTAGS_MAX}. Keep the ${HASHTAGS_SHOWN} most relevant.`,
          meta,
        };
      }
      if (count > HASHTAGS_SHOWN) {
        return {
          applicable: true,
          passed: false,
          explanation: `${has}; keep the ${HASHTAGS_SHOWN} most relevant, because YouTube shows only ${HASHTAGS_SHOWN} above the title.`,
          meta,
        };
      }
      return {
        applicable: true,
        passed: true,
        explanation: `${has}; YouTube shows up to ${HASHTAGS_SHOWN} above the title and links them to similar videos.`,
        meta,
      };
    },
  },
};

function times(count: number): string {
  if (count === 1) return 'once';
  if (count === 2) return 'twice';
  return `${formatCount(count)} times`;
}

function chaptersOutcome(description: string, durationSeconds: number | null): RuleOutcome {
  const chapters = parseChapters(description);
  const baseMeta = { chapters, durationSeconds, minVideoSeconds: CHAPTERS_MIN_VIDEO_SECONDS };
  if (durationSeconds === null) {
    return notApplicable("The video's length is not known yet, so chapters are not checked.", {
      ...baseMeta,
      problems: [],
    });
  }
  if (durationSeconds <= CHAPTERS_MIN_VIDEO_SECONDS) {
    return notApplicable(
      `Chapters only count for videos longer than ${CHAPTERS_MIN_VIDEO_SECONDS / 60} minutes; this one is ${formatTimestamp(durationSeconds)}.`,
      { ...baseMeta, problems: [] },
    );
  }
  const problems = chapterProblems(chapters, durationSeconds);
  const meta = { ...baseMeta, problems };
  const [first] = problems;
  if (!first) {
    return {
      applicable: true,
      passed: true,
      explanation: `Your ${countOf(chapters.length, 'chapter')} are valid: YouTube shows them in the progress bar and can show them as key moments in search.`,
      meta,
    };
  }
  if (first.code === 'missing') {
    return {
      applicable: true,
      passed: false,
      explanation:
        'Add chapters: one line per section starting with its timestamp, the first at 0:00, at least 3, each at least 10 seconds long. YouTube shows them in the progress bar and as key moments in search.',
      meta,
    };
  }
  const others = problems.length - 1;
  const more =
    others === 0
      ? ''
      : ` ${others === 1 ? 'One more problem needs' : `${others} more problems need`} fixing too.`;
  return {
    applicable: true,
    passed: false,
    explanation: `YouTube will not show your chapters yet. ${first.message}${more}`,
    meta,
  };
}
