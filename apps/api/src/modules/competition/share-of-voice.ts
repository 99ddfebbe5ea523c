// Share of voice and keyword gaps from stored search results (pure): who holds the first
// SHARE_OF_VOICE_DEPTH result slots of each counted keyword (fewer when its check read fewer),
// weighted by the keyword's volume. Each slot holds one video of one channel, so the shares of
// distinct channels add up to at most 1 and each lies in [0, 1] (share-of-voice.test.ts checks
// both over random inputs).

/** One counted keyword's stored results. */
export interface CountedResults {
  /** The keyword's weight: its monthly volume, or 1 for every keyword with equal weights. */
  weight: number;
  /** The platform channel id of each result, best first (slots past the depth are ignored). */
  channelIds: readonly string[];
  /**
   * How many results its check read (the stored depth): only min(depth, slots) slots count,
   * so a shallower check does not cap every share below 1. The full depth when left out.
   */
  slots?: number;
}

/** One channel's share of voice (contract `shareOfVoiceEntry`). */
export interface ShareOfVoice {
  youtubeId: string;
  share: number;
  positions: number;
  keywords: number;
}

/**
 * The weights of counted keywords from their cached volumes: the volume (unknown counts 0)
 * while any keyword has one, else 1 each (`equalWeights`), so a market without figures yet
 * still gets a share.
 */
export function weightsOf(volumes: readonly (number | null)[]): {
  weights: number[];
  equalWeights: boolean;
} {
  const known = volumes.some((v) => v !== null && v > 0);
  return {
    weights: volumes.map((v) => (known ? Math.max(0, v ?? 0) : 1)),
    equalWeights: !known && volumes.length > 0,
  };
}

/** The counted keywords: those carrying a weight (a keyword weighing 0 changes no share). */
export function countedResults<R extends CountedResults>(results: readonly R[]): R[] {
  return results.filter((r) => r.weight > 0);
}

/** The slots of a keyword that count: the first min(depth, its check's depth). */
const slotsOf = (r: CountedResults, depth: number) =>
  Math.max(0, Math.min(depth, r.slots ?? depth));

/**
 * Each channel's share of the first `depth` slots over the counted keywords (those with a
 * weight): Σ weight × positions held / Σ weight × min(depth, slots) (0 when nothing is counted).
 */
export function shareOfVoice(
  results: readonly CountedResults[],
  youtubeIds: readonly string[],
  depth: number,
): ShareOfVoice[] {
  const counted = countedResults(results);
  const total = counted.reduce((sum, r) => sum + r.weight * slotsOf(r, depth), 0);
  return [...new Set(youtubeIds)].map((youtubeId) => {
    let weighted = 0;
    let positions = 0;
    let keywords = 0;
    for (const r of counted) {
      const held = positionsOf(r.channelIds, youtubeId, slotsOf(r, depth)).length;
      if (held === 0) continue;
      positions += held;
      keywords += 1;
      weighted += r.weight * held;
    }
    // Clamped: floating-point sums must not step outside the contract's [0, 1].
    const share = total > 0 ? Math.min(1, Math.max(0, weighted / total)) : 0;
    return { youtubeId, share, positions, keywords };
  });
}

/** The 1-based positions of a channel's videos within the first `depth` results. */
export function positionsOf(
  channelIds: readonly string[],
  youtubeId: string,
  depth: number,
): number[] {
  const positions: number[] = [];
  const end = Math.min(depth, channelIds.length);
  for (let i = 0; i < end; i += 1) if (channelIds[i] === youtubeId) positions.push(i + 1);
  return positions;
}

/**
 * The competitors holding a slot within `depth` with each one's best position, best first —
 * when the channel itself holds none; null when it is no gap (the channel is there, or no
 * competitor is).
 */
export function gapCompetitors(
  channelIds: readonly string[],
  own: string,
  competitors: readonly string[],
  depth: number,
): { youtubeId: string; position: number }[] | null {
  if (positionsOf(channelIds, own, depth).length > 0) return null;
  const found: { youtubeId: string; position: number }[] = [];
  for (const youtubeId of new Set(competitors)) {
    const [best] = positionsOf(channelIds, youtubeId, depth);
    if (best !== undefined) found.push({ youtubeId, position: best });
  }
  if (found.length === 0) return null;
  return found.sort((a, b) => a.position - b.position || cmp(a.youtubeId, b.youtubeId));
}

/** A gap to order: its volume and its competitors (best first). */
interface RankableGap {
  keyword: string;
  language: string;
  volume: number | null;
  competitors: readonly { position: number }[];
}

/**
 * The gaps worth showing first: highest volume first (unknown last), then the best competitor
 * position, then the keyword; at most `max`.
 */
export function rankGaps<G extends RankableGap>(gaps: readonly G[], max: number): G[] {
  const best = (g: G) => g.competitors[0]?.position ?? Number.POSITIVE_INFINITY;
  return [...gaps]
    .sort(
      (a, b) =>
        (b.volume ?? -1) - (a.volume ?? -1) ||
        best(a) - best(b) ||
        cmp(a.keyword, b.keyword) ||
        cmp(a.language, b.language),
    )
    .slice(0, max);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
