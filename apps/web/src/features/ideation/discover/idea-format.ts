/** Texts and links of ideas shared by the discover and details pages (English, like the app). */
import { paths } from '../../../config/paths.ts';
import { formatCompactNumber, formatNumber } from '../../../lib/format.ts';
import { MAX_SEED_LENGTH, MAX_SEEDS } from './constants.ts';

/** The message shown when someone tries to add a seed beyond the limit. */
export function tooManySeedsText(max: number = MAX_SEEDS): string {
  return `You can use up to ${max} seed keywords. Remove one to add another.`;
}

/** Band of an opportunity score or a factor. */
export type Band = 'Low' | 'Medium' | 'High';

/** Low below 40, Medium below 70, High from 70 (opportunity 0..100). */
export function opportunityBand(score: number): Band {
  if (score < 40) return 'Low';
  if (score < 70) return 'Medium';
  return 'High';
}

/** Theme colour of an opportunity band. */
export function opportunityColor(band: Band): 'error' | 'warning' | 'success' {
  if (band === 'Low') return 'error';
  if (band === 'Medium') return 'warning';
  return 'success';
}

/** "Low", "Medium", "High" or "Unknown" for advertiser competition 0..1. */
export function competitionBand(competition: number | null): Band | 'Unknown' {
  if (competition === null) return 'Unknown';
  if (competition < 0.34) return 'Low';
  if (competition < 0.67) return 'Medium';
  return 'High';
}

/** "12K" (estimated monthly searches) or "Unknown". */
export function volumeShort(volume: number | null): string {
  return volume === null ? 'Unknown' : formatCompactNumber(volume);
}

/** "about 12,300 searches a month" or "search volume unknown". */
export function volumeLong(volume: number | null): string {
  return volume === null ? 'search volume unknown' : `about ${formatNumber(volume)} a month`;
}

/** "+12%", "−8%", "0%" for the trend change, or null when there is no trend. */
export function trendChangeText(change: number | null): string | null {
  if (change === null) return null;
  const rounded = Math.round(change);
  if (rounded > 0) return `+${rounded}%`;
  if (rounded < 0) return `−${Math.abs(rounded)}%`;
  return '0%';
}

/** "Rising", "Falling" or "Steady" for a trend change in percent (±5 % counts as steady). */
export function trendDirection(change: number): 'Rising' | 'Falling' | 'Steady' {
  if (change > 5) return 'Rising';
  if (change < -5) return 'Falling';
  return 'Steady';
}

/** "Jan 2026" for a trend month (YYYY-MM-01), in UTC so the month never shifts. */
export function formatMonth(month: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${month.slice(0, 7)}-01T00:00:00Z`));
}

/** Link to an idea's details page. */
export function ideaDetailsHref(phrase: string, language: string | undefined): string {
  const search = new URLSearchParams({ phrase });
  if (language) search.set('language', language);
  return `${paths.videoIdeaDetails}?${search.toString()}`;
}

/** Link to the discover page for some seeds in a language. */
export function discoverHref(seeds: readonly string[], language?: string): string {
  const search = discoverSearch(seeds, language);
  return search ? `${paths.videoIdeaDiscover}?${search}` : paths.videoIdeaDiscover;
}

/** The discover page's query string: `seed` once per seed, then `language`. */
export function discoverSearch(seeds: readonly string[], language?: string): string {
  const search = new URLSearchParams();
  for (const seed of seeds) search.append('seed', seed);
  if (language) search.set('language', language);
  return search.toString();
}

/**
 * Seeds from typed or URL values: trimmed, 1 to MAX_SEED_LENGTH characters, case-insensitively unique,
 * at most `max`.
 */
export function cleanSeeds(values: readonly string[], max: number = MAX_SEEDS): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const seed = raw.trim();
    const key = seed.toLowerCase();
    if (!seed || seed.length > MAX_SEED_LENGTH || seen.has(key)) continue;
    seen.add(key);
    out.push(seed);
  }
  return out.slice(0, max);
}

/** The discover state in the URL: seeds (repeated `seed`) and the keyword language. */
export function parseDiscoverParams(
  search: URLSearchParams,
  maxSeeds: number = MAX_SEEDS,
): {
  seeds: string[];
  language: string | undefined;
} {
  const language = search.get('language')?.trim();
  return { seeds: cleanSeeds(search.getAll('seed'), maxSeeds), language: language || undefined };
}
