// Insights reports of verified onboardings, made by a job from real checks under their cost
// rules (keyword figures from the cache or one batched call; one SERP check per keyword, market
// and day for the whole installation, and at most ONBOARDING_CHECKS_PER_DAY live ones a day
// started by reports; each report made at most INSIGHTS_BUILDS_PER_DAY times a day per
// onboarding and per address) and shared publicly at /share/insights/{id} for
// INSIGHTS_TTL_DAYS unless the owner revokes them.
import { and, desc, eq, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { SharedInsights } from '@tubewise/contract';
import { INSIGHTS_TTL_DAYS } from '@tubewise/contract/onboarding-constants';
import type { Db } from '../../db/client.ts';
import { onboardings, sharedInsights } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { rowsOf } from '../../db/rows.ts';
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
import type { InsightsRow, OnboardingRow } from './onboarding.presenter.ts';
import type { OnboardingRepository } from './onboarding.repository.ts';
import type { OnboardingSecrets } from './onboarding-secrets.ts';
import type { RequestMeta } from './verification.service.ts';

const DAY_MS = 86_400_000;
const TOO_MANY_READS = 'Too many requests. Please wait a minute and try again.';
const NOT_FOUND = 'This insights page does not exist.';
const GONE = 'This insights link has expired or was turned off by its owner.';
type CheckKey = Parameters<SerpChecksService['checkNow']>[0];
type StoredSerp = Awaited<ReturnType<SerpChecksService['checkNow']>>;

/** The error of a report whose job could not be queued: reading the onboarding starts it again. */
const NOT_STARTED = 'The report could not be started.';

/** Times one onboarding's report is made per UTC day at most, and the reports of one address. */
export const INSIGHTS_BUILDS_PER_DAY = 3;

/** Queues the job that makes a report; the job system implements it. */
export type EnqueueInsights = (insightsId: string) => Promise<void>;

/** What makes, shows, revokes and purges insights reports. Knows nothing of HTTP. */
export class InsightsService {
  private readonly deps: {
    db: Db;
    repo: OnboardingRepository;
    secrets: OnboardingSecrets;
    keywords: Pick<KeywordsService, 'metrics'>;
    serpChecks: Pick<SerpChecksService, 'checkNow' | 'stored' | 'latestStored' | 'today'>;
    publicChannels: Pick<PublicChannelsService, 'get'>;
    limits: RateLimitService;
    authLimits: AuthLimits;
    clock: Clock;
    log: Logger;
    /** How deep the rank checks read (RANK_CHECK_DEPTH). */
    depth: number;
    /** Live checks reports may start per UTC day, installation-wide (ONBOARDING_CHECKS_PER_DAY). */
    checksPerDay: number;
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
  setEnqueue(enqueue: EnqueueInsights | null): void {
    this.enqueue = enqueue;
  }

  /** Resolves once the reports made in this process are done (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  /**
   * Starts the report of a verified onboarding: a new shared page (128-bit id, expiring after
   * INSIGHTS_TTL_DAYS), or the same page made again (pending until the job is done) when its
   * competitors, keywords or locale changed. With `onlyIfMissing`, only when it has no report or
   * its job could not be queued (the recovery of a failed start). Decided under a lock per
   * onboarding, so two starts never make two pages. A job that cannot be queued leaves the page
   * failed as "not started" and throws. Answers whether a report was started.
   */
  async start(onboardingId: string, options: { onlyIfMissing?: boolean } = {}): Promise<boolean> {
    const { db, repo, secrets, clock } = this.deps;
    const onboarding = await repo.byId(onboardingId);
    if (!onboarding?.verifiedAt) return false;
    const now = clock.now();
    const id = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`insights:${onboardingId}`}))`);
      const [existing] = await tx
        .select()
        .from(sharedInsights)
        .where(eq(sharedInsights.onboardingId, onboardingId))
        .orderBy(desc(sharedInsights.createdAt))
        .limit(1);
      // A page its owner turned off stays off.
      if (existing?.revokedAt) return null;
      if (existing) {
        if (options.onlyIfMissing && !notStarted(existing)) return null;
        await tx
          .update(sharedInsights)
          .set({
            status: 'pending',
            report: null,
            error: null,
            readyAt: null,
            progressDone: 0,
            progressTotal: onboarding.keywords.length,
          })
          .where(eq(sharedInsights.id, existing.id));
        return existing.id;
      }
      const fresh = secrets.newInsightsId();
      await tx.insert(sharedInsights).values({
        id: fresh,
        onboardingId,
        status: 'pending',
        progressTotal: onboarding.keywords.length,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INSIGHTS_TTL_DAYS * DAY_MS),
      });
      return fresh;
    });
    if (!id) return false;
    try {
      await this.schedule(id);
    } catch (error) {
      await db
        .update(sharedInsights)
        .set({ status: 'failed', error: NOT_STARTED })
        .where(and(eq(sharedInsights.id, id), eq(sharedInsights.status, 'pending')));
      throw error;
    }
    return true;
  }

  /** Whether the onboarding's report is missing or was never queued (then reading starts it). */
  needsStart(onboarding: OnboardingRow, insights: InsightsRow | null): boolean {
    return onboarding.verifiedAt !== null && (insights === null || notStarted(insights));
  }

  /**
   * Counts a making of the onboarding's report against INSIGHTS_BUILDS_PER_DAY per onboarding and
   * per address (canonical: lower case, no `+tag`; UTC days). With `enforce` (a change that would
   * make it again) past either limit nothing is counted and the answer is 429; with `'onboarding'`
   * (a re-verification) only the onboarding's limit refuses; the first making, at verification,
   * is counted only.
   */
  async countBuild(
    onboarding: Pick<OnboardingRow, 'id' | 'email'>,
    options: { enforce: boolean | 'onboarding' },
  ): Promise<void> {
    const { limits, clock } = this.deps;
    const now = clock.now();
    const day = now.toISOString().slice(0, 10);
    const limit = { max: INSIGHTS_BUILDS_PER_DAY, windowSeconds: 2 * 86_400 };
    const keys = [{ key: `insights:builds:onboarding:${onboarding.id}:${day}`, enforced: true }];
    if (onboarding.email)
      keys.push({
        key: `insights:builds:email:${canonicalAddress(onboarding.email)}:${day}`,
        enforced: options.enforce === true,
      });
    const counted: string[] = [];
    for (const { key, enforced } of keys) {
      const hit = await limits.hit(key, limit);
      counted.push(key);
      if (options.enforce !== false && enforced && !hit.allowed) {
        for (const done of counted) await limits.release(done);
        const midnight = Date.parse(`${day}T00:00:00Z`) + DAY_MS;
        throw new AppError(
          'rate-limited',
          `The report can be made ${INSIGHTS_BUILDS_PER_DAY} times a day, and it was today. ` +
            'Your changes were not saved: try again tomorrow.',
          { retryAfterSeconds: Math.max(1, Math.ceil((midnight - now.getTime()) / 1000)) },
        );
      }
    }
  }

  /**
   * Makes a pending report: per keyword its figures, its results and the competitors' ranks
   * (progress saved as it goes), then the competitors' best videos. A keyword's results are
   * today's when checked already, else checked live within the day's budget of live checks;
   * past it, or when the check fails, its latest stored results (`checkedAt` says when), or none
   * (`checkedAt` null). The report fails only when nothing at all could be read. A run whose
   * onboarding changed meanwhile stops before its next keyword and writes nothing (the newer run
   * writes its own). With `final` (the job's last attempt) an unexpected failure marks the
   * report failed.
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
    const day = this.deps.serpChecks.today();
    const current = sameInputs(onboarding);
    for (const keyword of keywords) {
      // Replaced by a change of the onboarding: the newer run makes the report.
      if (!(await this.holds(current))) {
        log.info({ insightsId }, 'Insights: the onboarding changed; this run stops');
        return;
      }
      const serp = await this.results({ keyword, market }, day, insightsId);
      if (serp) {
        sources.results = serp.source || sources.results;
        checked += 1;
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
      // A visitor's read: the onboarding's own budget, one page of uploads.
      channels = await this.deps.publicChannels.get(competitorIds, { light: true });
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
          current,
        ),
      );
  }

  /** Whether the condition holds now (one query). */
  private async holds(condition: SQL): Promise<boolean> {
    const rows = await this.deps.db.execute(sql`select ${condition} as holds`);
    const [row] = rowsOf<{ holds: boolean }>(rows);
    return row?.holds === true;
  }

  /**
   * A keyword's results for the report: today's check when there is one (free), else a live
   * check while the day's budget of live checks started by reports allows, else (budget spent,
   * or the check failed) the latest stored check of any day; null when there is none.
   */
  private async results(
    key: CheckKey,
    day: string,
    insightsId: string,
  ): Promise<StoredSerp | null> {
    const { serpChecks, limits, log } = this.deps;
    try {
      const today = await serpChecks.stored(key, day);
      if (today) return today;
      const budget = `onboarding-checks:${day}`;
      const hit = await limits.hit(budget, {
        max: this.deps.checksPerDay,
        windowSeconds: 2 * 86_400,
      });
      if (hit.allowed) {
        try {
          return await serpChecks.checkNow(key, day);
        } catch (error) {
          log.warn({ err: error, insightsId }, 'Insights: a keyword check failed');
        }
      } else {
        await limits.release(budget);
        log.info({ insightsId }, "Insights: today's live checks are used up; stored results shown");
      }
      return await serpChecks.latestStored(key);
    } catch (error) {
      log.warn({ err: error, insightsId }, 'Insights: no results could be read for a keyword');
      return null;
    }
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

/** Whether a report's job was never queued (its start failed). */
function notStarted(row: InsightsRow): boolean {
  return row.status === 'failed' && row.error === NOT_STARTED;
}

/** SQL: the onboarding still holds these inputs (keywords, competitors, locale). */
function sameInputs(
  onboarding: Pick<OnboardingRow, 'id' | 'keywords' | 'competitors' | 'locale'>,
): SQL {
  return sql`exists (select 1 from ${onboardings} o where o.id = ${onboarding.id}
    and o.keywords = ${JSON.stringify(onboarding.keywords)}::jsonb
    and o.competitors = ${JSON.stringify(onboarding.competitors)}::jsonb
    and o.locale = ${onboarding.locale})`;
}

/**
 * An address as the per-address build limit counts it: lower case, without a `+tag` in its
 * local part (ada+1@example.com is ada@example.com).
 */
export function canonicalAddress(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const local = lower.slice(0, at).split('+')[0]!;
  return `${local}${lower.slice(at)}`;
}
