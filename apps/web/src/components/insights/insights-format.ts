/** Words and numbers of the insights report. */
import { formatCompactNumber, formatNumber } from '../../lib/format.ts';

/** "Low", "Medium" or "High" for a keyword-data competition index (0–1), with the index. */
export function formatCompetition(competition: number | null): string {
  if (competition === null) return 'Unknown';
  const label = competition < 0.34 ? 'Low' : competition < 0.67 ? 'Medium' : 'High';
  return `${label} (${competition.toFixed(2)})`;
}

/** Monthly searches, or "Unknown". */
export function formatVolume(volume: number | null): string {
  return volume === null ? 'Unknown' : `${formatNumber(volume)} / month`;
}

/** Opportunity out of 100, or "Unknown". */
export function formatOpportunity(opportunity: number | null): string {
  return opportunity === null ? 'Unknown' : `${opportunity} / 100`;
}

/** "12.3K views", or an en dash when the platform gave no count. */
export function formatViews(views: number | null): string {
  return views === null ? '–' : `${formatCompactNumber(views)} views`;
}

/** A competitor's place in a keyword's results: "#3" or "Not in the top 20". */
export function formatRank(position: number | null, depth: number): string {
  return position === null ? `Not in the top ${depth}` : `#${position}`;
}
