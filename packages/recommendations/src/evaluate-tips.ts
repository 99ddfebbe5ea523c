/** Runs every rule against a video and shapes the results as tips. */
import { DESCRIPTION_RULES } from './rules/description-rules.ts';
import { OTHER_RULES } from './rules/other-rules.ts';
import type { Rule, RuleContext } from './rules/rule.ts';
import { SEARCH_TERM_RULES } from './rules/search-term-rules.ts';
import { TAGS_RULES } from './rules/tags-rules.ts';
import { THUMBNAIL_RULES } from './rules/thumbnail-rules.ts';
import { TITLE_RULES } from './rules/title-rules.ts';
import { normalizeTerm } from './term-matching.ts';
import { TIP_GROUP_BY_TYPE, TIP_TYPES, type RuleInput, type Tip, type TipType } from './tips.ts';

// Typed as a full record so that adding a tip type without a rule does not compile.
const RULES: Readonly<Record<TipType, Rule>> = {
  ...SEARCH_TERM_RULES,
  ...TITLE_RULES,
  ...DESCRIPTION_RULES,
  ...TAGS_RULES,
  ...THUMBNAIL_RULES,
  ...OTHER_RULES,
};

/** Evaluates every rule; tips whose type is in `ignored` are returned with ignored: true. Order = TIP_TYPES order. */
export function evaluateTips(input: RuleInput, ignored: Iterable<TipType> = []): Tip[] {
  // Ignored lists come from storage; unknown strings in them simply match nothing.
  const ignoredTypes = new Set<string>(ignored);
  const context: RuleContext = { input, term: normalizeTerm(input.searchTerm) };
  return TIP_TYPES.map((type, index) => {
    const rule = RULES[type];
    const outcome = rule.evaluate(context);
    return {
      type,
      index,
      group: TIP_GROUP_BY_TYPE[type],
      applicable: outcome.applicable,
      // A tip that does not count never reports a pass, so the UI can trust `passed` alone.
      passed: outcome.applicable && outcome.passed,
      ignored: ignoredTypes.has(type),
      label: rule.label,
      explanation: outcome.explanation,
      meta: outcome.meta,
    };
  });
}
