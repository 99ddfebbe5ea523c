// The keyword-data port: what the product needs from a keyword-data provider, in product terms.
// The DataForSEO adapter (dataforseo.adapter.ts) is the only implementation that talks to one.

/** Where and in which language people search: a keyword language's location and language. */
export interface KeywordMarket {
  /** Google Ads / DataForSEO location code (Language.code, e.g. 2840 = United States). */
  locationCode: number;
  /** ISO 639-1 language code (Language.iso6391, e.g. 'en'). */
  languageCode: string;
}

/** A provider's estimated figures of one keyword in one market. */
export interface ProviderKeyword {
  /** The keyword, normalised (see normalizeKeyword). */
  keyword: string;
  /** Average monthly searches; null when the provider has no figure. */
  volume: number | null;
  /** Advertiser competition 0..1; null when unknown. */
  competition: number | null;
  /** Cost per click in USD; null when unknown. */
  cpc: number | null;
  /** Monthly searches, oldest first, when the provider gave them. */
  monthly?: MonthlyVolume[];
}

/** Searches of a keyword in one month. */
export interface MonthlyVolume {
  /** First day of the month, YYYY-MM-01. */
  month: string;
  volume: number;
}

/** A keyword list for a seed, with the figures the provider gave along. */
export interface ProviderKeywordList {
  /** The seed's own figures, when the provider gave them. */
  seed: ProviderKeyword | null;
  /** The listed keywords with their figures, in the provider's order. */
  items: ProviderKeyword[];
}

/** Why a provider call failed. */
export type KeywordDataFailure =
  /** The credentials were refused. */
  | 'unauthorized'
  /** The account has no balance left. */
  | 'payment-required'
  /** Too many calls; retry later. */
  | 'rate-limited'
  /** The provider refused the request (a bug or an unsupported market). */
  | 'invalid-request'
  /** Network failure, 5xx or an unreadable answer. */
  | 'unavailable';

/** A failed provider call. */
export class KeywordDataError extends Error {
  readonly kind: KeywordDataFailure;
  constructor(kind: KeywordDataFailure, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'KeywordDataError';
    this.kind = kind;
  }
}

/** A keyword-data provider (search volume, competition, CPC, suggestions, related keywords). */
export interface KeywordDataProvider {
  /** The provider's name as people see it next to the figures. */
  readonly name: string;
  /** How many keywords one `volumes` call takes at most. */
  readonly maxKeywordsPerCall: number;
  /**
   * Figures of up to `maxKeywordsPerCall` normalised keywords in one market, in one call. The
   * answer has one entry per keyword the provider knows; missing keywords have no figures.
   */
  volumes(keywords: readonly string[], market: KeywordMarket): Promise<ProviderKeyword[]>;
  /** Keywords containing the seed's words (search-as-you-type), most searched first. */
  suggestions(seed: string, market: KeywordMarket, limit: number): Promise<ProviderKeywordList>;
  /** Keywords searched together with the seed (recommended tags), most searched first. */
  related(seed: string, market: KeywordMarket, limit: number): Promise<ProviderKeywordList>;
}

/** Characters Google Ads refuses in keywords; they are dropped from what people type. */
const REFUSED_CHARACTERS = /[!@%^*()={};~`<>?\\|,]/g;
/** The longest keyword (characters and words) the provider accepts. */
export const KEYWORD_MAX_CHARACTERS = 80;
export const KEYWORD_MAX_WORDS = 10;

/**
 * A keyword as it is cached and sent: NFKC, lower case, characters Google Ads refuses replaced
 * by spaces, trimmed, single spaces. Empty when nothing usable is left.
 */
export function normalizeKeyword(keyword: string): string {
  return keyword
    .normalize('NFKC')
    .toLowerCase()
    .replace(REFUSED_CHARACTERS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a normalised keyword fits the provider's limits (80 characters, 10 words). */
export function isSendableKeyword(keyword: string): boolean {
  return (
    keyword.length > 0 &&
    keyword.length <= KEYWORD_MAX_CHARACTERS &&
    keyword.split(' ').length <= KEYWORD_MAX_WORDS
  );
}
