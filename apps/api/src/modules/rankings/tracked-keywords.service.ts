// The keywords a channel tracks: add one or many (a pasted list), delete many, list. Keywords are
// normalised and deduplicated case-insensitively per keyword language, and a channel tracks at
// most TRACKED_KEYWORDS_MAX of them.
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  AddTrackedKeywordsResult,
  TrackedKeyword,
  TrackedKeywordRefusal,
  TrackedKeywords,
} from '@tubewise/contract';
import type { Db } from '../../db/client.ts';
import { channelSettings, trackedKeywords } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { isSendableKeyword, marketOf, normalizeKeyword } from '../keywords/index.ts';

/** The language a channel's keywords are tracked in when none is given. */
const DEFAULT_LANGUAGE = 'en-us';

/** Splits a pasted list into keywords: one per line, or separated by commas or semicolons. */
export function splitKeywordList(text: string): string[] {
  return text
    .split(/[\n\r,;\t]+/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

/** Tracked keywords per channel. */
export class TrackedKeywordsService {
  private readonly db: Db;
  /** Most keywords one channel tracks. */
  readonly limit: number;

  constructor(deps: { db: Db; limit: number }) {
    this.db = deps.db;
    this.limit = deps.limit;
  }

  /** The channel's tracked keywords, newest first. */
  async list(channelId: string): Promise<TrackedKeywords> {
    const rows = await this.db
      .select()
      .from(trackedKeywords)
      .where(eq(trackedKeywords.channelId, channelId))
      .orderBy(desc(trackedKeywords.createdAt), trackedKeywords.keyword);
    return { items: rows.map(present), limit: this.limit };
  }

  /**
   * Tracks the keywords of a pasted list in one language (the channel's by default). Every
   * keyword is added or refused with its reason; an add that would pass the limit adds nothing
   * and answers `tracked-keywords-limit`.
   */
  async add(
    channelId: string,
    userId: string,
    input: { text: string; language?: string | undefined },
  ): Promise<AddTrackedKeywordsResult> {
    const language = (input.language ?? (await this.channelLanguage(channelId))).toLowerCase();
    marketOf(language); // Refuses an unknown keyword language.
    const refused: AddTrackedKeywordsResult['refused'] = [];
    const wanted = new Map<string, string>();
    for (const raw of splitKeywordList(input.text)) {
      const keyword = normalizeKeyword(raw);
      let reason: TrackedKeywordRefusal | null = null;
      if (!isSendableKeyword(keyword)) reason = 'too-long';
      else if (wanted.has(keyword)) reason = 'duplicate';
      if (reason) refused.push({ keyword: raw.slice(0, 200), reason });
      else wanted.set(keyword, raw);
    }
    if (wanted.size === 0 && refused.length === 0) {
      throw new AppError('validation-failed', 'Enter at least one keyword.', {
        issues: [{ path: 'text', message: 'Enter at least one keyword' }],
      });
    }
    return this.db.transaction(async (tx) => {
      // One add at a time per channel, so two concurrent adds cannot pass the limit together.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`tracked:${channelId}`}))`);
      const existing = await tx
        .select({ keyword: trackedKeywords.keyword, language: trackedKeywords.language })
        .from(trackedKeywords)
        .where(eq(trackedKeywords.channelId, channelId));
      const tracked = new Set(
        existing.filter((e) => e.language === language).map((e) => e.keyword),
      );
      const fresh: string[] = [];
      for (const [keyword, raw] of wanted) {
        if (tracked.has(keyword)) refused.push({ keyword: raw, reason: 'already-tracked' });
        else fresh.push(keyword);
      }
      const room = this.limit - existing.length;
      if (fresh.length > room) {
        throw new AppError(
          'tracked-keywords-limit',
          `A channel can track up to ${this.limit} keywords. This one tracks ${existing.length}, ` +
            `so ${Math.max(0, room)} more fit; delete some or add fewer.`,
          { details: { limit: this.limit, tracked: existing.length, adding: fresh.length } },
        );
      }
      const added =
        fresh.length === 0
          ? []
          : await tx
              .insert(trackedKeywords)
              .values(fresh.map((keyword) => ({ channelId, keyword, language, addedBy: userId })))
              .onConflictDoNothing()
              .returning();
      return { added: added.map(present), refused };
    });
  }

  /** Stops tracking keywords of the channel; answers the deleted ones (ids of others are ignored). */
  async remove(channelId: string, ids: readonly string[]): Promise<{ deleted: TrackedKeyword[] }> {
    const deleted = await this.db
      .delete(trackedKeywords)
      .where(and(eq(trackedKeywords.channelId, channelId), inArray(trackedKeywords.id, [...ids])))
      .returning();
    return { deleted: deleted.map(present) };
  }

  private async channelLanguage(channelId: string): Promise<string> {
    const [row] = await this.db
      .select({ language: channelSettings.language })
      .from(channelSettings)
      .where(eq(channelSettings.channelId, channelId));
    return row?.language ?? DEFAULT_LANGUAGE;
  }
}

function present(row: typeof trackedKeywords.$inferSelect): TrackedKeyword {
  return {
    id: row.id,
    keyword: row.keyword,
    language: row.language,
    addedAt: row.createdAt.toISOString(),
  };
}
