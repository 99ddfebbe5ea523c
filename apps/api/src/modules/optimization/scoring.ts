import {
  evaluateTips,
  optimizationImpact,
  optimizationLevel,
  type RuleInput,
  type Tip,
  type TipType,
} from '@tubewise/recommendations';
import type { videos } from '../../db/schema/index.ts';

type VideoRow = typeof videos.$inferSelect;

/** The largest thumbnail a video has (what the custom-thumbnail tip judges). */
export function largestThumbnail(
  thumbnails: VideoRow['thumbnails'],
): { url: string; width: number; height: number } | null {
  let best: { url: string; width: number; height: number } | null = null;
  for (const t of Object.values(thumbnails)) {
    if (!t?.url || !t.width || !t.height) continue;
    if (!best || t.width * t.height > best.width * best.height)
      best = { url: t.url, width: t.width, height: t.height };
  }
  return best;
}

/** Metadata the rules judge; the live copy of a video unless an edited one is given. */
export interface JudgedMetadata {
  title: string;
  description: string;
  tags: string[];
  searchTerm: string | null;
  defaultLanguage: string | null;
}

/** Builds the rules' input from a stored video and what the rules need besides it. */
export function ruleInputOf(
  video: Pick<
    VideoRow,
    | 'title'
    | 'description'
    | 'tags'
    | 'searchTerm'
    | 'defaultLanguage'
    | 'durationSeconds'
    | 'thumbnails'
    | 'hasCaptions'
    | 'recommendedTags'
  >,
  playlistCount: number,
  edited?: Partial<JudgedMetadata>,
): RuleInput {
  const thumb = largestThumbnail(video.thumbnails);
  return {
    title: edited?.title ?? video.title,
    description: edited?.description ?? video.description,
    tags: edited?.tags ?? video.tags,
    searchTerm: edited?.searchTerm !== undefined ? edited.searchTerm : video.searchTerm,
    recommendedTags: video.recommendedTags,
    durationSeconds: video.durationSeconds,
    thumbnail: thumb ? { width: thumb.width, height: thumb.height } : null,
    defaultLanguage:
      edited?.defaultLanguage !== undefined ? edited.defaultLanguage : video.defaultLanguage,
    hasCaptions: video.hasCaptions,
    playlistCount,
  };
}

/** Tips, level and impact of a video. */
export interface VideoScore {
  tips: Tip[];
  level: number;
  impact: number;
}

/** Scores a video with the shared rules (the same ones the editor runs as the person types). */
export function scoreVideo(
  input: RuleInput,
  ignored: readonly string[],
  keyword: { volume: number | null; competition: number | null } | null,
  position: number | null,
): VideoScore {
  const tips = evaluateTips(input, ignored as TipType[]);
  const level = optimizationLevel(tips);
  const impact = optimizationImpact({
    volume: keyword?.volume ?? null,
    competition: keyword?.competition ?? null,
    position,
    level,
  });
  return { tips, level, impact };
}
