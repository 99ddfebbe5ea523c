// Monthly volumes of tracked keywords, read from the keyword-data cache only (never the
// provider): the rankings and movement views weigh and show keywords by them.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keywordMetrics } from '../../db/schema/index.ts';
import { marketOf } from '../keywords/index.ts';

/** A thumbnail a list shows of a synced video (medium, else default, else any). */
export function thumbnailOf(
  thumbnails: Record<string, { url: string }> | null | undefined,
): string | null {
  if (!thumbnails) return null;
  return (thumbnails.medium ?? thumbnails.default ?? Object.values(thumbnails)[0])?.url ?? null;
}

/** The cached volumes of keywords in their languages' markets, one query per market. */
export async function cachedVolumes(
  db: Db,
  tracked: readonly { keyword: string; language: string }[],
): Promise<(keyword: string, language: string) => number | null> {
  const marketKey = (language: string) => {
    const m = marketOf(language);
    return `${m.locationCode}\u0000${m.languageCode}`;
  };
  const groups = new Map<string, { language: string; keywords: Set<string> }>();
  for (const t of tracked) {
    const key = marketKey(t.language);
    const group = groups.get(key) ?? { language: t.language, keywords: new Set<string>() };
    group.keywords.add(t.keyword);
    groups.set(key, group);
  }
  const volume = new Map<string, number | null>();
  for (const [key, group] of groups) {
    const market = marketOf(group.language);
    const rows = await db
      .select({ keyword: keywordMetrics.keyword, volume: keywordMetrics.volume })
      .from(keywordMetrics)
      .where(
        and(
          inArray(keywordMetrics.keyword, [...group.keywords]),
          eq(keywordMetrics.locationCode, market.locationCode),
          eq(keywordMetrics.languageCode, market.languageCode),
        ),
      );
    for (const row of rows) volume.set(`${row.keyword}\u0000${key}`, row.volume);
  }
  return (keyword, language) => volume.get(`${keyword}\u0000${marketKey(language)}`) ?? null;
}
