// Deterministic relevance ranking for search.list.
//
// Ranking = BM25F-lite over three fields (title ×3, tags ×2, description ×1; k1 = 1.2, b = 0.75)
//         + a popularity prior 0.35·log10(1 + views) (videos) or 0.35·log10(1 + subscribers) (channels)
//         + 2 when the whole query appears in the title as a phrase
//         + 1 when relevanceLanguage matches the video's (primary) language
//         + 0.5 when regionCode matches the channel's country.
// Only documents containing at least one query term match; ties break by id, so the same corpus
// and query always give the same order. order=date / viewCount sort the matches instead.
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
  length: number;
  prior: number;
  titleLower: string;
  language?: string;
  country?: string;
  publishedAt: number;
  popularity: number;
}

interface Index {
  docs: Doc[];
  postings: Map<string, { doc: number; tf: number }[]>;
  avgLength: number;
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
  return { docs, postings, avgLength: docs.length ? total / docs.length : 1 };
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

/** The search engine over a corpus; indexes rebuild lazily when the corpus changed. */
export class SearchEngine {
  private videoIndex?: { version: number; index: Index; channelOf: Map<string, string> };
  private channelIndex?: { version: number; index: Index };
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
            length: 0,
            prior: 0.35 * Math.log10(1 + v.viewCount),
            titleLower: v.title.toLowerCase(),
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
          length: 0,
          prior: 0.35 * Math.log10(1 + c.subscriberCount),
          titleLower: c.title.toLowerCase(),
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
    const terms = [...new Set(tokenize(query.q))];
    const scores = new Map<number, number>();
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
        }
      }
    }
    const phrase = query.q.trim().toLowerCase();
    const language = query.relevanceLanguage?.split('-')[0]?.toLowerCase();
    const region = query.regionCode?.toUpperCase();
    const hits: (SearchHit & { doc: Doc })[] = [];
    for (const [i, base] of scores) {
      const doc = index.docs[i]!;
      if (query.channelId) {
        const owner = channelOf ? channelOf.get(doc.id) : doc.id;
        if (owner !== query.channelId) continue;
      }
      let score = base + doc.prior;
      if (phrase.length > 0 && doc.titleLower.includes(phrase)) score += 2;
      if (language && doc.language === language) score += 1;
      if (region && doc.country === region) score += 0.5;
      hits.push({ id: doc.id, score, doc });
    }
    const byId = (a: SearchHit, b: SearchHit) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    if (query.order === 'date')
      hits.sort((a, b) => b.doc.publishedAt - a.doc.publishedAt || byId(a, b));
    else if (query.order === 'viewCount')
      hits.sort((a, b) => b.doc.popularity - a.doc.popularity || byId(a, b));
    else hits.sort((a, b) => b.score - a.score || byId(a, b));
    return hits.map(({ id, score }) => ({ id, score }));
  }
}
