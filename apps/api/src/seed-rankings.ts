// The demo's keyword rankings: the first demo channel tracks phrases its videos rank for in the
// emulator's search (and a few of its niche that they do not), with DEMO_HISTORY_DAYS days of
// history made by the real check path: for each past day, oldest first and ending yesterday, a
// rank-check store on that day's clock runs the day as the scheduled job does (plan the tracked
// keywords, queue them at the emulator's SERP API, collect, record the ranks). Nothing is
// inserted by hand, and today is left to "Check now" or the scheduled job.
//
// The emulator ranks from its corpus as of one instant (views, titles, tags), so the past days'
// results are the same as yesterday's unless something changed the corpus meanwhile: an honest,
// flat history rather than an invented one.
import { eq, sql } from 'drizzle-orm';
import type { Emulator } from '@tubewise/emulator';
import type { Composition } from './compose.ts';
import type { Config } from './config/config.ts';
import { trackedKeywords as trackedKeywordsTable } from './db/schema/index.ts';
import type { Clock } from './lib/clock.ts';
import { addDays } from './lib/days.ts';
import { LOCALES } from './modules/channels/index.ts';
import { isSendableKeyword, normalizeKeyword } from './modules/keywords/index.ts';

/** Days of rank history the demo starts with (the last one is yesterday). */
export const DEMO_HISTORY_DAYS = 90;
/** Keywords the demo tracks that its videos rank for, and ones of its niche they do not. */
export const DEMO_RANKED_KEYWORDS = 12;
export const DEMO_UNRANKED_KEYWORDS = 4;
/** The longest phrase (in words) taken from tags: longer ones are templates, not searches. */
const MAX_WORDS = 4;
/** The hour (UTC) the seeded days' checks run at: after the spread window, so all of them are due. */
const CHECK_HOUR = 12;

/** What seeding the rankings did. */
export interface RankingsSeed {
  keywords: number;
  days: number;
  /** The day the history starts and the day it ends (yesterday). */
  from: string;
  to: string;
  /** Checks the days ended with done, and given up. */
  done: number;
  failed: number;
}

/** A keyword the demo could track and where the channel stands in the emulator's search. */
interface Candidate {
  keyword: string;
  /** 1-based best position of the channel's videos within the depth; null when none. */
  position: number | null;
}

/**
 * The demo's keywords, picked deterministically from the emulator's corpus and search: the most
 * used tags of the channel's public videos that it ranks for (its lower positions first, so the
 * buckets are not all top 3), then the most used tags of the other channels of its niche that
 * it does not rank for.
 */
export function demoKeywords(
  emulator: Emulator,
  youtubeId: string,
  language: string,
  depth: number,
): Candidate[] {
  const locale = LOCALES.find((l) => l.id === language.toLowerCase());
  const { corpus, search } = emulator.state;
  const positionOf = (keyword: string): number | null => {
    const hits = search.search({
      q: keyword,
      type: 'video',
      order: 'relevance',
      ...(locale ? { regionCode: locale.locAbbreviation, relevanceLanguage: locale.iso6391 } : {}),
    });
    const index = hits
      .slice(0, depth)
      .findIndex((h) => corpus.getVideo(h.id)?.channelId === youtubeId);
    return index >= 0 ? index + 1 : null;
  };
  const niche = corpus.getChannel(youtubeId)?.niche;
  const own = new Map<string, number>();
  const others = new Map<string, number>();
  for (const video of corpus.allVideos()) {
    if (video.privacyStatus !== 'public') continue;
    const mine = video.channelId === youtubeId;
    // Competitors: the other channels of the same niche.
    if (!mine && corpus.getChannel(video.channelId)?.niche !== niche) continue;
    const counts = mine ? own : others;
    for (const tag of video.tags) {
      const keyword = normalizeKeyword(tag);
      if (!isSendableKeyword(keyword) || keyword.split(' ').length > MAX_WORDS) continue;
      counts.set(keyword, (counts.get(keyword) ?? 0) + 1);
    }
  }
  const byUse = (counts: Map<string, number>) =>
    [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([k]) => k);

  const ranked: Candidate[] = [];
  for (const keyword of byUse(own)) {
    const position = positionOf(keyword);
    if (position !== null) ranked.push({ keyword, position });
    if (ranked.length >= DEMO_RANKED_KEYWORDS * 4) break;
  }
  const lower = ranked.filter((c) => c.position! > 1).slice(0, Math.ceil(DEMO_RANKED_KEYWORDS / 3));
  const chosen = [
    ...lower,
    ...ranked.filter((c) => !lower.includes(c)).slice(0, DEMO_RANKED_KEYWORDS - lower.length),
  ];

  const unranked: Candidate[] = [];
  for (const keyword of byUse(others)) {
    if (unranked.length >= DEMO_UNRANKED_KEYWORDS) break;
    if (own.has(keyword)) continue;
    // One of a family: "skillet cornbread" and "skillet cornbread tutorial" are one search.
    if (unranked.some((u) => u.keyword.includes(keyword) || keyword.includes(u.keyword))) continue;
    if (positionOf(keyword) === null) unranked.push({ keyword, position: null });
  }
  return [...chosen, ...unranked];
}

/** A clock stopped at an instant. */
const clockAt = (ms: number): Clock => ({ now: () => new Date(ms) });

/**
 * Seeds the demo channel's tracked keywords and their history by running each past day's checks
 * through the real check path against the built-in emulator. Does nothing (null) without the
 * emulator, or when the channel already tracks keywords (seeding happens once).
 */
export async function seedRankings(
  composition: Composition,
  config: Config,
  demo: { userId: string; channelId: string; youtubeId: string; language: string },
): Promise<RankingsSeed | null> {
  const { emulator } = composition;
  if (!emulator) return null;
  const { trackedKeywords, serpChecks } = composition.services;
  const [tracking] = await composition.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(trackedKeywordsTable)
    .where(eq(trackedKeywordsTable.channelId, demo.channelId));
  if ((tracking?.n ?? 0) > 0) return null;

  const depth = config.env.RANK_CHECK_DEPTH;
  const keywords = demoKeywords(emulator, demo.youtubeId, demo.language, depth);
  const { added } = await trackedKeywords.add(demo.channelId, demo.userId, {
    text: keywords.map((k) => k.keyword).join('\n'),
    language: demo.language,
  });

  const today = serpChecks.today();
  const from = addDays(today, -DEMO_HISTORY_DAYS);
  let done = 0;
  let failed = 0;
  for (let i = DEMO_HISTORY_DAYS; i >= 1; i -= 1) {
    const day = addDays(today, -i);
    // The store as the scheduled job on that day sees it: the day's checks and ranks.
    const checks = composition.rankChecksAt(
      clockAt(Date.parse(`${day}T00:00:00Z`) + CHECK_HOUR * 3_600_000),
    );
    const progress = await checks.runToday();
    done += progress.done;
    failed += progress.failed;
  }
  return {
    keywords: added.length,
    days: DEMO_HISTORY_DAYS,
    from,
    to: addDays(today, -1),
    done,
    failed,
  };
}
