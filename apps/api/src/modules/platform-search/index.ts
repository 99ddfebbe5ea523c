/** Platform search: who ranks for a search term and the tags they use, in a language's search market (used by optimization and ideas). */
export {
  normaliseTerm,
  SearchInsights,
  type RankedResult,
  type SearchInsight,
} from './search-insights.ts';
export { regionOf } from './search-region.ts';
