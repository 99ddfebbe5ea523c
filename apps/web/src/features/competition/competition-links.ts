/** Where the gap list's actions lead. */
import { paths } from '../../config/paths.ts';

/**
 * Idea discovery seeded with one keyword in its keyword language: the discover page reads
 * `seed` (repeatable) and `language` from its URL. Kept here rather than in config/paths.ts,
 * which every page (and the sign-in page's budget) carries.
 */
export function discoverIdeasHref(seed: string, language?: string): string {
  const search = new URLSearchParams({ seed });
  if (language) search.set('language', language);
  return `${paths.videoIdeaDiscover}?${search}`;
}
