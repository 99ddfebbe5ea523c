// The keyword-data model behind the emulated DataForSEO endpoints (keyword-data-routes.ts).
//
// Every figure is derived deterministically from the corpus, the emulator seed, the phrase and
// the market (location × language), so the same request always answers the same figures:
//
// - Phrases are the n-grams (1–4 words) of public video titles and every video tag, lower-cased.
// - Search volume of a corpus phrase grows with the videos that mention it (m), their average
//   views (v̄) and the channels competing for it (c), and falls with its length (w words):
//       base = 4 · m^0.75 · (1 + log10(1 + v̄))² · (1 + 0.1·c) / w^0.8 · jitter(0.85–1.2)
//   then × the location's market size × how well the language fits, rounded to Google Ads'
//   volume buckets (10, 20, 30, 40, 50, 70, 90, 110, 140, …). A phrase the corpus never uses
//   gets a small hashed volume (10 to a few hundred), so everything a person types has figures.
// - Competition index (0–100) rises with the channels that use the phrase: 100·(1 − e^(−c/8));
//   LOW below 34, MEDIUM below 67, HIGH from 67 (Google Ads' thirds).
// - CPC (USD) = niche factor × location CPC factor × (0.1 + 2.4·(index/100)^1.3) × jitter; the
//   top-of-page bids are 0.4× and 1.9× the CPC.
// - Monthly searches: the last 12 complete months, newest first, around the volume with a
//   hashed seasonal curve.
// - Suggestions: corpus phrases containing every word of the seed (or the exact phrase), by
//   volume. Related keywords: tags and title phrases of the videos that mention the seed, by how
//   many of those videos share them weighted by rarity (count · idf²), expanded breadth-first to
//   the requested depth.
import type { Corpus } from './corpus/corpus.ts';
import type { VideoRecord } from './corpus/types.ts';
import { hashString } from './prng.ts';

/** A location the emulated keyword data knows (Google Ads geo-target country codes). */
export interface KeywordLocation {
  code: number;
  /** DataForSEO's location_name. */
  name: string;
  /** ISO country code. */
  country: string;
  /** Share of United States search volume. */
  market: number;
  /** Multiplier of United States CPCs. */
  cpc: number;
  /** Languages people in this location search in (ISO 639-1). */
  languages: string[];
}

/** Countries with keyword data (the product's keyword languages and more). */
export const KEYWORD_LOCATIONS: readonly KeywordLocation[] = [
  { code: 2840, name: 'United States', country: 'US', market: 1, cpc: 1, languages: ['en', 'es'] },
  { code: 2826, name: 'United Kingdom', country: 'GB', market: 0.22, cpc: 0.85, languages: ['en'] },
  { code: 2124, name: 'Canada', country: 'CA', market: 0.13, cpc: 0.8, languages: ['en', 'fr'] },
  { code: 2036, name: 'Australia', country: 'AU', market: 0.09, cpc: 0.85, languages: ['en'] },
  { code: 2356, name: 'India', country: 'IN', market: 0.45, cpc: 0.12, languages: ['en', 'hi'] },
  { code: 2372, name: 'Ireland', country: 'IE', market: 0.02, cpc: 0.7, languages: ['en'] },
  { code: 2554, name: 'New Zealand', country: 'NZ', market: 0.02, cpc: 0.7, languages: ['en'] },
  { code: 2250, name: 'France', country: 'FR', market: 0.15, cpc: 0.6, languages: ['fr'] },
  { code: 2276, name: 'Germany', country: 'DE', market: 0.2, cpc: 0.75, languages: ['de'] },
  { code: 2040, name: 'Austria', country: 'AT', market: 0.02, cpc: 0.6, languages: ['de'] },
  {
    code: 2756,
    name: 'Switzerland',
    country: 'CH',
    market: 0.025,
    cpc: 0.9,
    languages: ['de', 'fr', 'it'],
  },
  { code: 2724, name: 'Spain', country: 'ES', market: 0.12, cpc: 0.4, languages: ['es'] },
  { code: 2484, name: 'Mexico', country: 'MX', market: 0.12, cpc: 0.2, languages: ['es'] },
  { code: 2032, name: 'Argentina', country: 'AR', market: 0.05, cpc: 0.15, languages: ['es'] },
  { code: 2076, name: 'Brazil', country: 'BR', market: 0.2, cpc: 0.25, languages: ['pt'] },
  { code: 2620, name: 'Portugal', country: 'PT', market: 0.03, cpc: 0.35, languages: ['pt'] },
  { code: 2380, name: 'Italy', country: 'IT', market: 0.1, cpc: 0.45, languages: ['it'] },
  { code: 2528, name: 'Netherlands', country: 'NL', market: 0.05, cpc: 0.7, languages: ['nl'] },
  { code: 2616, name: 'Poland', country: 'PL', market: 0.06, cpc: 0.25, languages: ['pl'] },
  { code: 2752, name: 'Sweden', country: 'SE', market: 0.03, cpc: 0.7, languages: ['sv'] },
  { code: 2392, name: 'Japan', country: 'JP', market: 0.2, cpc: 0.6, languages: ['ja'] },
  { code: 2410, name: 'South Korea', country: 'KR', market: 0.1, cpc: 0.5, languages: ['ko'] },
  { code: 2643, name: 'Russia', country: 'RU', market: 0.15, cpc: 0.1, languages: ['ru'] },
  { code: 2792, name: 'Turkey', country: 'TR', market: 0.1, cpc: 0.1, languages: ['tr'] },
];

/** Languages with keyword data: ISO 639-1 code → DataForSEO's language_name. */
export const KEYWORD_LANGUAGES: Readonly<Record<string, string>> = {
  en: 'English',
  fr: 'French',
  de: 'German',
  es: 'Spanish',
  pt: 'Portuguese',
  it: 'Italian',
  nl: 'Dutch',
  pl: 'Polish',
  sv: 'Swedish',
  ja: 'Japanese',
  ko: 'Korean',
  ru: 'Russian',
  hi: 'Hindi',
  tr: 'Turkish',
};

/** Search volume of all locations together (requests without a location). */
const WORLDWIDE_MARKET = 2.6;

/** The CPC factor of a niche (channels' niche keys in corpus/niches.ts). */
const NICHE_CPC: Readonly<Record<string, number>> = {
  techReviews: 2.2,
  fitness: 1.4,
  travel: 1.3,
  languages: 1.2,
  tutorials3d: 1.1,
  vanLife: 1,
  campCooking: 0.8,
  baking: 0.7,
  gardening: 0.9,
  yoga: 1.1,
  garageScience: 0.6,
  retroRepair: 0.7,
};

/** Google Ads rounds average monthly searches to these values. */
const VOLUME_BUCKETS = [
  10, 20, 30, 40, 50, 70, 90, 110, 140, 170, 210, 260, 320, 390, 480, 590, 720, 880, 1000, 1300,
  1600, 1900, 2400, 2900, 3600, 4400, 5400, 6600, 8100, 9900, 12100, 14800, 18100, 22200, 27100,
  33100, 40500, 49500, 60500, 74000, 90500, 110000, 135000, 165000, 201000, 246000, 301000, 368000,
  450000, 550000, 673000, 823000, 1000000, 1220000, 1500000, 1830000, 2240000, 2740000, 3350000,
  4090000, 5000000, 6120000, 7480000, 9140000, 11100000, 13600000, 16600000, 20400000, 24900000,
  30400000, 37200000, 45500000, 55600000, 68000000, 83100000, 101000000, 124000000, 151000000,
];

/** The nearest Google Ads volume bucket (in log space); never below 10. */
export function volumeBucket(value: number): number {
  if (!(value > 10)) return 10;
  const target = Math.log(value);
  let best = VOLUME_BUCKETS[0]!;
  for (const bucket of VOLUME_BUCKETS) {
    if (Math.abs(Math.log(bucket) - target) < Math.abs(Math.log(best) - target)) best = bucket;
    if (bucket > value) break;
  }
  return best;
}

const STOPWORDS = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'of',
  'to',
  'in',
  'on',
  'for',
  'with',
  'is',
  'it',
  'my',
  'your',
  'at',
  'by',
  'from',
  'this',
  'that',
  'i',
  'you',
  'we',
  'vs',
]);

/** Words a phrase may not end with (nor start with, except question words). */
const BOUNDARY_WORDS = new Set([
  'under',
  'over',
  'than',
  'about',
  'into',
  'like',
  'just',
  'are',
  'was',
  'be',
  'can',
  'do',
  'does',
  'so',
  'but',
  'if',
  'not',
  'no',
  'as',
  'its',
  'our',
  'their',
  'every',
  'any',
  'all',
  'before',
  'after',
  'these',
  'those',
  'some',
  'such',
  'much',
  'many',
  'more',
  'most',
  'very',
  'really',
]);
const QUESTION_WORDS = new Set(['how', 'what', 'why', 'when', 'where', 'which', 'who']);

/** Where a title splits into parts no phrase crosses: | : ( ) [ ] ! ? . , ; " / and spaced dashes. */
const TITLE_SEPARATORS = /\s[-–—]\s|[|:()[\]!?.,;"/]+/u;

/** Whether a run of title words makes a keyword phrase (no dangling little words). */
function isPhrase(words: string[]): boolean {
  const first = words[0]!;
  const last = words[words.length - 1]!;
  if (STOPWORDS.has(first) || STOPWORDS.has(last)) return false;
  if (BOUNDARY_WORDS.has(first) || BOUNDARY_WORDS.has(last) || QUESTION_WORDS.has(last))
    return false;
  if (words.length === 1 && (first.length < 3 || QUESTION_WORDS.has(first))) return false;
  return !words.every((w) => /^\p{N}+$/u.test(w));
}

/** Characters Google Ads refuses in keywords (DataForSEO answers 40501 for them). */
export const FORBIDDEN_KEYWORD_CHARACTERS = /[!@%^*()={};~`<>?\\|,]/;
/** DataForSEO's limits of one keyword. */
export const KEYWORD_MAX_CHARACTERS = 80;
export const KEYWORD_MAX_WORDS = 10;

/** A keyword as DataForSEO echoes it: lower case, trimmed, single spaces. */
export function normalizeKeyword(keyword: string): string {
  return keyword.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}

/** The words of a text, lower case (apostrophes inside words kept, diacritics kept). */
export function keywordWords(text: string): string[] {
  const out: string[] = [];
  for (const raw of text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)) {
    const word = raw.replace(/^'+|'+$/g, '');
    if (word) out.push(word);
  }
  return out;
}

/** A market: where and in which language people search (null = all). */
export interface Market {
  locationCode: number | null;
  languageCode: string | null;
}

/** One month of searches. */
export interface MonthlySearches {
  year: number;
  month: number;
  search_volume: number;
}

/** The figures of one keyword in one market. */
export interface KeywordFigures {
  keyword: string;
  searchVolume: number;
  competitionIndex: number;
  competitionLevel: 'LOW' | 'MEDIUM' | 'HIGH';
  cpc: number;
  lowTopOfPageBid: number;
  highTopOfPageBid: number;
  /** The last 12 complete months, newest first. */
  monthlySearches: MonthlySearches[];
  keywordDifficulty: number;
  wordsCount: number;
  /** The language most videos using the phrase are in (null for phrases the corpus lacks). */
  detectedLanguage: string | null;
}

interface PhraseStats {
  videos: number;
  views: number;
  channels: number;
  lastChannel: string;
  niche: string;
  language: string;
}

interface VideoPhrases {
  /** Every word of the title and tags (for matching a seed). */
  words: Set<string>;
  /** Candidate related keywords: the tags and 2–3 word title phrases. */
  related: string[];
}

interface ModelIndex {
  version: number;
  phrases: Map<string, PhraseStats>;
  /** word → phrases containing it. */
  phrasesByWord: Map<string, string[]>;
  videos: VideoPhrases[];
  /** word → ordinals of the videos whose title or tags contain it. */
  videosByWord: Map<string, number[]>;
  relatedCache: Map<string, string[]>;
}

const RELATED_PER_KEYWORD = 8;
/** How many keywords each depth of related_keywords reaches at most (DataForSEO's figures). */
export const RELATED_DEPTH_LIMITS = [1, 8, 72, 584, 4680] as const;

/** The keyword-data model over a corpus; the index rebuilds lazily when the corpus changed. */
export class KeywordModel {
  private readonly corpus: () => Corpus;
  private readonly seed: string;
  private readonly asOf: () => number;
  private index?: ModelIndex;

  /**
   * @param corpus the live corpus (a function: reset() replaces it)
   * @param seed the emulator seed (jitter and unknown phrases)
   * @param asOf the instant "now" for the monthly series (epoch ms)
   */
  constructor(corpus: () => Corpus, seed: string, asOf: () => number) {
    this.corpus = corpus;
    this.seed = seed;
    this.asOf = asOf;
  }

  /** The location of a code, or undefined when there is no keyword data for it. */
  static location(code: number): KeywordLocation | undefined {
    return KEYWORD_LOCATIONS.find((l) => l.code === code);
  }

  private build(): ModelIndex {
    const corpus = this.corpus();
    corpus.ensureAll();
    if (this.index && this.index.version === corpus.version) return this.index;
    const phrases = new Map<string, PhraseStats>();
    const videos: VideoPhrases[] = [];
    const videosByWord = new Map<string, number[]>();
    for (const video of corpus.allVideos()) {
      if (video.privacyStatus !== 'public') continue;
      const entry = this.videoPhrases(video);
      const ordinal = videos.length;
      videos.push({ words: entry.words, related: entry.related });
      for (const word of entry.words) {
        let list = videosByWord.get(word);
        if (!list) videosByWord.set(word, (list = []));
        list.push(ordinal);
      }
      const channel = corpus.getChannel(video.channelId);
      const language = (video.defaultLanguage ?? video.defaultAudioLanguage ?? 'en')
        .split('-')[0]!
        .toLowerCase();
      for (const phrase of entry.phrases) {
        let stats = phrases.get(phrase);
        if (!stats) {
          stats = {
            videos: 0,
            views: 0,
            channels: 0,
            lastChannel: '',
            niche: channel?.niche ?? '',
            language,
          };
          phrases.set(phrase, stats);
        }
        stats.videos++;
        stats.views += video.viewCount;
        // Videos arrive channel by channel, so counting changes of channel counts channels.
        if (stats.lastChannel !== video.channelId) {
          stats.channels++;
          stats.lastChannel = video.channelId;
        }
      }
    }
    const phrasesByWord = new Map<string, string[]>();
    for (const phrase of phrases.keys()) {
      for (const word of new Set(phrase.split(' '))) {
        let list = phrasesByWord.get(word);
        if (!list) phrasesByWord.set(word, (list = []));
        list.push(phrase);
      }
    }
    this.index = {
      version: corpus.version,
      phrases,
      phrasesByWord,
      videos,
      videosByWord,
      relatedCache: new Map(),
    };
    return this.index;
  }

  private videoPhrases(video: VideoRecord): {
    phrases: Set<string>;
    words: Set<string>;
    related: string[];
  } {
    const phrases = new Set<string>();
    const words = new Set<string>();
    const related = new Set<string>();
    // Phrases never cross a title's separators ("Campfire Pizza | Easy Camp Cooking").
    for (const segment of video.title.split(TITLE_SEPARATORS)) {
      const title = keywordWords(segment);
      for (const word of title) words.add(word);
      for (let n = 1; n <= 4; n++) {
        for (let i = 0; i + n <= title.length; i++) {
          const gram = title.slice(i, i + n);
          if (!isPhrase(gram)) continue;
          const phrase = gram.join(' ');
          phrases.add(phrase);
          if (n >= 2 && n <= 3) related.add(phrase);
        }
      }
    }
    for (const tag of video.tags) {
      const tagWords = keywordWords(tag);
      if (tagWords.length === 0 || tagWords.length > 6) continue;
      const phrase = tagWords.join(' ');
      phrases.add(phrase);
      related.add(phrase);
      for (const word of tagWords) {
        words.add(word);
        if (!STOPWORDS.has(word) && word.length >= 3) phrases.add(word);
      }
    }
    return { phrases, words, related: [...related] };
  }

  /** A deterministic number in [0, 1) for a phrase and a purpose. */
  private hash(...parts: (string | number)[]): number {
    return hashString([this.seed, ...parts].join('\u0000')) / 4294967296;
  }

  /** Whether the corpus uses a phrase (a keyword with corpus-based figures). */
  knows(keyword: string): boolean {
    return this.build().phrases.has(keywordWords(keyword).join(' '));
  }

  /** The figures of one keyword in a market. */
  figures(keyword: string, market: Market): KeywordFigures {
    const { phrases } = this.build();
    const words = keywordWords(keyword);
    const phrase = words.join(' ');
    const wordsCount = Math.max(1, words.length);
    const stats = phrases.get(phrase);
    const location =
      market.locationCode === null ? undefined : KeywordModel.location(market.locationCode);
    const marketSize = location ? location.market : WORLDWIDE_MARKET;
    const cpcFactor = location ? location.cpc : 0.8;
    const jitter = 0.85 + 0.35 * this.hash(phrase, 'volume');

    let base: number;
    let competition: number;
    let niche = 1;
    let languageFit = 1;
    if (stats) {
      const averageViews = stats.views / stats.videos;
      base =
        (4 *
          stats.videos ** 0.75 *
          (1 + Math.log10(1 + averageViews)) ** 2 *
          (1 + 0.1 * stats.channels)) /
        wordsCount ** 0.8;
      competition =
        100 * (1 - Math.exp(-stats.channels / 8)) * (0.8 + 0.4 * this.hash(phrase, 'c'));
      niche = NICHE_CPC[stats.niche] ?? 1;
      if (market.languageCode !== null && market.languageCode !== stats.language)
        languageFit = 0.15;
    } else {
      base = (10 + 400 * this.hash(phrase, 'unknown') ** 3) / wordsCount ** 0.8;
      competition = 35 * this.hash(phrase, 'c');
    }
    if (
      location &&
      market.languageCode !== null &&
      !location.languages.includes(market.languageCode)
    )
      languageFit *= 0.3;
    const searchVolume = volumeBucket(base * jitter * marketSize * languageFit);
    const competitionIndex = Math.max(0, Math.min(100, Math.round(competition)));
    const cpc = round2(
      niche *
        cpcFactor *
        (0.1 + 2.4 * (competitionIndex / 100) ** 1.3) *
        (0.8 + 0.4 * this.hash(phrase, 'cpc')),
    );
    return {
      keyword: normalizeKeyword(keyword),
      searchVolume,
      competitionIndex,
      competitionLevel: competitionIndex < 34 ? 'LOW' : competitionIndex < 67 ? 'MEDIUM' : 'HIGH',
      cpc,
      lowTopOfPageBid: round2(cpc * 0.4),
      highTopOfPageBid: round2(cpc * 1.9),
      monthlySearches: this.monthly(phrase, searchVolume),
      keywordDifficulty: Math.max(
        0,
        Math.min(100, Math.round(competitionIndex * 0.5 + Math.log10(1 + searchVolume) * 8)),
      ),
      wordsCount,
      detectedLanguage: stats ? stats.language : null,
    };
  }

  private monthly(phrase: string, volume: number): MonthlySearches[] {
    const now = new Date(this.asOf());
    const phase = 12 * this.hash(phrase, 'season');
    const amplitude = 0.1 + 0.25 * this.hash(phrase, 'amplitude');
    const out: MonthlySearches[] = [];
    for (let back = 1; back <= 12; back++) {
      const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
      const month = date.getUTCMonth() + 1;
      const seasonal = 1 + amplitude * Math.sin((2 * Math.PI * (month + phase)) / 12);
      out.push({
        year: date.getUTCFullYear(),
        month,
        search_volume: volumeBucket(volume * seasonal),
      });
    }
    return out;
  }

  /**
   * Corpus phrases containing every word of the seed (with `exactMatch`, the seed as a phrase),
   * the seed itself excluded, by search volume in the market (then alphabetically).
   */
  suggestions(seed: string, market: Market, exactMatch = false): KeywordFigures[] {
    const { phrasesByWord } = this.build();
    const words = [...new Set(keywordWords(seed))];
    const seedPhrase = keywordWords(seed).join(' ');
    if (words.length === 0) return [];
    const lists = words.map((w) => phrasesByWord.get(w) ?? []);
    lists.sort((a, b) => a.length - b.length);
    const rest = lists.slice(1).map((l) => new Set(l));
    const candidates = lists[0]!.filter(
      (p) =>
        p !== seedPhrase &&
        rest.every((s) => s.has(p)) &&
        (!exactMatch || ` ${p} `.includes(` ${seedPhrase} `)),
    );
    return this.byVolume(candidates, market);
  }

  /** The phrases most often used together with a keyword (its top related keywords). */
  relatedOf(keyword: string): string[] {
    const index = this.build();
    const phrase = keywordWords(keyword).join(' ');
    const cached = index.relatedCache.get(phrase);
    if (cached) return cached;
    const words = [...new Set(phrase.split(' ').filter(Boolean))];
    let matching: number[] = [];
    if (words.length > 0) {
      const lists = words.map((w) => index.videosByWord.get(w) ?? []);
      lists.sort((a, b) => a.length - b.length);
      const rest = lists.slice(1).map((l) => new Set(l));
      matching = lists[0]!.filter((v) => rest.every((s) => s.has(v)));
    }
    const counts = new Map<string, number>();
    for (const ordinal of matching) {
      for (const candidate of index.videos[ordinal]!.related) {
        if (candidate === phrase) continue;
        counts.set(candidate, (counts.get(candidate) ?? 0) + 1);
      }
    }
    // Co-occurrence weighted by rarity, so specific phrases beat the generic tags of a niche.
    const total = index.videos.length;
    const score = (p: string, count: number) =>
      count * Math.log(1 + total / (index.phrases.get(p)?.videos ?? 1)) ** 2;
    const popularity = (p: string) => index.phrases.get(p)?.views ?? 0;
    const related = [...counts]
      .map(([p, count]): [string, number] => [p, score(p, count)])
      .sort(
        (a, b) =>
          b[1] - a[1] ||
          popularity(b[0]) - popularity(a[0]) ||
          (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0),
      )
      .slice(0, RELATED_PER_KEYWORD)
      .map(([p]) => p);
    if (index.relatedCache.size > 20_000) index.relatedCache.clear();
    index.relatedCache.set(phrase, related);
    return related;
  }

  /**
   * Related keywords breadth-first from a seed: depth 1 holds the seed's top related keywords,
   * depth 2 theirs, and so on (each keyword once, at its shallowest depth).
   */
  related(seed: string, depth: number): { keyword: string; depth: number; related: string[] }[] {
    const seedPhrase = keywordWords(seed).join(' ');
    const seen = new Set([seedPhrase]);
    const out: { keyword: string; depth: number; related: string[] }[] = [];
    let frontier = [seedPhrase];
    // Depth 0 is the seed alone; depth d reaches at most 8 + 8² + … keywords.
    const max = depth <= 0 ? 0 : RELATED_DEPTH_LIMITS[Math.min(4, depth)]!;
    for (let level = 1; level <= depth && out.length < max; level++) {
      const next: string[] = [];
      for (const keyword of frontier) {
        for (const candidate of this.relatedOf(keyword)) {
          if (seen.has(candidate) || out.length >= max) continue;
          seen.add(candidate);
          out.push({ keyword: candidate, depth: level, related: this.relatedOf(candidate) });
          next.push(candidate);
        }
      }
      frontier = next;
    }
    return out;
  }

  private byVolume(phrases: string[], market: Market): KeywordFigures[] {
    return phrases
      .map((p) => this.figures(p, market))
      .sort(
        (a, b) =>
          b.searchVolume - a.searchVolume ||
          (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0),
      );
  }
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
