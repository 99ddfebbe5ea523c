// The only code that talks to the keyword-data provider: DataForSEO v3 through its official
// client (`dataforseo-client`). The client takes a base URL and a `fetch`, so KEYWORD_DATA_URL
// points it at DataForSEO (https://api.dataforseo.com) or at the emulator (…/emulator), and the
// fetch adds HTTP Basic credentials and a timeout.
//
// Endpoints: Google Ads search volume (keywords_data/google_ads/search_volume/live, ≤1000
// keywords a call) for figures, DataForSEO Labs keyword_suggestions/live for search-as-you-type,
// and related_keywords/live for related keywords.
import {
  dataForSeoHttp,
  dataForSeoTaskResults,
  type DataForSeoConnection,
  type DataForSeoEnvelope,
} from './dataforseo-call.ts';
import {
  KeywordDataError,
  normalizeKeyword,
  type KeywordDataProvider,
  type KeywordMarket,
  type MonthlyVolume,
  type ProviderKeyword,
  type ProviderKeywordList,
} from './keyword-data.port.ts';

/** Options of the adapter: the connection and the provider's name. */
export interface DataForSeoOptions extends DataForSeoConnection {
  /** The provider's name as people see it next to the figures. */
  name: string;
}

// The client's bundled .d.ts files import their models without file extensions, which NodeNext
// resolution cannot follow, so its classes type as `any` here. These mirror the client's models
// (BaseResponseInfo, BaseResponseTaskInfo, KeywordsDataGoogleAdsSearchVolumeLiveResultInfo,
// DataforseoLabsGoogleKeywordSuggestionsLiveResultInfo, DataforseoLabsGoogleRelatedKeywords-
// LiveResultInfo, KeywordDataInfo, KeywordInfo) for the fields we read.

type Envelope<R> = DataForSeoEnvelope<R>;
interface SearchVolumeResult {
  keyword?: string;
  /** 0..100 */
  competition_index?: number | null;
  search_volume?: number | null;
  cpc?: number | null;
  monthly_searches?: MonthlySearches[] | null;
}
/** One month of searches (DataForSEO's MonthlySearches), newest first in answers. */
interface MonthlySearches {
  year?: number | null;
  month?: number | null;
  search_volume?: number | null;
}
interface KeywordDataInfo {
  keyword?: string;
  keyword_info?: {
    /** 0..1 */
    competition?: number | null;
    search_volume?: number | null;
    cpc?: number | null;
    monthly_searches?: MonthlySearches[] | null;
  } | null;
}
interface LabsResult<I> {
  seed_keyword_data?: KeywordDataInfo | null;
  items?: I[] | null;
}
interface RelatedItem {
  keyword_data?: KeywordDataInfo | null;
}

/** The two client classes we use (typed by the mirrors above). */
interface Clients {
  keywordsData: {
    googleAdsSearchVolumeLive(body: object[]): Promise<Envelope<SearchVolumeResult> | null>;
  };
  labs: {
    googleKeywordSuggestionsLive(
      body: object[],
    ): Promise<Envelope<LabsResult<KeywordDataInfo>> | null>;
    googleRelatedKeywordsLive(body: object[]): Promise<Envelope<LabsResult<RelatedItem>> | null>;
  };
}

/** DataForSEO keeps at most this many keywords per search-volume task. */
const SEARCH_VOLUME_MAX_KEYWORDS = 1000;
/** Related keywords two levels deep reach up to 72 keywords. */
const RELATED_DEPTH = 2;

/** The keyword-data provider over DataForSEO's wire format. */
export class DataForSeoAdapter implements KeywordDataProvider {
  readonly name: string;
  readonly maxKeywordsPerCall = SEARCH_VOLUME_MAX_KEYWORDS;
  private readonly options: DataForSeoOptions;
  private clients?: Promise<Clients>;

  constructor(options: DataForSeoOptions) {
    this.options = { ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') };
    this.name = options.name;
  }

  /** The official client, loaded on first use (it is large and most processes never call it). */
  private load(): Promise<Clients> {
    this.clients ??= import('dataforseo-client/api').then((client) => {
      const { baseUrl } = this.options;
      const http = dataForSeoHttp(this.options);
      return {
        keywordsData: new client.KeywordsDataApi(baseUrl, http) as Clients['keywordsData'],
        labs: new client.DataforseoLabsApi(baseUrl, http) as Clients['labs'],
      };
    });
    return this.clients;
  }

  async volumes(keywords: readonly string[], market: KeywordMarket): Promise<ProviderKeyword[]> {
    if (keywords.length === 0) return [];
    if (keywords.length > SEARCH_VOLUME_MAX_KEYWORDS)
      throw new KeywordDataError('invalid-request', 'At most 1000 keywords per call.');
    const { keywordsData } = await this.load();
    const results = await dataForSeoTaskResults('search volume', () =>
      keywordsData.googleAdsSearchVolumeLive([
        {
          keywords: [...keywords],
          location_code: market.locationCode,
          language_code: market.languageCode,
        },
      ]),
    );
    return results.flatMap((r) =>
      r.keyword
        ? [
            {
              keyword: normalizeKeyword(r.keyword),
              volume: integerOrNull(r.search_volume),
              competition:
                typeof r.competition_index === 'number' ? clamp01(r.competition_index / 100) : null,
              cpc: numberOrNull(r.cpc),
              monthly: monthlyOf(r.monthly_searches),
            },
          ]
        : [],
    );
  }

  async suggestions(
    seed: string,
    market: KeywordMarket,
    limit: number,
  ): Promise<ProviderKeywordList> {
    const { labs } = await this.load();
    const [result] = await dataForSeoTaskResults('keyword suggestions', () =>
      labs.googleKeywordSuggestionsLive([
        {
          keyword: seed,
          location_code: market.locationCode,
          language_code: market.languageCode,
          include_seed_keyword: true,
          limit,
        },
      ]),
    );
    return {
      seed: fromKeywordData(result?.seed_keyword_data),
      items: (result?.items ?? []).flatMap((item) => {
        const figures = fromKeywordData(item);
        return figures ? [figures] : [];
      }),
    };
  }

  async related(seed: string, market: KeywordMarket, limit: number): Promise<ProviderKeywordList> {
    const { labs } = await this.load();
    const [result] = await dataForSeoTaskResults('related keywords', () =>
      labs.googleRelatedKeywordsLive([
        {
          keyword: seed,
          location_code: market.locationCode,
          language_code: market.languageCode,
          depth: RELATED_DEPTH,
          include_seed_keyword: true,
          limit,
        },
      ]),
    );
    return {
      seed: fromKeywordData(result?.seed_keyword_data),
      items: (result?.items ?? []).flatMap((item) => {
        const figures = fromKeywordData(item.keyword_data);
        return figures ? [figures] : [];
      }),
    };
  }
}

function fromKeywordData(data: KeywordDataInfo | null | undefined): ProviderKeyword | null {
  if (!data?.keyword) return null;
  const info = data.keyword_info ?? {};
  return {
    keyword: normalizeKeyword(data.keyword),
    volume: integerOrNull(info.search_volume),
    competition: typeof info.competition === 'number' ? clamp01(info.competition) : null,
    cpc: numberOrNull(info.cpc),
    monthly: monthlyOf(info.monthly_searches),
  };
}

/** DataForSEO's monthly searches (newest first) as months oldest first; bad entries dropped. */
export function monthlyOf(months: MonthlySearches[] | null | undefined): MonthlyVolume[] {
  const out: MonthlyVolume[] = [];
  for (const m of months ?? []) {
    const volume = integerOrNull(m.search_volume);
    if (
      typeof m.year !== 'number' ||
      typeof m.month !== 'number' ||
      !Number.isInteger(m.year) ||
      !Number.isInteger(m.month) ||
      m.month < 1 ||
      m.month > 12 ||
      volume === null
    )
      continue;
    out.push({ month: `${m.year}-${String(m.month).padStart(2, '0')}-01`, volume });
  }
  const byMonth = new Map(out.map((m) => [m.month, m]));
  return [...byMonth.values()].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
}

function integerOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value)
    ? Math.max(0, Math.round(value))
    : null;
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) : null;
}

function clamp01(value: number): number | null {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : null;
}
