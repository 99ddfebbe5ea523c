/** The keywords module's public surface: keyword data (port and DataForSEO adapter), figures, words. */
export { DataForSeoAdapter } from './dataforseo.adapter.ts';
export {
  isSendableKeyword,
  normalizeKeyword,
  type KeywordDataProvider,
  type MonthlyVolume,
} from './keyword-data.port.ts';
export {
  isAbout,
  meaningfulWords,
  sharesWord,
  stem,
  STOP_WORDS,
  wordsOf,
} from './keyword-words.ts';
export { registerKeywordRoutes } from './keywords.routes.ts';
export { KeywordsService, marketOf, type DetailedKeywordMetrics } from './keywords.service.ts';
