// Deterministic relevance ranking for search.list, shaped like YouTube's for keyword queries.
//
// Which documents match: those containing every query term (terms: tokenize below, so stop words
// do not count). Only when no document contains them all do partial matches come back, the ones
// containing the most terms first; so "ufc 300 press conference" never returns a soccer press
// conference while UFC 300 press conferences exist.
// Order (order=relevance), among the matches:
//   1. the whole query as a phrase (its terms consecutive and in order) in the title, then in a
//      tag, then in the description, then nowhere;
//   2. score = BM25F-lite over three fields (title ×3, tags ×2, description ×1; k1 = 1.2,
//      b = 0.75) + a popularity prior 0.35·log10(1 + views) (videos) or 0.35·log10(1 +
//      subscribers) (channels) + 1 when relevanceLanguage matches the video's (primary) language
//      + 0.5 when regionCode matches the channel's country;
//   3. id, so the same corpus and query always give the same order.
// order=date / viewCount sort the same matches by date or views instead.
import type { Corpus } from './corpus/corpus.ts';
import type { ChannelRecord, VideoRecord } from './corpus/types.ts';

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
]);
const K1 = 1.2;
const B = 0.75;
const FIELD_WEIGHTS = { title: 3, tags: 2, description: 1 } as const;
/** Search can page through at most this many results, as on YouTube. */
export const SEARCH_MAX_RESULTS_REACHABLE = 500;

/** Splits text into normalised terms (lower case, no diacritics, naive plural stemming). */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  const normalized = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
  for (const raw of normalized.split(/[^\p{L}\p{N}]+/u)) {
    if (!raw || STOPWORDS.has(raw)) continue;
    let term = raw;
    if (term.length > 4 && term.endsWith('ies')) term = `${term.slice(0, -3)}y`;
    else if (term.length > 3 && term.endsWith('s') && !term.endsWith('ss'))
      term = term.slice(0, -1);
    out.push(term);
  }
  return out;
}

interface Doc {
  id: string;
  /** The texts phrase matching looks at (tags: one entry per tag; channels: their keywords). */
  title: string;
  tags: readonly string[];
  description: string;
  length: number;
  prior: number;
  language?: string;
  country?: string;
  publishedAt: number;
  popularity: number;
}

interface Index {
  docs: Doc[];
  postings: Map<string, { doc: number; tf: number }[]>;
  avgLength: number;
  /** Term sequences of a document's fields, computed on first phrase check. */
  sequences: Map<number, { title: string[]; tags: string[][]; description: string[] }>;
}

/** Where the whole query occurs as a phrase: 3 title, 2 a tag, 1 description, 0 nowhere. */
export type PhrasePlace = 0 | 1 | 2 | 3;

function containsSequence(haystack: readonly string[], needle: readonly string[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** Where a query's terms (in order, consecutive) occur in a document's fields. */
export function phrasePlace(
  phrase: readonly string[],
  fields: {
    title: readonly string[];
    tags: readonly (readonly string[])[];
    description: readonly string[];
  },
): PhrasePlace {
  if (phrase.length === 0) return 0;
  if (containsSequence(fields.title, phrase)) return 3;
  if (fields.tags.some((tag) => containsSequence(tag, phrase))) return 2;
  if (containsSequence(fields.description, phrase)) return 1;
  return 0;
}

function buildIndex(entries: { doc: Doc; fields: [string, number][] }[]): Index {
  const postings = new Map<string, { doc: number; tf: number }[]>();
  const docs: Doc[] = [];
  let total = 0;
  entries.forEach(({ doc, fields }, i) => {
    const tf = new Map<string, number>();
    let length = 0;
    for (const [text, weight] of fields) {
      for (const term of tokenize(text)) {
        tf.set(term, (tf.get(term) ?? 0) + weight);
        length += weight;
      }
    }
    doc.length = length;
    total += length;
    docs.push(doc);
    for (const [term, f] of tf) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push({ doc: i, tf: f });
    }
  });
  return { docs, postings, avgLength: docs.length ? total / docs.length : 1, sequences: new Map() };
}

/** A search query as search.list receives it. */
export interface SearchQuery {
  q: string;
  type: 'video' | 'channel';
  order: 'relevance' | 'date' | 'viewCount';
  regionCode?: string;
  relevanceLanguage?: string;
  channelId?: string;
}

/** A ranked hit. */
export interface SearchHit {
  id: string;
  score: number;
}

/** Answers kept per index version (the daily SERP asks the same queries day after day). */
const ANSWERS_KEPT = 2000;

/** The search engine over a corpus; indexes rebuild lazily when the corpus changed. */
export class SearchEngine {
  private videoIndex?: { version: number; index: Index; channelOf: Map<string, string> };
  private channelIndex?: { version: number; index: Index };
  /** Recent answers: a pure function of the query and the corpus version they were built on. */
  private answers?: { version: number; byQuery: Map<string, SearchHit[]> };
  private readonly corpus: Corpus;

  constructor(corpus: Corpus) {
    this.corpus = corpus;
  }

  private videos(): { index: Index; channelOf: Map<string, string> } {
    this.corpus.ensureAll();
    if (this.videoIndex?.version !== this.corpus.version) {
      const all = [...this.corpus.allVideos()];
      const channelOf = new Map<string, string>();
      const entries = all
        .filter((v: VideoRecord) => v.privacyStatus === 'public')
        .map((v: VideoRecord) => {
          channelOf.set(v.id, v.channelId);
          const doc: Doc = {
            id: v.id,
            title: v.title,
            tags: v.tags,
            description: v.description,
            length: 0,
            prior: 0.35 * Math.log10(1 + v.viewCount),
            country: this.corpus.getChannel(v.channelId)?.country,
            publishedAt: v.publishedAt,
            popularity: v.viewCount,
          };
          const language = v.defaultLanguage ?? v.defaultAudioLanguage;
          if (language) doc.language = language.split('-')[0]!.toLowerCase();
          return {
            doc,
            fields: [
              [v.title, FIELD_WEIGHTS.title],
              [v.tags.join(' '), FIELD_WEIGHTS.tags],
              [v.description, FIELD_WEIGHTS.description],
            ] as [string, number][],
          };
        });
      this.videoIndex = { version: this.corpus.version, index: buildIndex(entries), channelOf };
    }
    return this.videoIndex;
  }

  private channels(): Index {
    this.corpus.ensureAll();
    if (this.channelIndex?.version !== this.corpus.version) {
      const entries = [...this.corpus.channels.values()].map((c: ChannelRecord) => ({
        doc: {
          id: c.id,
          title: c.title,
          tags: c.keywords ? [c.keywords] : [],
          description: c.description,
          length: 0,
          prior: 0.35 * Math.log10(1 + c.subscriberCount),
          language: c.defaultLanguage?.split('-')[0]?.toLowerCase(),
          country: c.country,
          publishedAt: c.publishedAt,
          popularity: c.subscriberCount,
        } as Doc,
        fields: [
          [c.title, FIELD_WEIGHTS.title],
          [c.keywords, FIELD_WEIGHTS.tags],
          [c.description, FIELD_WEIGHTS.description],
        ] as [string, number][],
      }));
      this.channelIndex = { version: this.corpus.version, index: buildIndex(entries) };
    }
    return this.channelIndex.index;
  }

  /** Ranks the corpus for a query; returns every matching id, best first. */
  search(query: SearchQuery): SearchHit[] {
    let index: Index;
    let channelOf: Map<string, string> | undefined;
    if (query.type === 'channel') index = this.channels();
    else ({ index, channelOf } = this.videos());
    const { version } = this.corpus;
    if (this.answers?.version !== version) this.answers = { version, byQuery: new Map() };
    const key = JSON.stringify([
      query.q,
      query.type,
      query.order,
      query.regionCode ?? null,
      query.relevanceLanguage ?? null,
      query.channelId ?? null,
    ]);
    const known = this.answers.byQuery.get(key);
    if (known) return [...known];
    const hits = this.rank(query, index, channelOf);
    if (this.answers.byQuery.size >= ANSWERS_KEPT) this.answers.byQuery.clear();
    this.answers.byQuery.set(key, hits);
    return [...hits];
  }

  private rank(
    query: SearchQuery,
    index: Index,
    channelOf: Map<string, string> | undefined,
  ): SearchHit[] {
    const phrase = tokenize(query.q);
    const terms = [...new Set(phrase)];
    const scores = new Map<number, number>();
    const matched = new Map<number, number>();
    if (terms.length === 0) {
      index.docs.forEach((_d, i) => scores.set(i, 0));
    } else {
      const n = index.docs.length;
      for (const term of terms) {
        const list = index.postings.get(term);
        if (!list) continue;
        const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
        for (const { doc, tf } of list) {
          const d = index.docs[doc]!;
          const norm = tf + K1 * (1 - B + (B * d.length) / index.avgLength);
          scores.set(doc, (scores.get(doc) ?? 0) + (idf * (tf * (K1 + 1))) / norm);
          matched.set(doc, (matched.get(doc) ?? 0) + 1);
        }
      }
    }
    const language = query.relevanceLanguage?.split('-')[0]?.toLowerCase();
    const region = query.regionCode?.toUpperCase();
    type Ranked = SearchHit & { doc: Doc; ordinal: number; coverage: number; place: PhrasePlace };
    let hits: Ranked[] = [];
    for (const [i, base] of scores) {
      const doc = index.docs[i]!;
      if (query.channelId) {
        const owner = channelOf ? channelOf.get(doc.id) : doc.id;
        if (owner !== query.channelId) continue;
      }
      let score = base + doc.prior;
      if (language && doc.language === language) score += 1;
      if (region && doc.country === region) score += 0.5;
      hits.push({ id: doc.id, score, doc, ordinal: i, coverage: matched.get(i) ?? 0, place: 0 });
    }
    // Documents with every term, when there are any; otherwise the best partial matches first.
    if (hits.some((h) => h.coverage === terms.length))
      hits = hits.filter((h) => h.coverage === terms.length);
    if (query.order === 'relevance' && phrase.length > 0) {
      for (const hit of hits)
        if (hit.coverage === terms.length) hit.place = this.place(index, hit, phrase);
    }
    const byId = (a: SearchHit, b: SearchHit) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    if (query.order === 'date')
      hits.sort((a, b) => b.doc.publishedAt - a.doc.publishedAt || byId(a, b));
    else if (query.order === 'viewCount')
      hits.sort((a, b) => b.doc.popularity - a.doc.popularity || byId(a, b));
    else
      hits.sort(
        (a, b) => b.coverage - a.coverage || b.place - a.place || b.score - a.score || byId(a, b),
      );
    return hits.map(({ id, score }) => ({ id, score }));
  }

  private place(
    index: Index,
    hit: { doc: Doc; ordinal: number },
    phrase: readonly string[],
  ): PhrasePlace {
    let sequences = index.sequences.get(hit.ordinal);
    if (!sequences) {
      sequences = {
        title: tokenize(hit.doc.title),
        tags: hit.doc.tags.map((t) => tokenize(t)),
        description: tokenize(hit.doc.description),
      };
      index.sequences.set(hit.ordinal, sequences);
    }
    return phrasePlace(phrase, sequences);
  }
}
