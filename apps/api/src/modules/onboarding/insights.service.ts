// Insights reports of verified onboardings, made by a job from real checks under their cost
// rules (keyword figures from the cache or one batched call; one SERP check per keyword, market
// and day for the whole installation) and shared publicly at /share/insights/{id} for
// INSIGHTS_TTL_DAYS unless the owner revokes them.
import { and, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { SharedInsights } from '@tubewise/contract';
import { INSIGHTS_TTL_DAYS } from '@tubewise/contract/onboarding-constants';
import type { Db } from '../../db/client.ts';
import { onboardings, sharedInsights } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { LOCALES } from '../channels/index.ts';
import type { PublicChannelData, PublicChannelsService } from '../competition/index.ts';
import { marketOf, type KeywordsService } from '../keywords/index.ts';
import { RateLimitService, type AuthLimits } from '../rate-limit/index.ts';
import type { SerpChecksService } from '../rankings/index.ts';
import {
  competitorInsight,
  keywordInsight,
  type InsightsKeyword,
  type KeywordFiguresOf,
} from './insights-report.ts';
import type { InsightsRow } from './onboarding.presenter.ts';
import type { OnboardingRepository } from './onboarding.repository.ts';
import type { OnboardingSecrets } from './onboarding-secrets.ts';
import type { RequestMeta } from './verification.service.ts';

const DAY_MS = 86_400_000;
const TOO_MANY_READS = 'Too many requests. Please wait a minute and try again.';
const NOT_FOUND = 'This insights page does not exist.';
const GONE = 'This insights link has expired or was turned off by its owner.';

/** Queues the job that makes a report; the job system implements it. */
export type EnqueueInsights = (insightsId: string) => Promise<void>;

/** What makes, shows, revokes and purges insights reports. Knows nothing of HTTP. */
export class InsightsService {
  private readonly deps: {
    db: Db;
    repo: OnboardingRepository;
    secrets: OnboardingSecrets;
    keywords: Pick<KeywordsService, 'metrics'>;
    serpChecks: Pick<SerpChecksService, 'checkNow'>;
    publicChannels: Pick<PublicChannelsService, 'get'>;
    limits: RateLimitService;
    authLimits: AuthLimits;
    clock: Clock;
    log: Logger;
    /** How deep the rank checks read (RANK_CHECK_DEPTH). */
    depth: number;
    /** Names of the providers, said when a report has no answer of theirs to name them. */
    sources: { keywordData: string; results: string };
  };
  private enqueue: EnqueueInsights | null = null;
  /** Reports made in this process (no job system): awaited by settled(). */
  private readonly background = new Set<Promise<void>>();

  constructor(deps: InsightsService['deps']) {
    this.deps = deps;
  }

  /** Connects the job that makes reports (without one they are made in this process). */
  setEnqueue(enqueue: EnqueueInsights): void {
    this.enqueue = enqueue;
  }

  /** Resolves once the reports made in this process are done (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  /**
   * Starts the report of a verified onboarding: a new shared page (128-bit id, expiring after
   * INSIGHTS_TTL_DAYS), or the same page made again (pending until the job is done) when its
   * competitors, keywords or locale changed.
   */
  async start(onboardingId: string): Promise<void> {
    const { db, repo, secrets, clock } = this.deps;
    const onboarding = await repo.byId(onboardingId);
    if (!onboarding) return;
    const now = clock.now();
    const existing = await repo.insightsOf(onboardingId);
    let id: string;
    // A page its owner turned off stays off.
    if (existing?.revokedAt) return;
    if (existing) {
      id = existing.id;
      await db
        .update(sharedInsights)
        .set({
          status: 'pending',
          report: null,
          error: null,
          readyAt: null,
          progressDone: 0,
          progressTotal: onboarding.keywords.length,
        })
        .where(eq(sharedInsights.id, id));
    } else {
      id = secrets.newInsightsId();
      await db.insert(sharedInsights).values({
        id,
        onboardingId,
        status: 'pending',
        progressTotal: onboarding.keywords.length,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INSIGHTS_TTL_DAYS * DAY_MS),
      });
    }
    await this.schedule(id);
  }

  /**
   * Makes a pending report: per keyword its figures, its results and the competitors' ranks
   * (progress saved as it goes), then the competitors' best videos. A keyword whose check fails
   * has no results; the report fails only when nothing at all could be read. A report whose
   * onboarding changed meanwhile is not written (the newer run writes its own). With `final`
   * (the job's last attempt) an unexpected failure marks the report failed.
   */
  async run(insightsId: string, options: { final: boolean }): Promise<void> {
    try {
      await this.make(insightsId);
    } catch (error) {
      if (options.final) {
        await this.deps.db
          .update(sharedInsights)
          .set({ status: 'failed', error: 'The report could not be made.' })
          .where(and(eq(sharedInsights.id, insightsId), eq(sharedInsights.status, 'pending')));
      }
      throw error;
    }
  }

  private async make(insightsId: string): Promise<void> {
    const { db, repo, clock, log } = this.deps;
    const [row] = await db.select().from(sharedInsights).where(eq(sharedInsights.id, insightsId));
    if (!row || row.status !== 'pending' || row.revokedAt) return;
    const onboarding = await repo.byId(row.onboardingId);
    if (!onboarding) return;
    const { keywords, competitors, locale } = onboarding;
    const competitorIds = competitors.map((c) => c.youtubeId);
    const market = marketOf(locale);
    const sources = { ...this.deps.sources };

    let figures: Map<string, KeywordFiguresOf> | null = null;
    try {
      const metrics = await this.deps.keywords.metrics(keywords, locale);
      figures = new Map(metrics.items.map((item) => [item.keyword, item]));
      sources.keywordData = metrics.source.name;
    } catch (error) {
      log.warn({ err: error, insightsId }, 'Insights: keyword figures unavailable');
    }

    const items: InsightsKeyword[] = [];
    let checked = 0;
    for (const keyword of keywords) {
      let serp: Awaited<ReturnType<SerpChecksService['checkNow']>> | null = null;
      try {
        serp = await this.deps.serpChecks.checkNow({ keyword, market });
        sources.results = serp.source || sources.results;
        checked += 1;
      } catch (error) {
        log.warn({ err: error, insightsId }, 'Insights: a keyword check failed');
      }
      items.push(
        keywordInsight({
          keyword,
          figures: figures?.get(keyword) ?? null,
          serp,
          competitorIds,
          depth: this.deps.depth,
          now: clock.now(),
        }),
      );
      await db
        .update(sharedInsights)
        .set({ progressDone: items.length, progressTotal: keywords.length })
        .where(and(eq(sharedInsights.id, insightsId), eq(sharedInsights.status, 'pending')));
    }

    let channels: PublicChannelData[] = [];
    try {
      channels = await this.deps.publicChannels.get(competitorIds);
    } catch (error) {
      log.warn({ err: error, insightsId }, 'Insights: competitor data unavailable');
    }
    const byId = new Map(channels.map((c) => [c.youtubeId, c]));
    const competitorItems = competitors.map((c) => competitorInsight(c, byId.get(c.youtubeId)));

    const anyFigures = items.some((k) => k.volume !== null || k.competition !== null);
    const failed = checked === 0 && !anyFigures && competitorItems.every((c) => c.unavailable);
    const now = clock.now();
    await db
      .update(sharedInsights)
      .set({
        status: failed ? 'failed' : 'ready',
        report: failed
          ? null
          : {
              locale,
              localeName: LOCALES.find((l) => l.id === locale)?.name ?? locale,
              generatedAt: now.toISOString(),
              keywords: items,
              competitors: competitorItems,
              sources,
            },
        error: failed ? 'No keyword data, search results or channel data could be read.' : null,
        readyAt: now,
        progressDone: keywords.length,
        progressTotal: keywords.length,
      })
      .where(
        and(
          eq(sharedInsights.id, insightsId),
          eq(sharedInsights.status, 'pending'),
          // Made from what the onboarding holds now: a run superseded by a change writes nothing.
          sql`exists (select 1 from ${onboardings} o where o.id = ${onboarding.id}
            and o.keywords = ${JSON.stringify(keywords)}::jsonb
            and o.competitors = ${JSON.stringify(competitors)}::jsonb
            and o.locale = ${locale})`,
        ),
      );
  }

  /**
   * GET /api/public/insights/{id}: the shared report, for anyone with the link (rate-limited per
   * IP). 404 for an unknown id, 410 `link-expired` once expired or revoked.
   */
  async shared(id: string, meta: RequestMeta): Promise<SharedInsights> {
    await this.countRead(meta);
    const row = await this.row(id);
    if (row.revokedAt || row.expiresAt <= this.deps.clock.now())
      throw new AppError('link-expired', GONE);
    return {
      id: row.id,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      progress: { done: row.progressDone, total: row.progressTotal },
      report: row.status === 'ready' ? (row.report as SharedInsights['report']) : null,
    };
  }

  /**
   * POST /api/public/insights/{id}/revoke: the owner (the onboarding's owner token) stops
   * sharing; the report is dropped at once. A wrong token answers like an unknown id.
   */
  async revoke(id: string, token: string, meta: RequestMeta): Promise<void> {
    await this.countRead(meta);
    const row = await this.row(id);
    const onboarding = await this.deps.repo.byId(row.onboardingId);
    if (!onboarding || !this.deps.secrets.owns(onboarding, token))
      throw new AppError('not-found', NOT_FOUND);
    await this.deps.db
      .update(sharedInsights)
      .set({ revokedAt: row.revokedAt ?? this.deps.clock.now(), report: null })
      .where(eq(sharedInsights.id, id));
  }

  /**
   * Drops the reports of expired and revoked pages (daily). The rows stay, so their links keep
   * answering 410 rather than 404; they go with their onboarding.
   */
  async purge(): Promise<number> {
    const now = this.deps.clock.now();
    const dropped = await this.deps.db
      .update(sharedInsights)
      .set({ report: null })
      .where(
        and(
          isNotNull(sharedInsights.report),
          or(lte(sharedInsights.expiresAt, now), isNotNull(sharedInsights.revokedAt)),
        ),
      )
      .returning({ id: sharedInsights.id });
    return dropped.length;
  }

  private async row(id: string): Promise<InsightsRow> {
    const [row] = await this.deps.db.select().from(sharedInsights).where(eq(sharedInsights.id, id));
    if (!row) throw new AppError('not-found', NOT_FOUND);
    return row;
  }

  private async countRead(meta: RequestMeta): Promise<void> {
    RateLimitService.assertAllowed(
      await this.deps.limits.hit(`insights:ip:${meta.ip}`, this.deps.authLimits.insightsIp),
      TOO_MANY_READS,
    );
  }

  private async schedule(insightsId: string): Promise<void> {
    if (this.enqueue) {
      await this.enqueue(insightsId);
      return;
    }
    const work: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.run(insightsId, { final: true }))
      .catch((error: unknown) => {
        this.deps.log.error({ err: error, insightsId }, 'Insights report failed');
      })
      .finally(() => this.background.delete(work));
    this.background.add(work);
  }
}
