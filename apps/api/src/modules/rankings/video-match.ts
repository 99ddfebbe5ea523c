// The channel's video to optimise for a keyword it does not rank for: the one whose title and
// tags hold the most of the keyword's words, the most viewed among equals. Shared by the keyword
// view and the competition view's gaps, so both suggest the same video.

/** A synced video as the match reads it. */
export interface MatchableVideo {
  title: string;
  tags: readonly string[];
  views: number | null;
}

/**
 * The video holding the most of the keyword's words in its title and tags (a word counts when
 * it appears in them, case-insensitively), then the most viewed, then the first given; with
 * `matched`, how many words it holds. Null without videos.
 */
export function bestTitleTagMatch<V extends MatchableVideo>(
  videos: readonly V[],
  keyword: string,
): { video: V; matched: number } | null {
  const words = keyword.toLowerCase().split(' ').filter(Boolean);
  let best: { video: V; matched: number } | null = null;
  for (const video of videos) {
    const text = `${video.title} ${video.tags.join(' ')}`.toLowerCase();
    const matched = words.filter((w) => text.includes(w)).length;
    if (
      !best ||
      matched > best.matched ||
      (matched === best.matched && (video.views ?? -1) > (best.video.views ?? -1))
    )
      best = { video, matched };
  }
  return best;
}
