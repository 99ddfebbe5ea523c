/** The tip that everything keyword-related depends on: a chosen search term. */
import type { RuleTable } from './rule.ts';

/** Rules of the search-term group. */
export const SEARCH_TERM_RULES: RuleTable<'search-term-chosen'> = {
  'search-term-chosen': {
    label: 'Choose a search term',
    evaluate: ({ term }) =>
      term === null
        ? {
            applicable: true,
            passed: false,
            explanation:
              'Choose a search term first: the phrase people type on YouTube to find a video like this one. The title, description and tag tips all check against it.',
            meta: { searchTerm: null },
          }
        : {
            applicable: true,
            passed: true,
            explanation: `You are optimising for "${term}"; the title, description and tag tips check against it.`,
            meta: { searchTerm: term },
          },
  },
};
