// YouTube's tag budget: ≤500 characters in total, the commas between tags count, and a tag that
// contains a space counts as if it were quoted (platform-facts.md, "Video metadata limits").

/** The maximum of the tag budget. */
export const TAGS_MAX_TOTAL_CHARACTERS = 500;

/** Characters one tag uses in the budget: its code points, plus 2 quotes when it has a space. */
export function tagCost(tag: string): number {
  const length = [...tag].length;
  return /\s/.test(tag) ? length + 2 : length;
}

/** Characters a list of tags uses: every tag's cost plus one comma between neighbours. */
export function tagsTotalLength(tags: readonly string[]): number {
  if (tags.length === 0) return 0;
  let total = tags.length - 1;
  for (const tag of tags) total += tagCost(tag);
  return total;
}
