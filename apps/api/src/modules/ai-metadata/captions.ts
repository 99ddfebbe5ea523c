import { and, eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { videoCaptions, type StoredAiInputs } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ChannelCredentials } from '../channels/index.ts';
import {
  SCOPE_FORCE_SSL,
  type CaptionTrack,
  type UnitBudget,
  type VideoPlatform,
} from '../video-platform/index.ts';
import { captionLines } from './prompt.ts';

/** YouTube's costs of reading captions (platform-facts). */
export const CAPTIONS_LIST_UNITS = 50;
export const CAPTIONS_DOWNLOAD_UNITS = 200;
/** Scopes YouTube accepts for captions.list and captions.download. */
const CAPTION_SCOPES = [SCOPE_FORCE_SSL, 'https://www.googleapis.com/auth/youtubepartner'];

/** A video's transcript for the prompt, and what happened when reading it. */
export interface Transcript {
  text: string | null;
  state: StoredAiInputs['captions'];
}

/** Where generations get a video's captions. */
export interface CaptionSource {
  transcript(
    channelId: string,
    video: { youtubeId: string; hasCaptions: boolean | null; defaultLanguage: string | null },
  ): Promise<Transcript>;
}

/**
 * A video's captions from the platform, where the channel's grant allows it (youtube.force-ssl)
 * and its daily unit budget says yes: captions.list (50) then captions.download (200), both
 * reserved first. The text is kept per video and fetched again only when the track changed
 * (which needs the 50-unit list, not the 200-unit download).
 */
export class PlatformCaptions implements CaptionSource {
  private readonly db: Db;
  private readonly platform: VideoPlatform;
  private readonly credentials: ChannelCredentials;
  private readonly budget: UnitBudget;
  private readonly clock: Clock;
  private readonly log: Logger;

  constructor(deps: {
    db: Db;
    platform: VideoPlatform;
    credentials: ChannelCredentials;
    budget: UnitBudget;
    clock: Clock;
    log: Logger;
  }) {
    this.db = deps.db;
    this.platform = deps.platform;
    this.credentials = deps.credentials;
    this.budget = deps.budget;
    this.clock = deps.clock;
    this.log = deps.log;
  }

  async transcript(
    channelId: string,
    video: { youtubeId: string; hasCaptions: boolean | null; defaultLanguage: string | null },
  ): Promise<Transcript> {
    if (video.hasCaptions === false) return { text: null, state: 'none' };
    const scopes = await this.credentials.scopesOf(channelId);
    if (!scopes.some((s) => CAPTION_SCOPES.includes(s)))
      return { text: null, state: 'not-allowed' };
    const cached = await this.db.query.videoCaptions.findFirst({
      where: and(
        eq(videoCaptions.channelId, channelId),
        eq(videoCaptions.videoId, video.youtubeId),
      ),
    });
    try {
      if (!(await this.budget.tryReserve(channelId, CAPTIONS_LIST_UNITS))) {
        return cached ? { text: cached.text, state: 'used' } : { text: null, state: 'over-budget' };
      }
      const tracks = await this.credentials.withToken(channelId, (token) =>
        this.platform.listCaptionTracks(token, video.youtubeId),
      );
      const track = pickTrack(tracks, video.defaultLanguage);
      if (!track) return { text: null, state: 'none' };
      if (cached && cached.trackId === track.id && cached.trackUpdatedAt === track.lastUpdated) {
        return { text: cached.text, state: 'used' };
      }
      if (!(await this.budget.tryReserve(channelId, CAPTIONS_DOWNLOAD_UNITS))) {
        return cached ? { text: cached.text, state: 'used' } : { text: null, state: 'over-budget' };
      }
      const srt = await this.credentials.withToken(channelId, (token) =>
        this.platform.downloadCaptionTrack(token, track.id),
      );
      const text = captionLines(srt);
      if (!text) return { text: null, state: 'none' };
      const values = {
        channelId,
        videoId: video.youtubeId,
        trackId: track.id,
        language: track.language,
        trackUpdatedAt: track.lastUpdated,
        text,
        fetchedAt: this.clock.now(),
      };
      await this.db
        .insert(videoCaptions)
        .values(values)
        .onConflictDoUpdate({
          target: [videoCaptions.channelId, videoCaptions.videoId],
          set: values,
        });
      return { text, state: 'used' };
    } catch (error) {
      // Captions help; they are not worth failing the generation for.
      this.log.warn(
        {
          channelId,
          error: error instanceof Error ? error.name : typeof error,
          code: (error as { code?: unknown } | null)?.code,
        },
        'Reading captions failed',
      );
      return cached ? { text: cached.text, state: 'used' } : { text: null, state: 'failed' };
    }
  }
}

/** The track to read: published (not draft), uploaded before automatic, the video's language first. */
function pickTrack(tracks: CaptionTrack[], language: string | null): CaptionTrack | null {
  const usable = tracks.filter((t) => !t.isDraft);
  const rank = (t: CaptionTrack) =>
    (t.trackKind === 'asr' ? 2 : 0) +
    (language && t.language?.split('-')[0] === language.split('-')[0] ? 0 : 1);
  return usable.sort((a, b) => rank(a) - rank(b))[0] ?? null;
}
