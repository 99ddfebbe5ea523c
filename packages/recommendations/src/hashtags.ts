/** Hashtags as YouTube links them in a description. */

// A hashtag starts a word (so URL fragments like example.com/#top are not hashtags) and needs a
// letter: "#1" in "our #1 tip" is a rank, not a tag.
const HASHTAG_RE = /(?<=^|\s)#([\p{L}\p{M}\p{N}_]*\p{L}[\p{L}\p{M}\p{N}_]*)/gu;

/** The unique hashtags of a text ("#seo"), first spelling kept, compared case-insensitively. */
export function findHashtags(text: string): string[] {
  const seen = new Set<string>();
  const hashtags: string[] = [];
  for (const match of text.normalize('NFC').matchAll(HASHTAG_RE)) {
    const key = match[0].toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    hashtags.push(match[0]);
  }
  return hashtags;
}
