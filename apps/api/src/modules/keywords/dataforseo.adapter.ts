// The only code that talks to the keyword-data provider: DataForSEO v3 through its official
// client (`dataforseo-client`). The client takes a base URL and a `fetch`, so KEYWORD_DATA_URL
// points it at DataForSEO (https://api.dataforseo.com) or at the emulator (…/emulator), and the
// fetch adds HTTP Basic credentials and a timeout.
//
// Endpoints: Google Ads search volume (keywords_data/google_ads/search_volume/live, ≤1000
// keywords a call) for figures, DataForSEO Labs keyword_suggestions/live for search-as-you-type,
// and related_keywords/live for related keywords.
import {
  KeywordDataError,
  normalizeKeyword,
  type KeywordDataFailure,
  type KeywordDataProvider,
  type KeywordMarket,
  type MonthlyVolume,
  type ProviderKeyword,
  type ProviderKeywordList,
} from './keyword-data.port.ts';

/** Options of the adapter. */
export interface DataForSeoOptions {
  /** API origin (and prefix), e.g. https://api.dataforseo.com or http://127.0.0.1:3000/emulator. */
  baseUrl: string;
  login: string;
  password: string;
  /** The provider's name as people see it next to the figures. */
  name: string;
  /** Per-call timeout (default 20 s; live Google Ads calls take a few seconds). */
  timeoutMs?: number;
  /** The fetch to use (default the global one). */
  fetch?: typeof fetch;
}

// The client's bundled .d.ts files import their models without file extensions, which NodeNext
// resolution cannot follow, so its classes type as `any` here. These mirror the client's models
// (BaseResponseInfo, BaseResponseTaskInfo, KeywordsDataGoogleAdsSearchVolumeLiveResultInfo,
// DataforseoLabsGoogleKeywordSuggestionsLiveResultInfo, DataforseoLabsGoogleRelatedKeywords-
// LiveResultInfo, KeywordDataInfo, KeywordInfo) for the fields we read.

/** The envelope of every DataForSEO answer. */
interface Envelope<R> {
  status_code?: number;
  status_message?: string;
  tasks?: {
    status_code?: number;
    status_message?: string;
    result?: R[] | null;
  }[];
}
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
      const { baseUrl, login, password } = this.options;
      const fetchImpl = this.options.fetch ?? fetch;
      const timeoutMs = this.options.timeoutMs ?? 20_000;
      const authorization = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
      const http = {
        fetch: (url: Parameters<typeof fetch>[0], init?: RequestInit) =>
          fetchImpl(url, {
            ...init,
            headers: { ...(init?.headers as Record<string, string>), authorization },
            signal: AbortSignal.timeout(timeoutMs),
          }),
      };
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
    const results = await this.call('search volume', () =>
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
    const [result] = await this.call('keyword suggestions', () =>
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
    const [result] = await this.call('related keywords', () =>
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

  /** Runs one single-task call and returns its task's results, or throws KeywordDataError. */
  private async call<R>(what: string, run: () => Promise<Envelope<R> | null>): Promise<R[]> {
    let envelope: Envelope<R> | null;
    try {
      envelope = await run();
    } catch (error) {
      const status = (error as { isApiException?: boolean; status?: number }).isApiException
        ? (error as { status: number }).status
        : undefined;
      const body = (error as { response?: unknown }).response;
      const code = typeof body === 'string' ? statusCodeOf(body) : undefined;
      const kind: KeywordDataFailure =
        status === 401
          ? 'unauthorized'
          : status === 402
            ? 'payment-required'
            : status === 429
              ? 'rate-limited'
              : code !== undefined
                ? failureOf(code)
                : 'unavailable';
      throw new KeywordDataError(
        kind,
        `DataForSEO ${what}: ${status ? `HTTP ${status}` : (error as Error).message}`,
        { cause: error },
      );
    }
    if (!envelope) throw new KeywordDataError('unavailable', `DataForSEO ${what}: empty answer`);
    if (envelope.status_code !== 20000) {
      throw new KeywordDataError(
        failureOf(envelope.status_code),
        `DataForSEO ${what}: ${envelope.status_code} ${envelope.status_message ?? ''}`.trim(),
      );
    }
    const task = envelope.tasks?.[0];
    if (!task) throw new KeywordDataError('unavailable', `DataForSEO ${what}: no task`);
    if (task.status_code !== 20000) {
      throw new KeywordDataError(
        failureOf(task.status_code),
        `DataForSEO ${what}: ${task.status_code} ${task.status_message ?? ''}`.trim(),
      );
    }
    return task.result ?? [];
  }
}

/** What a DataForSEO status code means for us (appendix/errors). */
function failureOf(code: number | undefined): KeywordDataFailure {
  if (code === undefined) return 'unavailable';
  if (code === 40100) return 'unauthorized';
  if (code === 40200 || code === 40210) return 'payment-required';
  if (code === 40202 || code === 40209) return 'rate-limited';
  // 40101 is the search engine's own error, 5xxxx DataForSEO's: both pass.
  if (code === 40101 || code >= 50000) return 'unavailable';
  return 'invalid-request';
}

function statusCodeOf(body: string): number | undefined {
  try {
    const parsed = JSON.parse(body) as { status_code?: unknown };
    return typeof parsed.status_code === 'number' ? parsed.status_code : undefined;
  } catch {
    return undefined;
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
