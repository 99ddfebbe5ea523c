/** Tips about tags: the term first, enough of the allowance used, recommended tags picked up. */
import { countOf, listOf } from '../format.ts';
import { PLATFORM_LIMITS, platformTagsLength } from '../platform-limits.ts';
import { normalizeTerm, sameTerm } from '../term-matching.ts';
import { RULE_THRESHOLDS } from '../thresholds.ts';
import { notApplicable, withSearchTerm, type RuleOutcome, type RuleTable } from './rule.ts';

const { TAGS_TARGET_CHARS, RECOMMENDED_TAGS_MIN, RECOMMENDED_TAGS_MISSING_SHOWN } = RULE_THRESHOLDS;

/** Rules of the tags group. */
export const TAGS_RULES: RuleTable<
  'tags-first-is-term' | 'tags-length-used' | 'tags-recommended-used'
> = {
  'tags-first-is-term': {
    label: 'Make the search term your first tag',
    evaluate: (context) =>
      withSearchTerm(context, 'make it your first tag', (term) => {
        const firstTag = context.input.tags[0] ?? null;
        const meta = { firstTag };
        const why = 'YouTube weighs the first tags most';
        if (firstTag === null) {
          return {
            applicable: true,
            passed: false,
            explanation: `You have no tags yet; add "${term}" as the first one, because ${why}.`,
            meta,
          };
        }
        return sameTerm(firstTag, term)
          ? {
              applicable: true,
              passed: true,
              explanation: `Your first tag is the search term "${term}", where ${why}.`,
              meta,
            }
          : {
              applicable: true,
              passed: false,
              explanation: `Your first tag is "${firstTag.trim()}"; put "${term}" first instead, because ${why}.`,
              meta,
            };
      }),
  },

  'tags-length-used': {
    label: `Use at least ${TAGS_TARGET_CHARS} of the ${PLATFORM_LIMITS.TAGS_MAX_CHARS} tag characters`,
    evaluate: ({ input }) => {
      const used = platformTagsLength(input.tags);
      const max = PLATFORM_LIMITS.TAGS_MAX_CHARS;
      const meta = { used, target: TAGS_TARGET_CHARS, max };
      return used >= TAGS_TARGET_CHARS
        ? {
            applicable: true,
            passed: true,
            explanation: `Your tags use ${used} of ${max} characters, enough to cover variations of the search term and related topics.`,
            meta,
          }
        : {
            applicable: true,
            passed: false,
            explanation: `Your tags use ${used} of ${max} characters; add variations of the search term and related topics until they use at least ${TAGS_TARGET_CHARS} (${TAGS_TARGET_CHARS - used} more).`,
            meta,
          };
    },
  },

  'tags-recommended-used': {
    label: 'Use the recommended tags',
    evaluate: ({ input }) => recommendedTagsOutcome(input.tags, input.recommendedTags),
  },
};

function recommendedTagsOutcome(
  tags: readonly string[],
  recommendedTags: readonly string[],
): RuleOutcome {
  const recommended = uniqueTerms(recommendedTags);
  if (recommended.length === 0) {
    return notApplicable('There are no recommended tags for this video yet.', {
      used: [],
      missing: [],
      required: 0,
      recommendedCount: 0,
    });
  }
  const required = Math.min(RECOMMENDED_TAGS_MIN, recommended.length);
  const isUsed = (candidate: string) => tags.some((tag) => sameTerm(tag, candidate));
  const used = recommended.filter(isUsed);
  const missingAll = recommended.filter((candidate) => !isUsed(candidate));
  const missing = missingAll.slice(0, RECOMMENDED_TAGS_MISSING_SHOWN);
  const meta = { used, missing, required, recommendedCount: recommended.length };
  if (used.length >= required) {
    return {
      applicable: true,
      passed: true,
      explanation: `You use ${used.length} of the ${countOf(recommended.length, 'recommended tag')}; they are what similar successful videos are tagged with.`,
      meta,
    };
  }
  const suggestions = listOf(missing.slice(0, 3).map((tag) => `"${tag}"`));
  return {
    applicable: true,
    passed: false,
    explanation: `You use ${used.length} of the ${countOf(recommended.length, 'recommended tag')}; add at least ${required - used.length} more, such as ${suggestions}, to be found alongside similar videos.`,
    meta,
  };
}

/** Non-blank terms, trimmed, without case-insensitive duplicates, in their first order. */
function uniqueTerms(terms: readonly string[]): string[] {
  const unique: string[] = [];
  for (const term of terms) {
    const normalized = normalizeTerm(term);
    if (normalized !== null && !unique.some((seen) => sameTerm(seen, normalized))) {
      unique.push(normalized);
    }
  }
  return unique;
}
