// The movement view of a channel's rankings (/new-rankings) over 30, 90 or 365 days ending on
// the latest day with ranks: the visibility score per day (ctr-curve.ts), winners and losers,
// keywords entering and leaving the top 10, and the share of the top-20 results held by the
// channel's own videos (from the stored SERPs). Read from keyword_ranks, serp_checks and the
// keyword-data cache only: never calls a provider.
//
// Cost: the per-day series is aggregated in SQL (one grouped scan of the channel's ranks in the
// period, weights and the curve sent as parameters), movers come from two index probes per
// keyword (first rank in the period, latest rank), and the share reads the SERPs of at most
// SHARE_POINTS_MAX days. Every request first reads the tracked keywords with their
// latest rank (one probe per keyword); that fingerprint names a cached answer, so a page seen
// again is served without the heavier reads until a rank is written, a keyword is added or
// removed, or MOVEMENT_CACHE_TTL_MS passes (volumes are refreshed by then).
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  MOVEMENT_TOP_N,
  type KeywordMove,
  type MovementQuery,
  type RankingsMovement,
  type Top20SharePoint,
  type VisibilityPoint,
} from '@tubewise/contract';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { addDays } from '../../lib/days.ts';
import { cachedVolumes } from './keyword-volumes.ts';
import { channels } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { marketOf } from '../keywords/index.ts';
import { ctrCurve, scoreOf } from './ctr-curve.ts';
import { rankChange } from './rankings.service.ts';
import type { SerpChecksService } from './serp-checks.service.ts';

/** How long a computed answer is reused while its fingerprint holds. */
export const MOVEMENT_CACHE_TTL_MS = 5 * 60_000;
/** Answers kept per process (oldest dropped first). */
const MOVEMENT_CACHE_MAX = 500;
/** Most days of the share-of-top-20 history (sampled evenly over the days with ranks). */
export const SHARE_POINTS_MAX = 13;
/** The top 20: the result slots the share counts. */
const SHARE_SLOTS = 20;
/** The top 10 of "entered" and "left". */
const TOP_10 = 10;

/** The day `days` days before `day` (YYYY-MM-DD). */
const daysBefore = (day: string, days: number) => addDays(day, -days);

/** A tracked keyword with its latest rank. */
interface TrackedRow {
  keyword: string;
  language: string;
  day: string | null;
  position: number | null;
}

/**
 * The days whose share of the top 20 is shown: every day with ranks when there are at most
 * SHARE_POINTS_MAX, else that many spread evenly from the first to the last.
 */
export function shareDays(daysWithRanks: readonly string[]): string[] {
  const n = daysWithRanks.length;
  if (n <= SHARE_POINTS_MAX) return [...daysWithRanks];
  const picked = new Set<string>();
  for (let i = 0; i < SHARE_POINTS_MAX; i += 1) {
    picked.add(daysWithRanks[Math.round((i * (n - 1)) / (SHARE_POINTS_MAX - 1))]!);
  }
  return [...picked];
}

/** The winners (most gained first), losers (most lost first), and top-10 entries and exits. */
export function movers(
  moves: readonly KeywordMove[],
  topN = MOVEMENT_TOP_N,
): Pick<RankingsMovement, 'winners' | 'losers' | 'enteredTop10' | 'leftTop10'> {
  const byVolume = (a: KeywordMove, b: KeywordMove) =>
    (b.volume ?? -1) - (a.volume ?? -1) ||
    (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : a.language < b.language ? -1 : 1);
  const inTop10 = (rank: number | null) => rank !== null && rank <= TOP_10;
  return {
    winners: moves
      .filter((m) => m.change > 0)
      .sort((a, b) => b.change - a.change || byVolume(a, b))
      .slice(0, topN),
    losers: moves
      .filter((m) => m.change < 0)
      .sort((a, b) => a.change - b.change || byVolume(a, b))
      .slice(0, topN),
    enteredTop10: moves.filter((m) => inTop10(m.to) && !inTop10(m.from)).sort(byVolume),
    leftTop10: moves.filter((m) => inTop10(m.from) && !inTop10(m.to)).sort(byVolume),
  };
}

/** Reads the movement view of a channel's rankings. */
export class MovementService {
  private readonly db: Db;
  private readonly checks: SerpChecksService;
  private readonly depth: number;
  private readonly clock: Clock;
  private readonly cache = new Map<
    string,
    { at: number; value: Promise<Omit<RankingsMovement, 'state'>> }
  >();

  constructor(deps: { db: Db; checks: SerpChecksService; depth: number; clock: Clock }) {
    this.db = deps.db;
    this.checks = deps.checks;
    this.depth = deps.depth;
    this.clock = deps.clock;
  }

  /** The channel's movement over the query's period, ending on the latest day with ranks. */
  async movement(channelId: string, query: MovementQuery): Promise<RankingsMovement> {
    const days = query.days;
    // Today's checks of this channel's keywords only, as on the rankings page. While they run,
    // the view ends on the last complete day: a half-checked day would drop the keywords not
    // checked yet from the movers and the last visibility point.
    const progress = await this.checks.channelProgress(channelId);
    const tracked = await this.trackedWithLatest(
      channelId,
      progress.state === 'updating' ? progress.day : undefined,
    );
    const state = progress.state === 'complete' ? 'loaded' : progress.state;
    const fingerprint = createHash('sha1')
      .update(JSON.stringify([channelId, days, this.depth, tracked.map((t) => Object.values(t))]))
      .digest('base64url');
    const now = this.clock.now().getTime();
    let entry = this.cache.get(fingerprint);
    if (!entry || now - entry.at > MOVEMENT_CACHE_TTL_MS) {
      const value = this.compute(channelId, days, tracked);
      entry = { at: now, value };
      this.cache.delete(fingerprint);
      this.cache.set(fingerprint, entry);
      if (this.cache.size > MOVEMENT_CACHE_MAX) {
        this.cache.delete(this.cache.keys().next().value!);
      }
      value.catch(() => {
        if (this.cache.get(fingerprint)?.value === value) this.cache.delete(fingerprint);
      });
    }
    return { ...(await entry.value), state };
  }

  /**
   * The channel's tracked keywords, each with its latest rank (before the day `before` when
   * given; one index probe each).
   */
  private async trackedWithLatest(channelId: string, before?: string): Promise<TrackedRow[]> {
    const until = before ? sql`AND r.day < ${before}` : sql``;
    const result = await this.db.execute(sql`
      SELECT t.keyword, t.language, r.day::text AS day, r.position
      FROM tracked_keywords t
      LEFT JOIN LATERAL (
        SELECT day, position FROM keyword_ranks r
        WHERE r.channel_id = t.channel_id AND r.keyword = t.keyword AND r.language = t.language
          ${until}
        ORDER BY r.day DESC LIMIT 1
      ) r ON true
      WHERE t.channel_id = ${channelId}
      ORDER BY t.keyword, t.language`);
    return rowsOf<TrackedRow>(result).map((r) => ({
      keyword: r.keyword,
      language: r.language,
      day: r.day,
      position: r.position === null ? null : Number(r.position),
    }));
  }

  private async compute(
    channelId: string,
    days: number,
    tracked: TrackedRow[],
  ): Promise<Omit<RankingsMovement, 'state'>> {
    const to = tracked.reduce<string | null>(
      (d, t) => (t.day !== null && (d === null || t.day > d) ? t.day : d),
      null,
    );
    const volumeOf = await cachedVolumes(this.db, tracked);
    const known = tracked.some((t) => (volumeOf(t.keyword, t.language) ?? 0) > 0);
    const base = {
      days,
      depth: this.depth,
      tracked: tracked.length,
      volumeWeighted: known,
    };
    if (to === null) {
      return {
        ...base,
        from: null,
        to: null,
        visibility: [],
        winners: [],
        losers: [],
        enteredTop10: [],
        leftTop10: [],
        top20Share: null,
        top20ShareHistory: [],
      };
    }
    const from = daysBefore(to, days);
    // Volume-weighted; with no volume known yet every keyword counts the same.
    const weights = tracked.map((t) => ({
      keyword: t.keyword,
      language: t.language,
      weight: known ? Math.max(0, volumeOf(t.keyword, t.language) ?? 0) : 1,
    }));
    const [visibility, firsts] = await Promise.all([
      this.visibility(channelId, from, to, weights),
      this.firstRanks(channelId, from, to),
    ]);
    const share = await this.share(channelId, tracked, shareDays(visibility.map((p) => p.day)));
    const moves: KeywordMove[] = [];
    for (const t of tracked) {
      if (t.day !== to) continue;
      const first = firsts.get(`${t.keyword}\u0000${t.language}`);
      if (!first) continue;
      moves.push({
        keyword: t.keyword,
        language: t.language,
        from: first.position,
        fromDay: first.day,
        to: t.position,
        change: rankChange(t.position, first.position, this.depth) ?? 0,
        volume: volumeOf(t.keyword, t.language),
      });
    }
    return {
      ...base,
      from,
      to,
      visibility,
      ...movers(moves),
      top20Share: share.at(-1)?.day === to ? share.at(-1)! : null,
      top20ShareHistory: share,
    };
  }

  /** The visibility score of each day in [from, to] with ranks, aggregated in SQL. */
  private async visibility(
    channelId: string,
    from: string,
    to: string,
    weights: { keyword: string; language: string; weight: number }[],
  ): Promise<VisibilityPoint[]> {
    const curve = `{${ctrCurve(this.depth).join(',')}}`;
    const result = await this.db.execute(sql`
      SELECT r.day::text AS day,
        sum(w.weight * coalesce((${curve}::float8[])[r.position], 0))::float8 AS gained,
        sum(w.weight)::float8 AS total,
        count(*)::int AS checked,
        count(r.position)::int AS ranked
      FROM keyword_ranks r
      JOIN jsonb_to_recordset(${JSON.stringify(weights)}::jsonb)
        AS w(keyword text, language text, weight float8)
        ON w.keyword = r.keyword AND w.language = r.language
      WHERE r.channel_id = ${channelId} AND r.day >= ${from} AND r.day <= ${to}
      GROUP BY r.day
      ORDER BY r.day`);
    return rowsOf<{
      day: string;
      gained: number | string;
      total: number | string;
      checked: number;
      ranked: number;
    }>(result).map((r) => ({
      day: r.day,
      score: scoreOf(Number(r.gained), Number(r.total)),
      checked: Number(r.checked),
      ranked: Number(r.ranked),
    }));
  }

  /** Each tracked keyword's first rank in [from, to) (the start of its move). */
  private async firstRanks(
    channelId: string,
    from: string,
    to: string,
  ): Promise<Map<string, { day: string; position: number | null }>> {
    const result = await this.db.execute(sql`
      SELECT t.keyword, t.language, r.day::text AS day, r.position
      FROM tracked_keywords t
      JOIN LATERAL (
        SELECT day, position FROM keyword_ranks r
        WHERE r.channel_id = t.channel_id AND r.keyword = t.keyword AND r.language = t.language
          AND r.day >= ${from} AND r.day < ${to}
        ORDER BY r.day ASC LIMIT 1
      ) r ON true
      WHERE t.channel_id = ${channelId}`);
    return new Map(
      rowsOf<{ keyword: string; language: string; day: string; position: number | null }>(
        result,
      ).map((r) => [
        `${r.keyword}\u0000${r.language}`,
        { day: r.day, position: r.position === null ? null : Number(r.position) },
      ]),
    );
  }

  /**
   * The share of the top-20 results of the tracked keywords' checks held by the channel's
   * videos, on each of `days` with finished checks (each keyword and market counted once).
   */
  private async share(
    channelId: string,
    tracked: TrackedRow[],
    days: string[],
  ): Promise<Top20SharePoint[]> {
    const [channel] = await this.db
      .select({ youtubeId: channels.youtubeId })
      .from(channels)
      .where(eq(channels.id, channelId));
    if (!channel || tracked.length === 0 || days.length === 0) return [];
    const keys = new Map<string, { keyword: string; location: number; language: string }>();
    for (const t of tracked) {
      const market = marketOf(t.language);
      keys.set(`${t.keyword}\u0000${market.locationCode}\u0000${market.languageCode}`, {
        keyword: t.keyword,
        location: market.locationCode,
        language: market.languageCode,
      });
    }
    const result = await this.db.execute(sql`
      SELECT s.day::text AS day,
        sum(least(jsonb_array_length(s.videos), ${SHARE_SLOTS}))::int AS slots,
        sum((
          SELECT count(*) FROM jsonb_array_elements(s.videos) WITH ORDINALITY AS v(video, n)
          WHERE v.n <= ${SHARE_SLOTS} AND v.video->>1 = ${channel.youtubeId}
        ))::int AS own
      FROM serp_checks s
      JOIN jsonb_to_recordset(${JSON.stringify([...keys.values()])}::jsonb)
        AS k(keyword text, location int, language text)
        ON s.keyword = k.keyword AND s.location_code = k.location AND s.language_code = k.language
      WHERE s.day IN (${sql.join(
        days.map((d) => sql`${d}::date`),
        sql`, `,
      )}) AND s.status = 'done' AND s.videos IS NOT NULL
      GROUP BY s.day
      ORDER BY s.day`);
    return rowsOf<{ day: string; slots: number; own: number }>(result).map((r) => {
      const slots = Number(r.slots);
      const own = Number(r.own);
      return {
        day: r.day,
        slots,
        own,
        share: slots === 0 ? 0 : Math.round((1000 * own) / slots) / 10,
      };
    });
  }
}
