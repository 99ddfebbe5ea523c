// Working titles for an idea: the phrase spelt as people spell it ("UFC 300", "iPhone 16"),
// in templates that fit what the phrase is (a question, a skill to learn, or a name or event).

/** The platform's longest title. */
const TITLE_MAX = 100;
/** Words written in lower case inside a title (unless they start it). */
const SMALL_WORDS = new Set(
  'a an the and or but nor of to in on at by for from with vs via as per'.split(' '),
);
/** Words that make a phrase a skill or a how-to (someone wants to learn or do it). */
const SKILL_WORDS = new Set(
  (
    'how recipe recipes tutorial tutorials guide guides tips tricks learn learning beginner ' +
    'beginners basics diy workout workouts routine routines technique techniques make making ' +
    'cook cooking bake baking build building fix fixing clean cleaning train training draw ' +
    'drawing paint painting grow growing setup install hacks ideas easy homemade lesson lessons'
  ).split(' '),
);

/** What a phrase is, for choosing title templates. */
export type PhraseKind = 'question' | 'skill' | 'name' | 'topic';

/** What the titles are built from. */
export interface TitleInput {
  /** The normalised phrase (lower case). */
  phrase: string;
  /** The year the titles say. */
  year: number;
  /** Whether the phrase asks a question. */
  question: boolean;
  /** Titles of videos about the phrase, to learn how its words are spelt. */
  sourceTitles?: readonly string[];
}

/**
 * The phrase's words as they are spelt in the source titles (the most common spelling of each,
 * ignoring shouted titles and shouted long words); unseen words get a capital, small words stay
 * lower case, and a word seen in capitals of 2–5 letters ("UFC", "DIY") keeps them.
 */
export function casePhrase(phrase: string, sourceTitles: readonly string[] = []): string {
  const spellings = new Map<string, Map<string, number>>();
  for (const title of sourceTitles) {
    const letters = title.replace(/[^\p{L}]/gu, '');
    // A title in capitals says nothing about how its words are spelt.
    if (letters.length > 8 && letters === letters.toUpperCase()) continue;
    for (const token of title.split(/[^\p{L}\p{N}'’.+-]+/u)) {
      const word = token.replace(/^[.'’+-]+|[.'’+-]+$/gu, '');
      if (!word) continue;
      const shouted = word.length > 5 && word === word.toUpperCase() && /\p{L}/u.test(word);
      if (shouted) continue;
      const lower = word.toLowerCase();
      const forms = spellings.get(lower) ?? new Map<string, number>();
      forms.set(word, (forms.get(word) ?? 0) + 1);
      spellings.set(lower, forms);
    }
  }
  return phrase
    .split(' ')
    .map((word, i) => {
      const forms = spellings.get(word);
      if (forms) {
        // The most common spelling; on a tie the one with more capitals (a name, an acronym).
        const [best] = [...forms].sort(
          (a, b) => b[1] - a[1] || capitals(b[0]) - capitals(a[0]) || (a[0] < b[0] ? -1 : 1),
        );
        const spelt = best![0];
        // A word seen only in lower case is still a title's word: capitalise it, unless small.
        if (spelt !== spelt.toLowerCase()) return spelt;
      }
      if (i > 0 && SMALL_WORDS.has(word)) return word;
      return word.length > 0 ? word[0]!.toUpperCase() + word.slice(1) : word;
    })
    .join(' ');
}

/**
 * What a phrase is: a question; a skill or how-to ("sourdough bread recipe", "baking"); a name,
 * event or product (a number, "vs", or a word the sources spell as an acronym or in mixed case:
 * "UFC", "iPhone", "McDonald's"); else a topic, whose titles suit a name as well.
 */
export function phraseKind(
  phrase: string,
  question: boolean,
  sourceTitles: readonly string[] = [],
): PhraseKind {
  if (question) return 'question';
  const words = phrase.split(' ');
  if (words.some((w) => SKILL_WORDS.has(w))) return 'skill';
  if (words.some((w) => /\d/.test(w) || w === 'vs')) return 'name';
  const cased = casePhrase(phrase, sourceTitles).split(' ');
  if (cased.some((w) => w.length > 1 && w.slice(1) !== w.slice(1).toLowerCase())) return 'name';
  return 'topic';
}

/** A few working titles built from the phrase (each within the platform's 100 characters). */
export function titleSuggestions(input: TitleInput): string[] {
  const { phrase, year, question, sourceTitles = [] } = input;
  const title = casePhrase(phrase, sourceTitles);
  const byKind: Record<PhraseKind, string[]> = {
    question: [
      `${title}? The Honest Answer`,
      `${title}? Everything You Need to Know (${year})`,
      `${title}? I Tested It So You Don't Have To`,
      `${title}? 5 Things Nobody Tells You`,
    ],
    skill: [
      `${title}: The Complete Beginner's Guide (${year})`,
      `${title} — 7 Mistakes to Avoid`,
      `I Tried ${title} for 30 Days: Here's What Happened`,
      `${title} Explained in 10 Minutes`,
      `The Best ${title} Tips Nobody Tells You`,
    ],
    name: [
      `${title}: Everything You Need to Know (${year})`,
      `${title} — What Happened and What Comes Next`,
      `${title} Explained in 10 Minutes`,
      `My Honest Reaction to ${title}`,
      `${title}: The Moments Everyone Is Talking About`,
    ],
    topic: [
      `${title}: Everything You Need to Know (${year})`,
      `${title} Explained in 10 Minutes`,
      `What Nobody Tells You About ${title}`,
      `${title}: The Full Story`,
      `Why Everyone Is Talking About ${title}`,
    ],
  };
  return byKind[phraseKind(phrase, question, sourceTitles)].filter((t) => t.length <= TITLE_MAX);
}

function capitals(word: string): number {
  let n = 0;
  for (const ch of word) if (ch !== ch.toLowerCase()) n++;
  return n;
}
