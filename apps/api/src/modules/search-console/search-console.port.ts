// The Google Search Console connection: what the product needs from Search Console (a person's
// properties and their Search Analytics), in domain types. Failures are PlatformErrors with the
// video platform's kinds (unauthorized, forbidden, bad-request, quota, unavailable, ...).

/** Read-only Search Console access: what the product asks for, in a grant of its own. */
export const SCOPE_SEARCH_CONSOLE_READONLY = 'https://www.googleapis.com/auth/webmasters.readonly';
/** Full Search Console access (also allows reading). */
export const SCOPE_SEARCH_CONSOLE = 'https://www.googleapis.com/auth/webmasters';
/** The scopes the Search Console connection asks for (not the channel connection's). */
export const SEARCH_CONSOLE_REQUESTED_SCOPES = [SCOPE_SEARCH_CONSOLE_READONLY] as const;
/** Scopes any of which allows reading Search Console data. */
export const SEARCH_CONSOLE_READ_SCOPES = [
  SCOPE_SEARCH_CONSOLE_READONLY,
  SCOPE_SEARCH_CONSOLE,
] as const;
/** searchanalytics.query's rowLimit: its default and maximum (API reference). */
export const SEARCH_ANALYTICS_ROW_LIMIT_DEFAULT = 1000;
export const SEARCH_ANALYTICS_ROW_LIMIT_MAX = 25_000;
/** Google reasons of a token that lacks the scope (legacy item reason, ErrorInfo reason). */
export const MISSING_SCOPE_REASONS = ['insufficientPermissions', 'ACCESS_TOKEN_SCOPE_INSUFFICIENT'];

/** A person's permission on a property (sites.list). */
export type SitePermission =
  'siteOwner' | 'siteFullUser' | 'siteRestrictedUser' | 'siteUnverifiedUser' | 'unknown';

/** A Search Console property: `sc-domain:example.com` or a URL prefix `https://example.com/`. */
export interface SearchConsoleSite {
  siteUrl: string;
  permissionLevel: SitePermission;
  /** Whether the property's data can be read (any permission but unverified). */
  verified: boolean;
  kind: 'domain' | 'url-prefix';
}

/** Dimensions Search Analytics groups by. */
export type SearchDimension = 'query' | 'page' | 'date' | 'country' | 'device';

/** A filter on a dimension (all filters of a query must pass). */
export interface SearchFilter {
  dimension: SearchDimension;
  operator:
    'equals' | 'notEquals' | 'contains' | 'notContains' | 'includingRegex' | 'excludingRegex';
  expression: string;
}

/** A Search Analytics query over web search. Dates are YYYY-MM-DD (Pacific), both included. */
export interface SearchAnalyticsQuery {
  startDate: string;
  endDate: string;
  dimensions: SearchDimension[];
  /** 1–25,000; default 1,000. */
  rowLimit?: number;
  /** Zero-based index of the first row; default 0. */
  startRow?: number;
  filters?: SearchFilter[];
  /** 'final' (default) or 'all' (with the last, still incomplete days). */
  dataState?: 'final' | 'all';
}

/** One row: the dimension values in the query's order, and the figures. */
export interface SearchAnalyticsRow {
  keys: string[];
  clicks: number;
  impressions: number;
  /** Click-through rate, 0–1 (clicks / impressions). */
  ctr: number;
  /** Average position, impression-weighted, 1 = top. */
  position: number;
}

/** A Search Analytics answer (one page of rows). */
export interface SearchAnalyticsResult {
  rows: SearchAnalyticsRow[];
  /** How Google aggregated: by page when grouping or filtering by page, else by property. */
  aggregation: 'byPage' | 'byProperty' | 'auto' | 'unknown';
  /** With dataState 'all' by date: the first day whose figures may still change. */
  firstIncompleteDate: string | null;
}

/** What the product needs from Search Console, called with the person's access token. */
export interface SearchConsole {
  /** The person's properties (sites.list). */
  listSites(accessToken: string): Promise<SearchConsoleSite[]>;
  /** Search Analytics of one property (searchanalytics.query). */
  query(
    accessToken: string,
    siteUrl: string,
    query: SearchAnalyticsQuery,
  ): Promise<SearchAnalyticsResult>;
}
