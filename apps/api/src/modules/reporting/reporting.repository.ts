// Reporting's queries: the day's cached Analytics answers, the cost-per-view override, the
// channel's platform id and keyword language, and term CPCs from the keyword-data cache.
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  analyticsReports,
  channels,
  channelSettings,
  keywordMetrics,
  reportingSettings,
} from '../../db/schema/index.ts';
import type { AnalyticsTable } from '../video-platform/index.ts';

/** A cached Analytics answer with the instant it was read from the platform. */
export interface CachedReport {
  table: AnalyticsTable;
  fetchedAt: Date;
}

/** Reads and writes reporting's rows. */
export class ReportingRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /** The channel's platform id and keyword language (null when the channel is gone). */
  async channel(channelId: string): Promise<{ youtubeId: string; language: string } | null> {
    const [row] = await this.db
      .select({ youtubeId: channels.youtubeId, language: channelSettings.language })
      .from(channels)
      .leftJoin(channelSettings, eq(channelSettings.channelId, channels.id))
      .where(eq(channels.id, channelId));
    return row ? { youtubeId: row.youtubeId, language: row.language ?? 'en-us' } : null;
  }

  /** The report cached for the channel on `day`, if any. */
  async cachedReport(channelId: string, report: string, day: string): Promise<CachedReport | null> {
    const [row] = await this.db
      .select({ value: analyticsReports.value, fetchedAt: analyticsReports.fetchedAt })
      .from(analyticsReports)
      .where(
        and(
          eq(analyticsReports.channelId, channelId),
          eq(analyticsReports.report, report),
          eq(analyticsReports.day, day),
        ),
      );
    return row ? { table: row.value as AnalyticsTable, fetchedAt: row.fetchedAt } : null;
  }

  /** Stores the day's answer of a report (the first one wins) and drops the channel's older days. */
  async saveReport(
    channelId: string,
    report: string,
    day: string,
    table: AnalyticsTable,
    fetchedAt: Date,
  ): Promise<void> {
    await this.db
      .insert(analyticsReports)
      .values({ channelId, report, day, value: table, fetchedAt })
      .onConflictDoNothing();
    await this.db
      .delete(analyticsReports)
      .where(and(eq(analyticsReports.channelId, channelId), lt(analyticsReports.day, day)));
  }

  /** The channel's cost-per-view override (USD), or null. */
  async costPerView(channelId: string): Promise<number | null> {
    const [row] = await this.db
      .select({ costPerView: reportingSettings.costPerView })
      .from(reportingSettings)
      .where(eq(reportingSettings.channelId, channelId));
    return row?.costPerView ?? null;
  }

  /** Sets (or, with null, removes) the channel's cost-per-view override. */
  async setCostPerView(
    channelId: string,
    costPerView: number | null,
    userId: string,
    now: Date,
  ): Promise<void> {
    if (costPerView === null) {
      await this.db.delete(reportingSettings).where(eq(reportingSettings.channelId, channelId));
      return;
    }
    await this.db
      .insert(reportingSettings)
      .values({ channelId, costPerView, updatedBy: userId, updatedAt: now })
      .onConflictDoUpdate({
        target: reportingSettings.channelId,
        set: { costPerView, updatedBy: userId, updatedAt: now },
      });
  }

  /** CPCs (USD) of normalised keywords in the keyword-data cache of one market; unknown ones are absent. */
  async cpcs(
    keywords: string[],
    market: { locationCode: number; languageCode: string },
  ): Promise<Map<string, number>> {
    if (keywords.length === 0) return new Map();
    const rows = await this.db
      .select({ keyword: keywordMetrics.keyword, cpc: keywordMetrics.cpc })
      .from(keywordMetrics)
      .where(
        and(
          inArray(keywordMetrics.keyword, keywords),
          eq(keywordMetrics.locationCode, market.locationCode),
          eq(keywordMetrics.languageCode, market.languageCode),
          isNotNull(keywordMetrics.cpc),
        ),
      );
    return new Map(
      rows.filter((r) => r.cpc !== null && r.cpc > 0).map((r) => [r.keyword, r.cpc as number]),
    );
  }
}
