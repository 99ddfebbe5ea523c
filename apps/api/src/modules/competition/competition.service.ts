// The competition report of a channel against its competitors over the COMPETITION_PERIOD_DAYS
// ending today: share of voice on its tracked keywords, the keywords where a competitor ranks and
// it does not (its tracked keywords, and the phrases of the competitors' public videos), and each
// channel's upload activity. Search results come from the stored checks of
// the last RESULTS_MAX_AGE_DAYS days (never a new check), volumes from the keyword-data cache
// (never a provider call), competitors' uploads from PublicChannelsService (read with the
// product's key at most once a day per channel), the channel's own from its synced videos.
import {
  COMPETITION_PERIOD_DAYS,
  COMPETITION_TOP_TAGS,
  COMPETITION_TOP_VIDEOS,
  SHARE_OF_VOICE_DEPTH,
} from '@tubewise/contract/onboarding-constants';
import type { CompetitionGap, CompetitionReport } from '@tubewise/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { addDays } from '../../lib/days.ts';
import { AppError } from '../../lib/errors.ts';
import {
  isSendableKeyword,
  marketOf,
  sharedPhrases,
  type KeywordsService,
} from '../keywords/index.ts';
import { bestTitleTagMatch, thumbnailOf } from '../rankings/index.ts';
import { activityOf, type Upload } from './activity.ts';
import { requireCompetitionFlag } from './competition-flag.ts';
import type {
  CompetitionRepository,
  MarketKeyword,
  StoredResults,
} from './competition.repository.ts';
import type { CompetitorsService } from './competitors.service.ts';
import type { PublicChannelData, PublicChannelsService } from './public-channels.service.ts';
import {
  countedResults,
  gapCompetitors,
  rankGaps,
  shareOfVoice,
  weightsOf,
} from './share-of-voice.ts';

/** Stored results older than this many days (today included) are not counted. */
export const RESULTS_MAX_AGE_DAYS = 7;
/** Most gaps a report lists. */
export const GAPS_MAX = 50;
/**
 * Most phrases of the competitors' videos one report looks up as untracked gaps (the most used
 * first; each is one index probe per market).
 */
export const GAP_CANDIDATES_MAX = 500;
/** The keyword language a channel without settings defaults to (as tracked keywords do). */
const DEFAULT_LANGUAGE = 'en-us';

/** `location|language`: one market. */
const marketKey = (location: number, language: string) => `${location}\u0000${language}`;
/** `keyword|location|language`: one check key. */
const checkKey = (k: MarketKeyword) => `${k.keyword}\u0000${marketKey(k.location, k.language)}`;

/** Computes the competition report. */
export class CompetitionService {
  private readonly db: Db;
  private readonly repo: CompetitionRepository;
  private readonly competitors: Pick<CompetitorsService, 'followed'>;
  private readonly publicChannels: Pick<PublicChannelsService, 'get'>;
  private readonly keywords: Pick<KeywordsService, 'cachedMetrics'>;
  private readonly clock: Clock;

  constructor(deps: {
    db: Db;
    repo: CompetitionRepository;
    competitors: Pick<CompetitorsService, 'followed'>;
    publicChannels: Pick<PublicChannelsService, 'get'>;
    keywords: Pick<KeywordsService, 'cachedMetrics'>;
    clock: Clock;
  }) {
    this.db = deps.db;
    this.repo = deps.repo;
    this.competitors = deps.competitors;
    this.publicChannels = deps.publicChannels;
    this.keywords = deps.keywords;
    this.clock = deps.clock;
  }

  /** The channel's report as of today (refused without the competition flag). */
  async report(userId: string, channelId: string): Promise<CompetitionReport> {
    await requireCompetitionFlag(this.db, userId);
    const channel = await this.repo.channel(channelId);
    if (!channel) throw new AppError('not-found', 'Channel not found.');
    const today = this.clock.now().toISOString().slice(0, 10);
    const period = { from: addDays(today, -(COMPETITION_PERIOD_DAYS - 1)), to: today };
    const since = addDays(today, -(RESULTS_MAX_AGE_DAYS - 1));
    const depth = SHARE_OF_VOICE_DEPTH;

    const [followed, tracked, defaultLanguage, ownVideos] = await Promise.all([
      this.competitors.followed(channelId),
      this.repo.tracked(channelId),
      this.repo.defaultLanguage(channelId),
      this.repo.videos(channelId),
    ]);
    const competitorIds = followed.map((c) => c.youtubeId);
    const publicData = new Map(
      (await this.publicChannels.get(competitorIds)).map((d) => [d.youtubeId, d]),
    );

    // One check key per tracked keyword and market (two keyword languages may share a market);
    // each key keeps the first keyword language naming it.
    const trackedKeys = new Map<string, MarketKeyword & { languageId: string }>();
    const marketLanguage = new Map<string, string>();
    for (const t of tracked) {
      const market = marketOf(t.language);
      const key = {
        keyword: t.keyword,
        location: market.locationCode,
        language: market.languageCode,
      };
      if (!trackedKeys.has(checkKey(key)))
        trackedKeys.set(checkKey(key), { ...key, languageId: t.language });
      const mk = marketKey(key.location, key.language);
      if (!marketLanguage.has(mk)) marketLanguage.set(mk, t.language);
    }
    if (marketLanguage.size === 0) {
      const language = defaultLanguage ?? DEFAULT_LANGUAGE;
      const market = marketOf(language);
      marketLanguage.set(marketKey(market.locationCode, market.languageCode), language);
    }
    const markets = [...marketLanguage.keys()].map((mk) => {
      const [location, language] = mk.split('\u0000');
      return { location: Number(location), language: language! };
    });

    // Untracked gap candidates: phrases of the competitors' public videos only (tags and title
    // runs), looked up by exact key, so no other account's checked keywords are ever listed. A
    // phrase without stored results is no gap (the report never starts a check).
    const phrases = phrasesOf(
      competitorIds.flatMap((id) => publicData.get(id)?.videos ?? []),
      tracked.map((t) => t.keyword),
    ).slice(0, GAP_CANDIDATES_MAX);
    const candidateKeys = phrases
      .flatMap((keyword) => markets.map((m) => ({ keyword, ...m })))
      .filter((k) => !trackedKeys.has(checkKey(k)));

    const [checked, untracked] = await Promise.all([
      this.repo.latestResults([...trackedKeys.values()].map(stripLanguageId), since, today, depth),
      this.repo.latestResults(candidateKeys, since, today, depth),
    ]);
    const languageOf = (r: StoredResults) =>
      trackedKeys.get(checkKey(r))?.languageId ??
      marketLanguage.get(marketKey(r.location, r.language))!;
    const volumeOf = await this.volumes(
      [...checked, ...untracked].map((r) => ({ keyword: r.keyword, languageId: languageOf(r) })),
    );

    // Share of voice over the tracked keywords with recent results that carry a weight, each
    // over the slots its check read (at most the depth).
    const { weights, equalWeights } = weightsOf(
      checked.map((r) => volumeOf(r.keyword, languageOf(r))),
    );
    const counted = countedResults(
      checked.map((r, i) => ({
        weight: weights[i]!,
        channelIds: r.channelIds,
        slots: r.depth,
        day: r.day,
      })),
    );
    const channelIds = [channel.youtubeId, ...competitorIds];
    const entries = shareOfVoice(counted, channelIds, depth);

    // Gaps: tracked keywords first from the same rows, then the other candidates.
    const matchable = ownVideos.map((v) => ({
      youtubeId: v.youtubeId,
      title: v.title,
      tags: v.tags,
      views: v.views,
    }));
    const gaps: CompetitionGap[] = [];
    for (const [rows, isTracked] of [
      [checked, true],
      [untracked, false],
    ] as const) {
      for (const r of rows) {
        const present = gapCompetitors(r.channelIds, channel.youtubeId, competitorIds, depth);
        if (!present) continue;
        const language = languageOf(r);
        gaps.push({
          keyword: r.keyword,
          language,
          volume: volumeOf(r.keyword, language),
          tracked: isTracked,
          competitors: present,
          day: r.day,
          videoToOptimise: null,
        });
      }
    }
    const shown = rankGaps(gaps, GAPS_MAX).map((g) => {
      // A video sharing no word with the keyword is no fit: none is suggested then.
      const match = bestTitleTagMatch(matchable, g.keyword);
      return {
        ...g,
        videoToOptimise:
          match && match.matched > 0
            ? { youtubeId: match.video.youtubeId, title: match.video.title }
            : null,
      };
    });

    // Activity: the channel's public synced uploads, the competitors' public uploads.
    const limits = { topVideos: COMPETITION_TOP_VIDEOS, topTags: COMPETITION_TOP_TAGS };
    const ownUploads: Upload[] = ownVideos
      .filter((v) => v.publishedAt !== null && (v.privacyStatus ?? 'public') === 'public')
      .map((v) => ({
        videoId: v.youtubeId,
        title: v.title,
        thumbnailUrl: thumbnailOf(v.thumbnails) ?? '',
        publishedAt: v.publishedAt!.toISOString(),
        views: v.views,
        tags: v.tags,
      }));
    const activity = [
      {
        youtubeId: channel.youtubeId,
        ...activityOf(ownUploads, period, limits),
        unavailable: false,
        countedFrom: null,
      },
      ...competitorIds.map((id) => {
        const data = publicData.get(id);
        return {
          youtubeId: id,
          ...activityOf(data?.videos ?? [], period, limits),
          unavailable: !data || data.unavailable,
          countedFrom: countedFromDay(data?.countedFrom ?? null, period.from),
        };
      }),
    ];

    const refreshed = competitorIds.map((id) => publicData.get(id)?.refreshedAt ?? null);
    // Still being read for the first time: never read and not failed (a competitor the platform
    // does not know, or whose read failed, is unavailable instead).
    const refreshing = competitorIds.some((id) => {
      const data = publicData.get(id);
      return data !== undefined && data.refreshedAt === null && !data.unavailable;
    });
    const oldest = refreshed.reduce<Date | null>(
      (min, at) => (at !== null && (min === null || at < min) ? at : min),
      null,
    );
    return {
      period: { from: period.from, to: period.to, days: COMPETITION_PERIOD_DAYS },
      channels: [
        {
          youtubeId: channel.youtubeId,
          title: channel.name,
          thumbnailUrl: channel.thumbnailUrl,
          isOwn: true,
        },
        ...competitorIds.map((id) => channelOf(id, publicData.get(id))),
      ],
      shareOfVoice: {
        keywords: counted.length,
        trackedKeywords: tracked.length,
        day: counted.reduce<string | null>((d, r) => (d === null || r.day > d ? r.day : d), null),
        depth,
        equalWeights,
        entries,
      },
      gaps: shown,
      activity,
      refreshedAt: oldest?.toISOString() ?? null,
      refreshing,
    };
  }

  /** Cached volumes of keywords in their languages (one cache read per language, no provider). */
  private async volumes(
    keywords: readonly { keyword: string; languageId: string }[],
  ): Promise<(keyword: string, languageId: string) => number | null> {
    const byLanguage = new Map<string, Set<string>>();
    for (const k of keywords) {
      let set = byLanguage.get(k.languageId);
      if (!set) byLanguage.set(k.languageId, (set = new Set()));
      set.add(k.keyword);
    }
    const volume = new Map<string, number | null>();
    for (const [languageId, set] of byLanguage) {
      const { items } = await this.keywords.cachedMetrics([...set], languageId);
      for (const item of items) volume.set(`${item.keyword}\u0000${languageId}`, item.volume);
    }
    return (keyword, languageId) => volume.get(`${keyword}\u0000${languageId}`) ?? null;
  }
}

/**
 * Every phrase of the videos (each meaningful tag and two- or three-word title run, normalised
 * as keywords are), the one most videos use first; phrases of `exclude` (any spelling) left out.
 * Each video is read alone, so a phrase one video uses is a candidate too.
 */
function phrasesOf(
  videos: readonly { title: string; tags: readonly string[] }[],
  exclude: readonly string[],
): string[] {
  const uses = new Map<string, number>();
  for (const video of videos)
    for (const { phrase } of sharedPhrases([video], { exclude, accept: isSendableKeyword }))
      uses.set(phrase, (uses.get(phrase) ?? 0) + 1);
  return [...uses]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([phrase]) => phrase);
}

function stripLanguageId(key: MarketKeyword & { languageId: string }): MarketKeyword {
  return { keyword: key.keyword, location: key.location, language: key.language };
}

/** A competitor as a channel of the report (its id as title until its data was read). */
function channelOf(youtubeId: string, data: PublicChannelData | undefined) {
  return {
    youtubeId,
    title: data?.title || youtubeId,
    thumbnailUrl: data?.thumbnailUrl ?? '',
    isOwn: false,
  };
}

/**
 * The day a capped read counts from, when it began after the period's start (even on its
 * first day: that morning is missing); null when the period is whole.
 */
function countedFromDay(countedFrom: Date | null, periodFrom: string): string | null {
  if (!countedFrom || countedFrom.getTime() <= Date.parse(`${periodFrom}T00:00:00Z`)) return null;
  return countedFrom.toISOString().slice(0, 10);
}
