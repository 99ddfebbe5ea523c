// The reporting overview: a channel's organic search performance from YouTube Analytics over 28,
// 90 or 365 days against the previous period, and its monetary value.
//
// Calls: one traffic-source-by-day report over both periods (views and watch time from YouTube
// search per day, and all views for search's share) and one top-search-terms report per period
// (insightTrafficSourceDetail for YT_SEARCH: YouTube answers at most 25 terms, sorted by views).
// Each answer is cached per (channel, report, day) in analytics_reports, so page views spend no
// Analytics call again the same day. YouTube does not report subscribers by traffic source, so
// there is no "subscribers from search" figure.
//
// Monetary value = what the views from search would have cost as ads: a top term's views × its
// CPC in the keyword-data cache (the channel's keyword language; never a provider call), and
// every other view from search × the cost per view (the channel's override, else the documented
// default of its location, cost-per-view.ts).
import type {
  CostPerViewSetting,
  OrganicDay,
  OrganicStats,
  OrganicStatsQuery,
  PeriodFigure,
  SearchTerm,
} from '@tubewise/contract';
import type { Clock } from '../../lib/clock.ts';
import { addDays } from '../../lib/days.ts';
import { AppError } from '../../lib/errors.ts';
import { LOCALES, type ChannelCredentials } from '../channels/index.ts';
import { normalizeKeyword } from '../keywords/index.ts';
import type { AnalyticsQuery, AnalyticsTable, VideoPlatform } from '../video-platform/index.ts';
import { defaultCostPerView } from './cost-per-view.ts';
import type { CachedReport, ReportingRepository } from './reporting.repository.ts';

/** The traffic source of YouTube search in YouTube Analytics. */
const YT_SEARCH = 'YT_SEARCH';
/** YouTube's limit for the traffic-source-detail report (maxResults ≤ 25). */
const TOP_TERMS = 25;

export { addDays };

/** A figure against the previous period, with the change in percent (null from 0). */
export function periodFigure(current: number, previous: number): PeriodFigure {
  return {
    current,
    previous,
    changePercent: previous === 0 ? null : round1(((current - previous) / previous) * 100),
  };
}

/**
 * The period ending yesterday (Analytics has no figures for today) and the one before it, for a
 * given UTC day.
 */
export function periodsOf(
  today: string,
  days: number,
): { start: string; end: string; previousStart: string; previousEnd: string } {
  const end = addDays(today, -1);
  const start = addDays(end, -(days - 1));
  const previousEnd = addDays(start, -1);
  return { start, end, previousStart: addDays(previousEnd, -(days - 1)), previousEnd };
}

/** How many of the latest days YouTube Analytics may still be filling in. */
export const ANALYTICS_LATE_DAYS = 3;

/**
 * The last day up to `end` with figures, looking at most ANALYTICS_LATE_DAYS back; `end` itself
 * when none of those days has any (a channel without views then is not moved).
 */
export function lastDayWithData(days: ReadonlyMap<string, unknown>, end: string): string {
  for (let back = 0; back <= ANALYTICS_LATE_DAYS; back++) {
    const day = addDays(end, -back);
    if (days.has(day)) return day;
  }
  return end;
}

/** A search term of the Analytics answer, valued. */
interface TermRow {
  term: string;
  views: number;
  watchMinutes: number;
}

/** The overview's value of some views from search: terms at their CPC, the rest at the cost per view. */
export function valueOf(
  searchViews: number,
  terms: readonly TermRow[],
  cpcOf: (term: string) => number | undefined,
  costPerView: number,
): {
  terms: SearchTerm[];
  cpcViews: number;
  cpcValue: number;
  cpcTerms: string[];
  defaultViews: number;
  defaultValue: number;
  total: number;
} {
  let cpcViews = 0;
  let cpcValue = 0;
  const cpcTerms: string[] = [];
  const valued = terms.map((t): SearchTerm => {
    const cpc = cpcOf(t.term);
    if (cpc !== undefined) {
      cpcViews += t.views;
      cpcValue += t.views * cpc;
      cpcTerms.push(t.term);
      return { ...t, cpc, value: cents(t.views * cpc), valueSource: 'cpc' };
    }
    return { ...t, cpc: null, value: cents(t.views * costPerView), valueSource: 'default' };
  });
  // Terms beyond the top list and views YouTube attributes to no term are valued by default too.
  const defaultViews = Math.max(0, searchViews - cpcViews);
  const defaultValue = defaultViews * costPerView;
  return {
    terms: valued,
    cpcViews,
    cpcValue: cents(cpcValue),
    cpcTerms,
    defaultViews,
    defaultValue: cents(defaultValue),
    total: cents(cpcValue + defaultValue),
  };
}

/** Reads a channel's organic search performance and keeps its cost-per-view setting. */
export class ReportingService {
  private readonly repo: ReportingRepository;
  private readonly platform: VideoPlatform;
  private readonly credentials: ChannelCredentials;
  private readonly clock: Clock;
  /** Reports being fetched, so concurrent page views of a channel share one Analytics call. */
  private readonly inFlight = new Map<string, Promise<CachedReport>>();

  constructor(deps: {
    repo: ReportingRepository;
    platform: VideoPlatform;
    credentials: ChannelCredentials;
    clock: Clock;
  }) {
    this.repo = deps.repo;
    this.platform = deps.platform;
    this.credentials = deps.credentials;
    this.clock = deps.clock;
  }

  /** The overview of a channel for 28, 90 or 365 days; platform failures come out as AppErrors. */
  async organic(channelId: string, query: OrganicStatsQuery): Promise<OrganicStats> {
    const channel = await this.repo.channel(channelId);
    if (!channel) throw new AppError('not-found', 'This channel does not exist.');
    const today = this.clock.now().toISOString().slice(0, 10);
    const wanted = periodsOf(today, query.days);
    // A few days more, so the periods can end earlier when the last days have no figures yet.
    const from = addDays(wanted.previousStart, -ANALYTICS_LATE_DAYS);
    const byDay = await this.report(channelId, channel.youtubeId, today, {
      name: `traffic-by-day:${from}:${wanted.end}`,
      query: {
        startDate: from,
        endDate: wanted.end,
        metrics: ['views', 'estimatedMinutesWatched'],
        dimensions: ['day', 'insightTrafficSourceType'],
        sort: 'day',
      },
    });
    const days = dailyFigures(byDay.table);
    // YouTube Analytics fills its last days in late: the period ends on the last day it has
    // figures for (at most ANALYTICS_LATE_DAYS early), so it is compared whole with the one before.
    const p = periodsOf(addDays(lastDayWithData(days, wanted.end), 1), query.days);
    const sum = (from: string, to: string, pick: (d: DayFigures) => number) => {
      let total = 0;
      for (let day = from; day <= to; day = addDays(day, 1)) {
        const figures = days.get(day);
        if (figures) total += pick(figures);
      }
      return total;
    };
    const views = sum(p.start, p.end, (d) => d.searchViews);
    const previousViews = sum(p.previousStart, p.previousEnd, (d) => d.searchViews);
    const totalViews = sum(p.start, p.end, (d) => d.totalViews);
    const previousTotal = sum(p.previousStart, p.previousEnd, (d) => d.totalViews);
    const [terms, previousTerms] = await Promise.all([
      views > 0 ? this.terms(channelId, channel.youtubeId, today, p.start, p.end) : [],
      previousViews > 0
        ? this.terms(channelId, channel.youtubeId, today, p.previousStart, p.previousEnd)
        : [],
    ]);

    const locale = LOCALES.find((l) => l.id === channel.language.toLowerCase()) ?? LOCALES[0]!;
    const market = { locationCode: locale.code, languageCode: locale.iso6391 };
    const normalised = (term: string) => normalizeKeyword(term);
    const cpcs = await this.repo.cpcs(
      [...new Set([...terms, ...previousTerms].map((t) => normalised(t.term)))],
      market,
    );
    const setting = await this.costPerViewSetting(channelId, locale);
    const cpcOf = (term: string) => cpcs.get(normalised(term));
    const value = valueOf(views, terms, cpcOf, setting.costPerView);
    const previousValue = valueOf(previousViews, previousTerms, cpcOf, setting.costPerView);

    const daily: OrganicDay[] = [];
    for (let i = 0; i < query.days; i++) {
      const day = addDays(p.start, i);
      const figures = days.get(day);
      daily.push({
        day,
        views: figures?.searchViews ?? 0,
        watchMinutes: figures?.searchMinutes ?? 0,
        totalViews: figures?.totalViews ?? 0,
        previousViews: days.get(addDays(p.previousStart, i))?.searchViews ?? 0,
      });
    }
    const share = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : 0);
    return {
      days: query.days,
      state: totalViews + previousTotal > 0 ? 'ready' : 'empty',
      period: { start: p.start, end: p.end },
      previousPeriod: { start: p.previousStart, end: p.previousEnd },
      views: periodFigure(views, previousViews),
      watchMinutes: periodFigure(
        sum(p.start, p.end, (d) => d.searchMinutes),
        sum(p.previousStart, p.previousEnd, (d) => d.searchMinutes),
      ),
      searchShare: periodFigure(share(views, totalViews), share(previousViews, previousTotal)),
      totalViews,
      subscribersFromSearchAvailable: false,
      daily,
      topTerms: value.terms,
      monetaryValue: {
        currency: 'USD',
        total: periodFigure(value.total, previousValue.total),
        method: {
          cpcViews: value.cpcViews,
          cpcValue: value.cpcValue,
          cpcTerms: value.cpcTerms,
          defaultViews: value.defaultViews,
          defaultValue: value.defaultValue,
          costPerView: setting,
        },
      },
      fetchedAt: byDay.fetchedAt.toISOString(),
    };
  }

  /** Sets the channel's cost per view (USD; null: the location's default) and answers the setting. */
  async setCostPerView(
    channelId: string,
    userId: string,
    costPerView: number | null,
  ): Promise<CostPerViewSetting> {
    const channel = await this.repo.channel(channelId);
    if (!channel) throw new AppError('not-found', 'This channel does not exist.');
    await this.repo.setCostPerView(channelId, costPerView, userId, this.clock.now());
    const locale = LOCALES.find((l) => l.id === channel.language.toLowerCase()) ?? LOCALES[0]!;
    return this.costPerViewSetting(channelId, locale);
  }

  private async costPerViewSetting(
    channelId: string,
    locale: { code: number; locName: string },
  ): Promise<CostPerViewSetting> {
    const override = await this.repo.costPerView(channelId);
    const locationDefault = defaultCostPerView(locale.code);
    return {
      costPerView: override ?? locationDefault,
      source: override === null ? 'location' : 'channel',
      locationDefault,
      locationName: locale.locName,
      override,
    };
  }

  /** The top search terms of a period (cached per day). */
  private async terms(
    channelId: string,
    youtubeId: string,
    today: string,
    start: string,
    end: string,
  ): Promise<TermRow[]> {
    const { table } = await this.report(channelId, youtubeId, today, {
      name: `search-terms:${start}:${end}`,
      query: {
        startDate: start,
        endDate: end,
        metrics: ['views', 'estimatedMinutesWatched'],
        dimensions: ['insightTrafficSourceDetail'],
        filters: `insightTrafficSourceType==${YT_SEARCH}`,
        sort: '-views',
        maxResults: TOP_TERMS,
      },
    });
    const term = table.columns.indexOf('insightTrafficSourceDetail');
    const views = table.columns.indexOf('views');
    const minutes = table.columns.indexOf('estimatedMinutesWatched');
    return table.rows
      .map((row) => ({
        term: String(row[term] ?? ''),
        views: Math.round(Number(row[views]) || 0),
        watchMinutes: Math.round(Number(row[minutes]) || 0),
      }))
      .filter((t) => t.term !== '' && t.views > 0);
  }

  /** A report from today's cache, or from the platform once (concurrent asks share the call). */
  private async report(
    channelId: string,
    youtubeId: string,
    today: string,
    report: { name: string; query: Omit<AnalyticsQuery, 'channelId'> },
  ): Promise<CachedReport> {
    const cached = await this.repo.cachedReport(channelId, report.name, today);
    if (cached) return cached;
    const key = `${channelId}\u0000${report.name}\u0000${today}`;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = (async () => {
        const table = await this.credentials.withToken(channelId, (token) =>
          this.platform.analyticsReport(token, { ...report.query, channelId: youtubeId }),
        );
        const fetchedAt = this.clock.now();
        await this.repo.saveReport(channelId, report.name, today, table, fetchedAt);
        return { table, fetchedAt };
      })().finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }
}

/** One day's figures of the traffic-source report. */
interface DayFigures {
  searchViews: number;
  searchMinutes: number;
  totalViews: number;
}

/** Per day: views and minutes from YouTube search, and views from every source. */
function dailyFigures(table: AnalyticsTable): Map<string, DayFigures> {
  const day = table.columns.indexOf('day');
  const source = table.columns.indexOf('insightTrafficSourceType');
  const views = table.columns.indexOf('views');
  const minutes = table.columns.indexOf('estimatedMinutesWatched');
  const out = new Map<string, DayFigures>();
  for (const row of table.rows) {
    const key = String(row[day]);
    const figures = out.get(key) ?? { searchViews: 0, searchMinutes: 0, totalViews: 0 };
    const v = Math.round(Number(row[views]) || 0);
    figures.totalViews += v;
    if (row[source] === YT_SEARCH) {
      figures.searchViews += v;
      figures.searchMinutes += Math.round(Number(row[minutes]) || 0);
    }
    out.set(key, figures);
  }
  return out;
}

function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

function cents(n: number): number {
  return Math.round(n * 100) / 100;
}
