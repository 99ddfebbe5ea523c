// The parts of an insights report, from checked data: pure, so the shapes and rules are tested
// without a provider. Nothing of the visitor goes in (no e-mail, no session, no onboarding id).
import type { z } from 'zod';
import type { insightsCompetitor, insightsKeyword } from '@tubewise/contract';
import {
  INSIGHTS_BEST_VIDEOS,
  INSIGHTS_TOP_RESULTS,
} from '@tubewise/contract/onboarding-constants';
import type { StoredOnboardingCompetitor } from '../../db/schema/index.ts';
import type { PublicChannelData } from '../competition/index.ts';
import { scoreOpportunity } from '../ideas/index.ts';
import { rankOf, type Serp } from '../rankings/index.ts';

/** A keyword of the report. */
export type InsightsKeyword = z.input<typeof insightsKeyword>;
/** A competitor of the report. */
export type InsightsCompetitor = z.input<typeof insightsCompetitor>;

/** A keyword's figures from the keyword data (null: unknown, or the provider failed). */
export interface KeywordFiguresOf {
  volume: number | null;
  competition: number | null;
}

/**
 * One keyword's part of the report: its figures, the top INSIGHTS_TOP_RESULTS results (the
 * competitors' videos marked), each competitor's best position within the whole check (null:
 * not there), and the opportunity as the ideas compute it (null without figures). A failed
 * check (`serp` null) leaves the results empty and `checkedAt` null.
 */
export function keywordInsight(input: {
  keyword: string;
  figures: KeywordFiguresOf | null;
  serp: Serp | null;
  competitorIds: readonly string[];
  /** How deep the checks read (RANK_CHECK_DEPTH). */
  depth: number;
  now: Date;
}): InsightsKeyword {
  const { serp, figures } = input;
  const competitors = new Set(input.competitorIds);
  const known = figures !== null && (figures.volume !== null || figures.competition !== null);
  return {
    keyword: input.keyword,
    volume: figures?.volume === null || !figures ? null : Math.round(figures.volume),
    competition: figures?.competition ?? null,
    opportunity: known
      ? scoreOpportunity({
          volume: figures.volume,
          competition: figures.competition,
          topResults: serp ? serp.videos : null,
          now: input.now,
        }).opportunity
      : null,
    topResults: (serp?.videos ?? []).slice(0, INSIGHTS_TOP_RESULTS).map((video) => ({
      position: video.position,
      videoId: video.videoId,
      title: video.title,
      channelId: video.channelId,
      channelTitle: video.channelName,
      views: video.views,
      publishedAt: video.publishedAt,
      isCompetitor: competitors.has(video.channelId),
    })),
    competitorRanks: input.competitorIds.map((youtubeId) => ({
      youtubeId,
      position: serp ? (rankOf(serp, youtubeId)?.position ?? null) : null,
    })),
    checkedAt: serp?.checkedAt ?? null,
    depth: serp ? input.depth : 0,
  };
}

/**
 * One competitor's part: its public figures and its best videos (the most viewed of its stored
 * recent uploads). A channel the platform could not give is marked unavailable; its name is
 * then its channel id, never the text the visitor sent (the page is public).
 */
export function competitorInsight(
  chosen: StoredOnboardingCompetitor,
  data: PublicChannelData | undefined,
): InsightsCompetitor {
  if (!data) {
    return {
      youtubeId: chosen.youtubeId,
      title: chosen.youtubeId,
      thumbnailUrl: '',
      subscriberCount: null,
      videoCount: null,
      bestVideos: [],
      unavailable: true,
    };
  }
  const best = [...data.videos]
    .sort((a, b) => (b.views ?? -1) - (a.views ?? -1))
    .slice(0, INSIGHTS_BEST_VIDEOS);
  return {
    youtubeId: data.youtubeId,
    title: data.title,
    thumbnailUrl: data.thumbnailUrl,
    subscriberCount: data.subscriberCount,
    videoCount: data.videoCount,
    bestVideos: best.map((video) => ({
      videoId: video.videoId,
      title: video.title,
      thumbnailUrl: video.thumbnailUrl,
      views: video.views,
      publishedAt: video.publishedAt || null,
    })),
    unavailable: data.unavailable,
  };
}
