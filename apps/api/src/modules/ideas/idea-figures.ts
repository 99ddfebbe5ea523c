import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Idea, KeywordSource } from '@tubewise/contract';
import type { Db } from '../../db/client.ts';
import { platformCache } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';

/** How long an idea's figures, once computed, are what the list, details and saved ideas show. */
export const IDEA_FIGURES_HOURS = 24;
/** Rows per IN (...) query. */
const QUERY_CHUNK = 1000;

/**
 * An idea's figures as computed once: the volume, competition and trend it was scored from, the
 * score, its factors and reason, and where the keyword figures came from.
 */
export type IdeaFigures = Pick<
  Idea,
  'volume' | 'competition' | 'trend' | 'trendChange' | 'opportunity' | 'factors' | 'reason'
> & { source: KeywordSource };

const keyOf = (languageId: string, phrase: string): string =>
  `idea-figures:v1:${languageId}:${phrase}`;

/**
 * The one set of figures of each idea (per keyword language and normalised phrase). Whoever
 * computes an idea first (a discover, its details) stores its figures for IDEA_FIGURES_HOURS;
 * the list, the details page and saving read them from here, so one idea never shows two
 * opportunities because its inputs (cached keyword figures, whose search results judged it, the
 * instant ages were measured at) differed between two computations.
 */
export class IdeaFiguresStore {
  private readonly db: Db;
  private readonly clock: Clock;
  constructor(deps: { db: Db; clock: Clock }) {
    this.db = deps.db;
    this.clock = deps.clock;
  }

  /**
   * The stored figures of normalised phrases that are still valid at `validAt` (default now),
   * keyed by phrase; phrases without any are absent.
   */
  async read(
    languageId: string,
    phrases: readonly string[],
    validAt: Date = this.clock.now(),
  ): Promise<Map<string, IdeaFigures>> {
    const byKey = new Map(phrases.map((p) => [keyOf(languageId, p), p]));
    const keys = [...byKey.keys()];
    const out = new Map<string, IdeaFigures>();
    for (let i = 0; i < keys.length; i += QUERY_CHUNK) {
      const rows = await this.db
        .select({ key: platformCache.key, value: platformCache.value })
        .from(platformCache)
        .where(
          and(
            inArray(platformCache.key, keys.slice(i, i + QUERY_CHUNK)),
            gt(platformCache.expiresAt, validAt),
          ),
        );
      for (const row of rows) out.set(byKey.get(row.key)!, row.value as IdeaFigures);
    }
    return out;
  }

  /** Stores freshly computed figures of phrases (replacing any older ones). */
  async write(languageId: string, figures: ReadonlyMap<string, IdeaFigures>): Promise<void> {
    const expiresAt = new Date(this.clock.now().getTime() + IDEA_FIGURES_HOURS * 3_600_000);
    const values = [...figures].map(([phrase, value]) => ({
      key: keyOf(languageId, phrase),
      value,
      expiresAt,
    }));
    for (let i = 0; i < values.length; i += QUERY_CHUNK) {
      await this.db
        .insert(platformCache)
        .values(values.slice(i, i + QUERY_CHUNK))
        .onConflictDoUpdate({
          target: platformCache.key,
          set: { value: sql`excluded.value`, expiresAt: sql`excluded.expires_at` },
        });
    }
  }
}
