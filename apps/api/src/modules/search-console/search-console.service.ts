// Reporting's "Google search" section: a person's Search Console connection and properties, the
// property chosen for a channel, and its report.
//
// The report's period (28 or 90 days) ends on the latest day with final data (Search Console
// lags ~3 days, in Pacific days): one query by date over the period and a week before, with
// dataState 'final', finds that day and gives the totals (the sum of the days: clicks and
// impressions add up, position weighted by impressions). Then the top 25 queries and the top 25
// pages by clicks (one query each), and the channel's embedding pages from YouTube Analytics
// through the channel's own credentials: the top embedded players report (views per page), and
// the same report for each of the channel's 10 most viewed synced videos (which videos a page
// embeds). embedQueries, the web queries landing on those pages, is ONE more query: dimension
// query with a page includingRegex filter naming the embedding pages the property covers
// (Google then aggregates by page over just those pages), so 4 Search Console calls in all.
// Everything is cached per (channel, property, days) for the UTC day in analytics_reports, the
// Analytics part per (channel, period) so another property reuses it; concurrent asks share
// the calls.
import type { ChannelSearchConsole, SearchConsoleConnection } from '@tubewise/contract';
import { SEARCH_CONSOLE_TOP_ROWS } from '@tubewise/contract/labs-constants';
import type { Logger } from 'pino';
import type { Clock } from '../../lib/clock.ts';
import { addDays } from '../../lib/days.ts';
import { AppError } from '../../lib/errors.ts';
import type { ChannelCredentials } from '../channels/index.ts';
import { PlatformError, type AnalyticsTable, type VideoPlatform } from '../video-platform/index.ts';
import { GrantUnusable, type SearchConsoleGrants } from './search-console-grants.ts';
import type { SearchConsoleRepository } from './search-console.repository.ts';
import type {
  SearchAnalyticsQuery,
  SearchAnalyticsRow,
  SearchConsole,
  SearchConsoleSite,
} from './search-console.port.ts';

/** A person's property list is kept this long, to spare Google's quota. */
export const SITES_CACHE_MS = 5 * 60_000;
/** How many of the channel's most viewed videos are asked which pages embed them. */
export const EMBED_VIDEOS = 10;
/** Search Console's dates are Pacific days (PST, UTC−8). */
const PST_OFFSET_MS = 8 * 3_600_000;
/** Final data lags about this many days (the period ends here when no day is final yet). */
export const FINAL_DATA_LAG_DAYS = 3;
/** Extra days before the period the date query looks at, to find the latest final day. */
const LOOKBACK_DAYS = 7;

/** The report of the section. */
export type SearchReport = NonNullable<ChannelSearchConsole['report']>;

/** The channel's embedding pages over a period, from YouTube Analytics. */
interface Embeds {
  /** Page URL → embedded views of the channel's videos there. */
  views: Record<string, number>;
  /** Page URL → the videos (of the 10 most viewed) played embedded there. */
  videos: Record<string, string[]>;
}

/** The PST day (YYYY-MM-DD) of an instant, as Search Console counts days. */
export function pstDate(at: Date): string {
  return new Date(at.getTime() - PST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whether a property covers a page URL (a Domain property covers every host under it). */
export function propertyCovers(siteUrl: string, pageUrl: string): boolean {
  if (siteUrl.startsWith('sc-domain:')) {
    let host: string;
    try {
      host = new URL(pageUrl).hostname.toLowerCase();
    } catch {
      return false;
    }
    const domain = siteUrl.slice('sc-domain:'.length).toLowerCase();
    return host === domain || host.endsWith(`.${domain}`);
  }
  return pageUrl.startsWith(siteUrl);
}

/**
 * Longest page filter pattern sent. Google documents no limit for an includingRegex
 * expression in the API reference or discovery document; Search Console's own regex filter
 * takes 4,096 characters, so the pattern stays under that with room to spare.
 */
export const PAGE_PATTERN_MAX_CHARS = 4_000;

/** An RE2 pattern matching exactly one of the URLs. */
export function exactAlternatives(urls: readonly string[]): string {
  return `^(${urls.map(escapeRe2).join('|')})$`;
}

/**
 * exactAlternatives of the first URLs (most viewed first) that fit in `maxChars`: the least
 * viewed pages are dropped. Null when not even the first one fits.
 */
export function cappedAlternatives(
  urls: readonly string[],
  maxChars = PAGE_PATTERN_MAX_CHARS,
): string | null {
  const kept: string[] = [];
  // '^(' + ')$' and one '|' between alternatives.
  let length = 4;
  for (const url of urls) {
    const escaped = escapeRe2(url);
    const added = escaped.length + (kept.length > 0 ? 1 : 0);
    if (length + added > maxChars) break;
    kept.push(escaped);
    length += added;
  }
  return kept.length > 0 ? `^(${kept.join('|')})$` : null;
}

function escapeRe2(url: string): string {
  return url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Reads Search Console for people and channels; knows nothing of HTTP. */
export class SearchConsoleService {
  private readonly repo: SearchConsoleRepository;
  private readonly grants: SearchConsoleGrants;
  private readonly searchConsole: SearchConsole;
  private readonly platform: VideoPlatform;
  private readonly credentials: ChannelCredentials;
  private readonly clock: Clock;
  private readonly log: Logger;
  private readonly sites = new Map<string, { at: number; sites: SearchConsoleSite[] }>();
  private readonly inFlight = new Map<string, Promise<unknown>>();

  constructor(deps: {
    repo: SearchConsoleRepository;
    grants: SearchConsoleGrants;
    searchConsole: SearchConsole;
    platform: VideoPlatform;
    credentials: ChannelCredentials;
    clock: Clock;
    log: Logger;
  }) {
    this.repo = deps.repo;
    this.grants = deps.grants;
    this.searchConsole = deps.searchConsole;
    this.platform = deps.platform;
    this.credentials = deps.credentials;
    this.clock = deps.clock;
    this.log = deps.log;
  }

  /** Forgets the person's cached property list (after a new consent). */
  forgetSites(userId: string): void {
    this.sites.delete(userId);
  }

  /** The person's connection and the properties it sees. */
  async connection(userId: string): Promise<SearchConsoleConnection> {
    const grant = await this.repo.grant(userId);
    if (!grant) return this.notConnected();
    const base = {
      connected: true,
      connectedAt: grant.connectedAt.toISOString(),
      separateGrant: this.grants.separateGrant,
    };
    if (grant.needsReconnect) return { ...base, needsReconnect: true, sites: [] };
    try {
      const sites = await this.siteList(userId);
      return {
        ...base,
        needsReconnect: false,
        sites: sites.map((s) => ({
          siteUrl: s.siteUrl,
          permissionLevel: s.permissionLevel,
          readable: s.verified,
        })),
      };
    } catch (error) {
      if (error instanceof GrantUnusable) return { ...base, needsReconnect: true, sites: [] };
      throw searchConsoleAppError(error);
    }
  }

  /**
   * Disconnects: forgets the grant, with the channel choices made with it (cascade), and
   * revokes it at Google only when it is of a client of its own (SearchConsoleGrants.revoke).
   */
  async disconnect(userId: string): Promise<SearchConsoleConnection> {
    await this.grants.revoke(userId);
    this.sites.delete(userId);
    return this.notConnected();
  }

  /** The channel's section for `days`. */
  async channelSection(channelId: string, days: number): Promise<ChannelSearchConsole> {
    const choice = await this.repo.choice(channelId);
    if (!choice) return { siteUrl: null, connectedBy: null, needsReconnect: false, report: null };
    const section = { siteUrl: choice.siteUrl, connectedBy: choice.connectedBy };
    const grant = await this.repo.grant(choice.userId);
    if (!grant || grant.needsReconnect) return { ...section, needsReconnect: true, report: null };
    try {
      const report = await this.report(channelId, choice.userId, choice.siteUrl, days);
      return { ...section, needsReconnect: false, report };
    } catch (error) {
      if (error instanceof GrantUnusable) return { ...section, needsReconnect: true, report: null };
      // The property cannot be read with this grant (no longer shared, unverified): the
      // section says so (siteUrl without report), nothing is cached.
      if (error instanceof PlatformError && error.kind === 'forbidden')
        return { ...section, needsReconnect: false, report: null };
      throw searchConsoleAppError(error);
    }
  }

  /**
   * Sets the channel's property with the caller's grant (one of the properties it can read), or
   * removes it (null), and answers the section. A choice someone else made is replaced or
   * cleared only by the channel's owners (a member may not take over another's choice).
   */
  async setChannelProperty(
    channelId: string,
    caller: { userId: string; role: 'owner' | 'member' },
    siteUrl: string | null,
    days: number,
  ): Promise<ChannelSearchConsole> {
    const { userId } = caller;
    if (siteUrl === null) {
      await this.assertMayReplace(channelId, caller);
      await this.repo.removeChoice(channelId);
      return this.channelSection(channelId, days);
    }
    const grant = await this.repo.grant(userId);
    if (!grant || grant.needsReconnect)
      throw new AppError(
        'search-console-not-connected',
        grant
          ? 'Your Google Search Console connection stopped working. Connect it again to choose a property.'
          : 'Connect Google Search Console to choose a property.',
      );
    let sites: SearchConsoleSite[];
    try {
      // Fresh: a property shared or removed a minute ago is judged as Google sees it now.
      this.sites.delete(userId);
      sites = await this.siteList(userId);
    } catch (error) {
      if (error instanceof GrantUnusable)
        throw new AppError(
          'search-console-not-connected',
          'Your Google Search Console connection stopped working. Connect it again to choose a property.',
        );
      throw searchConsoleAppError(error);
    }
    const site = sites.find((s) => s.siteUrl === siteUrl);
    if (!site || !site.verified) {
      const message = site
        ? 'This Search Console property is not verified: it holds no data to show.'
        : 'This is not one of the Search Console properties your Google account can read.';
      throw new AppError('validation-failed', message, {
        issues: [{ path: 'siteUrl', message }],
      });
    }
    await this.assertMayReplace(channelId, caller);
    await this.repo.setChoice(channelId, siteUrl, userId, this.clock.now());
    return this.channelSection(channelId, days);
  }

  /** Refuses a member replacing or clearing the choice someone else made (owners may). */
  private async assertMayReplace(
    channelId: string,
    caller: { userId: string; role: 'owner' | 'member' },
  ): Promise<void> {
    const current = await this.repo.choice(channelId);
    if (current && current.userId !== caller.userId && caller.role !== 'owner')
      throw new AppError(
        'forbidden',
        `${current.connectedBy} chose this channel's Search Console property: only they or the channel's owners can change or remove it.`,
      );
  }

  /** The person's properties, from the short-lived cache or Google. */
  private async siteList(userId: string): Promise<SearchConsoleSite[]> {
    const cached = this.sites.get(userId);
    const now = this.clock.now().getTime();
    if (cached && now - cached.at < SITES_CACHE_MS) return cached.sites;
    const sites = await this.shared(`sites\u0000${userId}`, () =>
      this.grants.withToken(userId, (token) => this.searchConsole.listSites(token)),
    );
    // Expired lists of other people go as new ones come: the map holds only recent askers.
    for (const [id, entry] of this.sites)
      if (now - entry.at >= SITES_CACHE_MS) this.sites.delete(id);
    this.sites.set(userId, { at: now, sites });
    return sites;
  }

  /** The section's report: today's cached one, or built once (concurrent asks share it). */
  private async report(
    channelId: string,
    userId: string,
    siteUrl: string,
    days: number,
  ): Promise<SearchReport> {
    const today = this.clock.now().toISOString().slice(0, 10);
    const name = `report:${days}:${siteUrl}`;
    const cached = await this.repo.cached(channelId, name, today);
    if (cached) return cached as SearchReport;
    return this.shared(`${channelId}\u0000${name}\u0000${today}`, async () => {
      const { report, complete } = await this.buildReport(channelId, userId, siteUrl, days);
      // A report whose Analytics part failed is not kept: the next view asks again.
      if (complete) await this.repo.saveCached(channelId, name, today, report, this.clock.now());
      return report;
    });
  }

  private async buildReport(
    channelId: string,
    userId: string,
    siteUrl: string,
    days: number,
  ): Promise<{ report: SearchReport; complete: boolean }> {
    const query = (q: SearchAnalyticsQuery) =>
      this.grants.withToken(userId, (token) => this.searchConsole.query(token, siteUrl, q));
    const yesterday = addDays(pstDate(this.clock.now()), -1);
    const byDate = await query({
      startDate: addDays(yesterday, -(days + LOOKBACK_DAYS)),
      endDate: yesterday,
      dimensions: ['date'],
      dataState: 'final',
      rowLimit: days + LOOKBACK_DAYS + 1,
    });
    const dates = byDate.rows.map((r) => r.keys[0] ?? '').filter(Boolean);
    const endDate =
      dates.length > 0
        ? dates.reduce((a, b) => (a > b ? a : b))
        : addDays(yesterday, 1 - FINAL_DATA_LAG_DAYS);
    const startDate = addDays(endDate, -(days - 1));
    const period = { startDate, endDate, dataState: 'final' as const };
    const totals = figures(
      byDate.rows.filter((r) => r.keys[0]! >= startDate && r.keys[0]! <= endDate),
    );
    const [queries, pages] = await Promise.all([
      query({ ...period, dimensions: ['query'], rowLimit: SEARCH_CONSOLE_TOP_ROWS }),
      query({ ...period, dimensions: ['page'], rowLimit: SEARCH_CONSOLE_TOP_ROWS }),
    ]);
    let embeds: Embeds = { views: {}, videos: {} };
    let complete = true;
    try {
      embeds = await this.embeds(channelId, startDate, endDate);
    } catch (error) {
      // The section's Search Console figures stand without the embedding pages (the channel may
      // need reconnecting, Analytics may be down): shown without them, retried next view.
      this.log.warn({ err: error, channelId }, 'Reading embedded playback locations failed');
      complete = false;
    }
    const embedding = Object.keys(embeds.views)
      .filter((page) => propertyCovers(siteUrl, page))
      .sort((a, b) => embeds.views[b]! - embeds.views[a]! || a.localeCompare(b));
    const pattern = cappedAlternatives(embedding);
    let embedQueries: { rows: SearchAnalyticsRow[] } = { rows: [] };
    if (pattern) {
      try {
        embedQueries = await query({
          ...period,
          dimensions: ['query'],
          filters: [{ dimension: 'page', operator: 'includingRegex', expression: pattern }],
          rowLimit: SEARCH_CONSOLE_TOP_ROWS,
        });
      } catch (error) {
        // Google refused the filter (too long or complex for it): the section stands without
        // the queries leading to embedding pages rather than failing whole.
        if (!(error instanceof PlatformError && error.kind === 'bad-request')) throw error;
        this.log.warn(
          { err: error, channelId, patternLength: pattern.length },
          'Search Console refused the embedding pages filter: no embed queries',
        );
      }
    }
    return {
      complete,
      report: {
        days,
        startDate,
        endDate,
        totals,
        queries: queries.rows.map((r) => ({ query: r.keys[0] ?? '', ...rowFigures(r) })),
        pages: pages.rows.map((r) => {
          const page = r.keys[0] ?? '';
          return {
            page,
            ...rowFigures(r),
            embeddedVideoIds: embeds.videos[page] ?? [],
            embeddedViews: embeds.views[page] ?? 0,
          };
        }),
        embedQueries: embedQueries.rows.map((r) => ({ query: r.keys[0] ?? '', ...rowFigures(r) })),
      },
    };
  }

  /**
   * The channel's embedding pages over the period (YouTube Analytics, the channel's own grant):
   * the top embedded players, and per each of its 10 most viewed synced videos the pages
   * playing it. Cached per (channel, period) for the day.
   */
  private async embeds(channelId: string, startDate: string, endDate: string): Promise<Embeds> {
    const today = this.clock.now().toISOString().slice(0, 10);
    const name = `embeds:${startDate}:${endDate}`;
    const cached = await this.repo.cached(channelId, name, today);
    if (cached) return cached as Embeds;
    return this.shared(`${channelId}\u0000${name}\u0000${today}`, async () => {
      const youtubeId = await this.repo.youtubeId(channelId);
      if (!youtubeId) throw new AppError('not-found', 'This channel does not exist.');
      const report = (filters: string) =>
        this.credentials.withToken(channelId, (token) =>
          this.platform.analyticsReport(token, {
            channelId: youtubeId,
            startDate,
            endDate,
            metrics: ['views'],
            dimensions: ['insightPlaybackLocationDetail'],
            filters,
            sort: '-views',
            maxResults: SEARCH_CONSOLE_TOP_ROWS,
          }),
        );
      const embedded = 'insightPlaybackLocationType==EMBEDDED';
      const top = await report(embedded);
      const videoIds = await this.repo.mostViewedVideos(channelId, EMBED_VIDEOS);
      const perVideo = await Promise.all(
        videoIds.map(async (id) => ({ id, table: await report(`video==${id};${embedded}`) })),
      );
      const views: Record<string, number> = {};
      for (const [page, v] of pageViews(top)) views[page] = v;
      const videos: Record<string, string[]> = {};
      for (const { id, table } of perVideo) {
        for (const [page, v] of pageViews(table)) {
          if (v <= 0) continue;
          (videos[page] ??= []).push(id);
        }
      }
      const value: Embeds = { views, videos };
      await this.repo.saveCached(channelId, name, today, value, this.clock.now());
      return value;
    });
  }

  private notConnected(): SearchConsoleConnection {
    return {
      connected: false,
      connectedAt: null,
      needsReconnect: false,
      sites: [],
      separateGrant: this.grants.separateGrant,
    };
  }

  /** Runs `work` once for concurrent asks of the same key. */
  private shared<T>(key: string, work: () => Promise<T>): Promise<T> {
    let pending = this.inFlight.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = work().finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }
}

/** Page URL and views of an embedded-players table. */
function pageViews(table: AnalyticsTable): [string, number][] {
  const detail = table.columns.indexOf('insightPlaybackLocationDetail');
  const views = table.columns.indexOf('views');
  if (detail < 0 || views < 0) return [];
  return table.rows
    .map((row): [string, number] => [
      String(row[detail] ?? ''),
      Math.round(Number(row[views]) || 0),
    ])
    .filter(([page]) => page !== '');
}

/** A Search Analytics row's figures in the contract's shape. */
function rowFigures(row: SearchAnalyticsRow) {
  return {
    clicks: Math.round(row.clicks),
    impressions: Math.round(row.impressions),
    ctr: Math.min(1, Math.max(0, row.ctr)),
    position: Math.max(0, row.position),
  };
}

/** The figures of several rows together (clicks and impressions add up, position weighted). */
function figures(rows: readonly SearchAnalyticsRow[]) {
  let clicks = 0;
  let impressions = 0;
  let weighted = 0;
  for (const r of rows) {
    clicks += r.clicks;
    impressions += r.impressions;
    weighted += r.position * r.impressions;
  }
  return {
    clicks: Math.round(clicks),
    impressions: Math.round(impressions),
    ctr: impressions > 0 ? clicks / impressions : 0,
    position: impressions > 0 ? weighted / impressions : 0,
  };
}

/** A Search Console failure as the product's error (Google's words, not the video platform's). */
export function searchConsoleAppError(error: unknown): unknown {
  if (!(error instanceof PlatformError)) return error;
  if (error.kind === 'quota')
    return new AppError(
      'platform-quota-exceeded',
      "Google Search Console's quota is used up for now. Please try again later.",
    );
  if (error.kind === 'bad-request') return new AppError('bad-request', error.message);
  return new AppError(
    'platform-unavailable',
    'Google Search Console is not answering. Please try again shortly.',
  );
}
