import { searchconsole, type searchconsole_v1 } from '@googleapis/searchconsole';
import { PlatformError, toPlatformError } from '../video-platform/index.ts';
import {
  MISSING_SCOPE_REASONS,
  type SearchAnalyticsQuery,
  type SearchAnalyticsResult,
  type SearchConsole,
  type SearchConsoleSite,
  type SitePermission,
} from './search-console.port.ts';

/** Where the adapter talks to: Google in production, the emulator otherwise. */
export interface SearchConsoleAdapterOptions {
  /** Root of the Search Console API, ending with '/' (https://searchconsole.googleapis.com/). */
  apiRootUrl: string;
  /** Per-request timeout in milliseconds. */
  timeoutMs?: number;
}

/** Google's production root of the Search Console API. */
export const SEARCH_CONSOLE_ROOT_URL = 'https://searchconsole.googleapis.com/';

const PERMISSIONS: readonly SitePermission[] = [
  'siteOwner',
  'siteFullUser',
  'siteRestrictedUser',
  'siteUnverifiedUser',
];

/** Whether a Search Console failure means the token lacks the Search Console scope. */
export function isMissingScope(error: unknown): boolean {
  return (
    error instanceof PlatformError &&
    error.kind === 'forbidden' &&
    error.reason !== null &&
    MISSING_SCOPE_REASONS.includes(error.reason)
  );
}

async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toPlatformError(error);
  }
}

/** The production adapter: the official @googleapis/searchconsole client, configurable root. */
export class SearchConsoleAdapter implements SearchConsole {
  private readonly options: SearchConsoleAdapterOptions;
  private readonly client: searchconsole_v1.Searchconsole;

  constructor(options: SearchConsoleAdapterOptions) {
    this.options = options;
    // retry: false — retries are the caller's business, with backoff it controls.
    this.client = searchconsole({
      version: 'v1',
      rootUrl: options.apiRootUrl,
      timeout: options.timeoutMs ?? 20_000,
      retry: false,
    });
  }

  /**
   * Per-request options: the person's access token, and the root URL again, because
   * googleapis-common keeps only the origin of a client-level rootUrl (the embedded emulator's
   * /emulator/ prefix would be lost).
   */
  private as(accessToken: string) {
    return {
      rootUrl: this.options.apiRootUrl,
      headers: { Authorization: `Bearer ${accessToken}` },
    };
  }

  async listSites(accessToken: string): Promise<SearchConsoleSite[]> {
    const res = await call(() => this.client.sites.list({}, this.as(accessToken)));
    return (res.data.siteEntry ?? []).flatMap((entry) => {
      if (!entry.siteUrl) return [];
      const permissionLevel = PERMISSIONS.find((p) => p === entry.permissionLevel) ?? 'unknown';
      return [
        {
          siteUrl: entry.siteUrl,
          permissionLevel,
          verified: permissionLevel !== 'siteUnverifiedUser',
          kind: entry.siteUrl.startsWith('sc-domain:') ? 'domain' : 'url-prefix',
        } satisfies SearchConsoleSite,
      ];
    });
  }

  async query(
    accessToken: string,
    siteUrl: string,
    query: SearchAnalyticsQuery,
  ): Promise<SearchAnalyticsResult> {
    const requestBody: searchconsole_v1.Schema$SearchAnalyticsQueryRequest = {
      startDate: query.startDate,
      endDate: query.endDate,
      dimensions: query.dimensions,
      type: 'web',
    };
    if (query.rowLimit !== undefined) requestBody.rowLimit = query.rowLimit;
    if (query.startRow !== undefined) requestBody.startRow = query.startRow;
    if (query.dataState) requestBody.dataState = query.dataState;
    if (query.filters?.length)
      requestBody.dimensionFilterGroups = [{ groupType: 'and', filters: query.filters }];
    const res = await call(() =>
      this.client.searchanalytics.query({ siteUrl, requestBody }, this.as(accessToken)),
    );
    const aggregation = res.data.responseAggregationType;
    return {
      rows: (res.data.rows ?? []).map((row) => ({
        keys: row.keys ?? [],
        clicks: row.clicks ?? 0,
        impressions: row.impressions ?? 0,
        ctr: row.ctr ?? 0,
        position: row.position ?? 0,
      })),
      aggregation:
        aggregation === 'byPage' || aggregation === 'byProperty' || aggregation === 'auto'
          ? aggregation
          : 'unknown',
      firstIncompleteDate: res.data.metadata?.firstIncompleteDate ?? null,
    };
  }
}
