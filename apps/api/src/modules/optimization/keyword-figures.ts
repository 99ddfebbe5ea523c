import type { KeywordMetrics, KeywordSource } from '@tubewise/contract';

/** Keyword figures with where they come from. */
export interface KeywordFiguresResult {
  items: KeywordMetrics[];
  source: KeywordSource;
}

/**
 * What optimization needs from the keyword-data module: figures for known keywords and related
 * keywords of a search term, for a keyword language (Language.id, e.g. 'en-us').
 */
export interface KeywordFigures {
  /** Figures of the given keywords (cached per keyword, location and language). */
  metrics(keywords: string[], languageId: string): Promise<KeywordFiguresResult>;
  /** Keywords related to a term, with figures, most searched first. */
  related(term: string, languageId: string): Promise<KeywordFiguresResult>;
}
