/** Adding typed or suggested keywords to the onboarding's list within its limits. */
import {
  ONBOARDING_KEYWORD_MAX_LENGTH,
  ONBOARDING_KEYWORDS_MAX,
} from '@tubewise/contract/onboarding-constants';

/** Splits typed text into keywords (commas and new lines separate them), trimmed, non-empty. */
export function splitKeywords(text: string): string[] {
  return text
    .split(/[,\n]/)
    .map((k) => k.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

/**
 * Adds keywords not yet in the list (case-insensitive), each cut to the longest allowed, until
 * the list holds the most allowed; returns the new list and whether some did not fit.
 */
export function addKeywords(
  list: string[],
  added: string[],
): { list: string[]; overflow: boolean } {
  const next = [...list];
  const seen = new Set(list.map((k) => k.toLowerCase()));
  let overflow = false;
  for (const raw of added) {
    const keyword = raw.slice(0, ONBOARDING_KEYWORD_MAX_LENGTH).trim();
    if (!keyword || seen.has(keyword.toLowerCase())) continue;
    if (next.length >= ONBOARDING_KEYWORDS_MAX) {
      overflow = true;
      break;
    }
    seen.add(keyword.toLowerCase());
    next.push(keyword);
  }
  return { list: next, overflow };
}
