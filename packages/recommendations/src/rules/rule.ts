/** The shape of a rule: one per tip type, evaluated against a video's metadata. */
import type { RuleInput, TipType } from '../tips.ts';

/** What every rule gets: the input and the search term, normalised once (null = none chosen). */
export interface RuleContext {
  input: RuleInput;
  term: string | null;
}

/** A rule's verdict; evaluateTips adds type, index, group, label and ignored. */
export interface RuleOutcome {
  applicable: boolean;
  passed: boolean;
  explanation: string;
  meta: Record<string, unknown>;
}

/** One rule: its label and how it judges a video. */
export interface Rule {
  label: string;
  evaluate(context: RuleContext): RuleOutcome;
}

/** Rules keyed by the tip type they produce. */
export type RuleTable<T extends TipType> = Readonly<Record<T, Rule>>;

/**
 * Runs a rule that needs the search term. Without one the tip still counts and fails, so the
 * level shows how much choosing a term matters, and the explanation says what to do first.
 */
export function withSearchTerm(
  context: RuleContext,
  goal: string,
  evaluate: (term: string) => RuleOutcome,
): RuleOutcome {
  if (context.term === null) {
    return {
      applicable: true,
      passed: false,
      explanation: `Choose a search term first, then ${goal}.`,
      meta: { needsSearchTerm: true, searchTerm: null },
    };
  }
  const outcome = evaluate(context.term);
  return {
    ...outcome,
    meta: { needsSearchTerm: false, searchTerm: context.term, ...outcome.meta },
  };
}

/** An outcome for a tip that does not count for this video. */
export function notApplicable(explanation: string, meta: Record<string, unknown>): RuleOutcome {
  return { applicable: false, passed: false, explanation, meta };
}
