/** The keywords module's public surface: keyword data (port and DataForSEO adapter), figures, words. */
export { DataForSeoAdapter } from './dataforseo.adapter.ts';
export {
  dataForSeoEnvelope,
  dataForSeoHttp,
  dataForSeoTaskResults,
  throwIfTaskFailed,
  type DataForSeoConnection,
  type DataForSeoEnvelope,
} from './dataforseo-call.ts';
export {
  isSendableKeyword,
  KeywordDataError,
  normalizeKeyword,
  type KeywordDataProvider,
  type KeywordMarket,
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
export {
  distinctPhrases,
  sharedPhrases,
  type PhraseSource,
  type SharedPhrase,
} from './video-phrases.ts';
export { registerKeywordRoutes } from './keywords.routes.ts';
export { KeywordsService, marketOf, type DetailedKeywordMetrics } from './keywords.service.ts';
