/** YouTube's hard limits on a video's metadata and how it measures them. */
import { codePointLength } from './text-measure.ts';

/** Platform hard limits (YouTube videos resource). */
export const PLATFORM_LIMITS = {
  TITLE_MAX_CHARS: 100,
  DESCRIPTION_MAX_BYTES: 5000,
  TAGS_MAX_CHARS: 500,
} as const;

/** Total tag length by YouTube's rule: tags joined by commas; a tag containing a space counts as quoted (+2). 'Foo-Baz' = 7, 'Foo Baz' = 9. */
export function platformTagsLength(tags: readonly string[]): number {
  if (tags.length === 0) return 0;
  const separators = tags.length - 1;
  let total = separators;
  for (const tag of tags) total += codePointLength(tag) + (tag.includes(' ') ? 2 : 0);
  return total;
}
