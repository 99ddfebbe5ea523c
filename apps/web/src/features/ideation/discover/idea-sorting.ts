// Sorting, filtering and exporting the ideas a discover list has loaded: pure, so table-tested.
import type { Idea } from '@tubewise/contract';
import { competitionBand } from './idea-format.ts';

/** The columns ideas sort by. */
export type IdeaSortKey = 'idea' | 'volume' | 'competition' | 'trend' | 'opportunity';
/** A sort: a column and a direction. */
export interface IdeaSort {
  key: IdeaSortKey;
  direction: 'asc' | 'desc';
}
/** The server's order: best opportunity first. */
export const DEFAULT_IDEA_SORT: IdeaSort = { key: 'opportunity', direction: 'desc' };
/** The direction a column sorts in when first chosen (figures: most first; ideas: A to Z). */
export const FIRST_DIRECTION: Record<IdeaSortKey, IdeaSort['direction']> = {
  idea: 'asc',
  volume: 'desc',
  competition: 'asc',
  trend: 'desc',
  opportunity: 'desc',
};

/** The filters of the list: a minimum volume and a maximum competition band. */
export interface IdeaFilters {
  /** Ideas with fewer estimated monthly searches are hidden; null for no minimum. */
  minVolume: number | null;
  /** Ideas whose competition band is above this are hidden; null for any. */
  maxCompetition: 'Low' | 'Medium' | 'High' | null;
}
/** No filter. */
export const NO_IDEA_FILTERS: IdeaFilters = { minVolume: null, maxCompetition: null };

const BAND_RANK = { Low: 0, Medium: 1, High: 2 } as const;

const valueOf = (idea: Idea, key: IdeaSortKey): number | string | null => {
  switch (key) {
    case 'idea':
      return idea.phrase;
    case 'volume':
      return idea.volume;
    case 'competition':
      return idea.competition;
    case 'trend':
      return idea.trendChange;
    case 'opportunity':
      return idea.opportunity;
  }
};

/**
 * The ideas in a column's order; unknown figures last in either direction, ties in the
 * server's order (opportunity, then phrase) so the list never jumps.
 */
export function sortIdeas(ideas: readonly Idea[], sort: IdeaSort): Idea[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return ideas
    .map((idea, index) => ({ idea, index }))
    .sort((a, b) => {
      const x = valueOf(a.idea, sort.key);
      const y = valueOf(b.idea, sort.key);
      if (x === null || y === null) {
        if (x !== y) return x === null ? 1 : -1;
        return a.index - b.index;
      }
      const order = x < y ? -1 : x > y ? 1 : 0;
      return order * sign || a.index - b.index;
    })
    .map((entry) => entry.idea);
}

/** The ideas that pass the filters (an unknown figure never passes a filter on it). */
export function filterIdeas(ideas: readonly Idea[], filters: IdeaFilters): Idea[] {
  return ideas.filter((idea) => {
    if (filters.minVolume !== null && (idea.volume === null || idea.volume < filters.minVolume))
      return false;
    if (filters.maxCompetition !== null) {
      const band = competitionBand(idea.competition);
      if (band === 'Unknown' || BAND_RANK[band] > BAND_RANK[filters.maxCompetition]) return false;
    }
    return true;
  });
}

/** The CSV columns of exported ideas. */
export const IDEA_CSV_HEADER = [
  'Idea',
  'Est. monthly searches',
  'Competition',
  'Competition index',
  'Trend change % (last 3 months)',
  'Opportunity',
  'Reason',
  'Seed',
  'Origin',
] as const;

/** One CSV row per idea, in IDEA_CSV_HEADER's order (figures unformatted, unknown empty). */
export function ideaCsvRows(ideas: readonly Idea[]): (string | number | null)[][] {
  return ideas.map((idea) => [
    idea.phrase,
    idea.volume,
    competitionBand(idea.competition),
    idea.competition === null ? null : Math.round(idea.competition * 100),
    idea.trendChange === null ? null : Math.round(idea.trendChange),
    idea.opportunity,
    idea.reason,
    idea.seed,
    idea.origin,
  ]);
}
