/** The competition view (competition_user): a channel against its competitors. */
import { z } from 'zod';
import { channelIdParams } from './channels.ts';
import { youtubeChannelId } from './onboarding.ts';

/** A competitor of a channel, with its public figures (refreshed daily). */
export const competitor = z.object({
  youtubeId: z.string(),
  title: z.string(),
  thumbnailUrl: z.string(),
  customUrl: z.string().nullable(),
  subscriberCount: z.number().nullable(),
  videoCount: z.number().nullable(),
  viewCount: z.number().nullable(),
  /** When its public data was last read; null until the first read. */
  refreshedAt: z.string().nullable(),
  addedAt: z.string(),
});
export type Competitor = z.infer<typeof competitor>;

export const competitorsResponse = z.object({
  competitors: z.array(competitor),
  /** Competitors a channel may have. */
  max: z.number().int(),
});
export type CompetitorsResponse = z.infer<typeof competitorsResponse>;

// The channel id as every channel route takes it (any text: an unknown one is a 404, as for
// another tenant's channel, never a 400 that would tell the two apart).
export const competitorsParams = channelIdParams;
export const addCompetitorBody = z.object({ youtubeId: youtubeChannelId });
export const competitorParams = channelIdParams.extend({ youtubeId: youtubeChannelId });

/** A channel of the view: the active one (`isOwn`) or a competitor. */
export const competitionChannel = z.object({
  youtubeId: z.string(),
  title: z.string(),
  thumbnailUrl: z.string(),
  isOwn: z.boolean(),
});

/** One channel's share of voice on the tracked keywords. */
export const shareOfVoiceEntry = z.object({
  youtubeId: z.string(),
  /**
   * 0–1: Σ volume × top-20 positions held / Σ volume × slots, over the counted keywords, where a
   * keyword's slots are min(20, the depth its check read): a shallower check counts its own slots.
   */
  share: z.number().min(0).max(1),
  /** Top-20 positions held, all counted keywords together. */
  positions: z.number().int().min(0),
  /** Counted keywords where it holds at least one top-20 position. */
  keywords: z.number().int().min(0),
});

/** A keyword where a competitor ranks and the channel does not. */
export const competitionGap = z.object({
  keyword: z.string(),
  /** Keyword language id, e.g. 'en-us'. */
  language: z.string(),
  volume: z.number().int().nullable(),
  /** The channel tracks it already. */
  tracked: z.boolean(),
  /** Competitors there, best first. */
  competitors: z.array(z.object({ youtubeId: z.string(), position: z.number().int() })),
  /** The day of the results it comes from. */
  day: z.string(),
  /** The channel's video that fits it best (title and tags), to optimise; null when none. */
  videoToOptimise: z.object({ youtubeId: z.string(), title: z.string() }).nullable(),
});
export type CompetitionGap = z.infer<typeof competitionGap>;

/** One week of a channel's uploads in the period. */
export const activityWeek = z.object({
  /** Monday of the week (YYYY-MM-DD). */
  weekStart: z.string(),
  uploads: z.number().int().min(0),
  /** Views of that week's uploads to date. */
  views: z.number().min(0),
});

/** A channel's activity over the period. */
export const channelActivity = z.object({
  youtubeId: z.string(),
  uploads: z.number().int().min(0),
  /** Mean views of the period's uploads to date; null without uploads. */
  viewsPerVideo: z.number().nullable(),
  weeks: z.array(activityWeek),
  topVideos: z.array(
    z.object({
      videoId: z.string(),
      title: z.string(),
      thumbnailUrl: z.string(),
      publishedAt: z.string(),
      views: z.number().nullable(),
    }),
  ),
  topTags: z.array(z.object({ tag: z.string(), videos: z.number().int().min(1) })),
  /** Its public data could not be read (last error), so its figures may be missing or old. */
  unavailable: z.boolean(),
  /**
   * The day (YYYY-MM-DD) its figures count from when a read could not reach back to the
   * period's start (a channel uploading more than one read covers): the period's earlier
   * uploads are missing, so its counts are a floor. Null when the whole period is counted.
   */
  countedFrom: z.string().nullable(),
});

/** GET /api/channels/{id}/competition. */
export const competitionReport = z.object({
  period: z.object({ from: z.string(), to: z.string(), days: z.number().int() }),
  channels: z.array(competitionChannel),
  shareOfVoice: z.object({
    /**
     * Counted keywords: tracked keywords with stored results that carry a weight (their volume;
     * every one while none has a volume), so one without volume while others have one is not.
     */
    keywords: z.number().int().min(0),
    /** Tracked keywords of the channel. */
    trackedKeywords: z.number().int().min(0),
    /** The latest results day counted; null before any check. */
    day: z.string().nullable(),
    depth: z.number().int(),
    /** Keywords had no volume: each counted with the same weight. */
    equalWeights: z.boolean(),
    entries: z.array(shareOfVoiceEntry),
  }),
  gaps: z.array(competitionGap),
  activity: z.array(channelActivity),
  /** The oldest refresh of the competitors' data; null when none was read yet. */
  refreshedAt: z.string().nullable(),
  /** Some competitor's data is still being read for the first time. */
  refreshing: z.boolean(),
});
export type CompetitionReport = z.infer<typeof competitionReport>;
