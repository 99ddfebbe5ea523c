import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  IDEA_LIST_SNAPSHOT_HOURS,
  IDEAS_FIRST_PAGE_SIZE,
  IDEAS_PAGE_SIZE,
  type DiscoverResponse,
  type Idea,
  type IdeaDetails,
  type KeywordSource,
  type SuggestedResponse,
} from '@tubewise/contract';
import type { Db } from '../../db/client.ts';
import { channels, platformCache, savedIdeas, videos } from '../../db/schema/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { ChannelCredentials, ChannelsService } from '../channels/index.ts';
import {
  isSendableKeyword,
  normalizeKeyword,
  sharesWord,
  marketOf,
  type DetailedKeywordMetrics,
  type KeywordsService,
} from '../keywords/index.ts';
import {
  regionOf,
  normaliseTerm,
  type RankedResult,
  type SearchInsight,
  type SearchInsights,
} from '../platform-search/index.ts';
import { RateLimitService, type Limit } from '../rate-limit/index.ts';
import type { VideoPlatform } from '../video-platform/index.ts';
import { IdeaFiguresStore, type IdeaFigures } from './idea-figures.ts';
import {
  opportunityReason,
  scoreOpportunity,
  trendChange,
  type TopResultFigures,
} from './opportunity.ts';
import { titleSuggestions } from './title-suggestions.ts';
import { inferTopics, INFERRED_TOPICS_MAX, TOPIC_VIDEOS_READ } from './topic-inference.ts';

/** How long a computed idea list is kept, so paging through it is stable. */
export const IDEA_LIST_TTL_MS = 30 * 60 * 1000;
/** Ideas kept per list: as many as the 50 pages the contract allows can show (11 + 49 · 10). */
export const IDEA_LIST_MAX = IDEAS_FIRST_PAGE_SIZE + 49 * IDEAS_PAGE_SIZE;
/** Tags of the videos ranking for a seed that become ideas. */
export const RANKING_TAGS_PER_SEED = 10;
/** Videos shown on the details page. */
export const RANKING_VIDEOS_SHOWN = 10;

/** Question words that make a keyword a question on their own (the keyword languages'). */
const QUESTION_WORDS = new Set(
  (
    'how what why when where which who whose whom ' +
    'wie warum wann wo welche welcher welches wieso weshalb ' +
    'comment pourquoi quand quel quelle quels quelles ' +
    'cómo qué cuándo dónde cuál cuáles quién ' +
    'quando onde qual quais ' +
    'perché come ' +
    'hoe wat waarom wanneer waar welke'
  ).split(' '),
);
/** Verbs that start a question in keywords of three words or more ("is bread vegan"). */
const QUESTION_VERBS = new Set('is are does should were ist sind'.split(' '));
/** Auxiliaries that start a question only when a subject follows ("can i…", not "can opener"). */
const QUESTION_AUXILIARIES = new Set(
  'can could do did will would shall may might has have kann'.split(' '),
);
/** Subjects that, after an auxiliary, make the keyword a question. */
const QUESTION_SUBJECTS = new Set(
  'i you we they it he she there this that these those my your our their the a an es man ich du'.split(
    ' ',
  ),
);

/** An idea as the list cache keeps it (savedIdeaIds are added per channel when shown). */
type ListedIdea = Omit<Idea, 'savedIdeaIds'>;
interface IdeaList {
  /** Names this computation: later pages ask for it by id (a snapshot kept for hours). */
  id: string;
  ideas: ListedIdea[];
  source: KeywordSource;
}
/** A computed list kept for paging by its id, with what it was computed for. */
interface IdeaSnapshot {
  list: IdeaList;
  seeds: string[];
  languageId: string;
}
const snapshotKey = (listId: string): string => `ideas:snapshot:${listId}`;

/** Where a candidate phrase came from. */
interface Candidate {
  phrase: string;
  origin: Idea['origin'];
  seed: string;
}

/**
 * Whether a normalised keyword asks a question: it starts with a question word ("what's"
 * counts as "what"), with "is/are/does/should…" and has three words or more, or with an
 * auxiliary followed by a subject ("can i freeze bread", but not "can opener review" or
 * "will smith movies"). A heuristic: keyword data has no punctuation to go by.
 */
export function isQuestion(keyword: string): boolean {
  const words = keyword.split(' ');
  const [first = '', second = ''] = words;
  const word = first.replace(/['’]s$/, '');
  if (QUESTION_WORDS.has(word)) return true;
  if (QUESTION_VERBS.has(word)) return words.length >= 3;
  return QUESTION_AUXILIARIES.has(word) && QUESTION_SUBJECTS.has(second);
}

/** Idea asks (discover, suggested, details) per person: each may cost paid keyword data and searches. */
export const IDEAS_LIMIT: Limit = { max: 60, windowSeconds: 60 };

/**
 * Video ideas from seed keywords: the keyword-data provider's suggestions for each seed (the
 * ones that ask a question are questions) and the tags of the videos ranking for it on the
 * platform (only videos about the seed lend tags; a tag sharing no word with the seeds is
 * dropped), scored by opportunity (opportunity.ts). A discover call spends at most one
 * keyword-data call per seed whose list is not cached plus one batched figures call for the
 * candidates without figures (none when all are cached), and at most one search per seed a day
 * (shared by everyone, SearchInsights); only ideas with figures are listed. An idea's figures
 * are computed once and shared by the list, its details and saving (IdeaFiguresStore); the
 * computed list is kept for 30 minutes so its pages are stable. Knows nothing of HTTP.
 */
export class IdeasService {
  private readonly db: Db;
  private readonly channels: ChannelsService;
  private readonly keywords: KeywordsService;
  private readonly insights: SearchInsights;
  private readonly platform: VideoPlatform;
  private readonly credentials: ChannelCredentials;
  private readonly clock: Clock;
  private readonly maxSeeds: number;

  private readonly limits: RateLimitService;
  private readonly figuresStore: IdeaFiguresStore;
  /** Idea lists being computed in this process, so concurrent asks share one computation. */
  private readonly computing = new Map<string, Promise<IdeaList>>();
  constructor(deps: {
    db: Db;
    channels: ChannelsService;
    keywords: KeywordsService;
    insights: SearchInsights;
    platform: VideoPlatform;
    credentials: ChannelCredentials;
    clock: Clock;
    /** The seed limit (IDEA_SEEDS_MAX). */
    maxSeeds: number;
    limits: RateLimitService;
  }) {
    this.limits = deps.limits;
    this.db = deps.db;
    this.channels = deps.channels;
    this.keywords = deps.keywords;
    this.insights = deps.insights;
    this.platform = deps.platform;
    this.credentials = deps.credentials;
    this.clock = deps.clock;
    this.maxSeeds = deps.maxSeeds;
    this.figuresStore = new IdeaFiguresStore({ db: deps.db, clock: deps.clock });
  }

  /**
   * One page of ideas for seed keywords: page 1 holds 11, every later page 10, in a stable
   * order (opportunity, then phrase) without duplicates across pages.
   *
   * @throws AppError 'not-found' when the person is not on the channel, 'too-many-seeds' above
   *   the seed limit, 'validation-failed' for an unknown language or seeds without words,
   *   'unavailable' when the provider fails for a seed with no cached list
   */
  async discover(
    userId: string,
    input: { channelId: string; seeds: string[]; language?: string; page: number; listId?: string },
  ): Promise<DiscoverResponse> {
    await this.throttle(userId);
    const settings = await this.channels.getSettings(userId, input.channelId);
    if (input.seeds.length > this.maxSeeds) {
      throw new AppError(
        'too-many-seeds',
        `Enter at most ${this.maxSeeds} seed keywords (you entered ${input.seeds.length}).`,
        { issues: [{ path: 'body.seeds', message: `At most ${this.maxSeeds} seed keywords` }] },
      );
    }
    const languageId = (input.language ?? settings.language).toLowerCase();
    marketOf(languageId);
    const seeds = usableSeeds(input.seeds);
    if (seeds.length === 0) {
      throw new AppError('validation-failed', 'Enter at least one seed keyword with words.', {
        issues: [{ path: 'body.seeds', message: 'No usable seed keyword' }],
      });
    }
    const list = input.listId
      ? await this.snapshot(input.listId, seeds, languageId)
      : await this.ideaList(input.channelId, seeds, languageId);
    const start = input.page === 1 ? 0 : IDEAS_FIRST_PAGE_SIZE + (input.page - 2) * IDEAS_PAGE_SIZE;
    const end = start + (input.page === 1 ? IDEAS_FIRST_PAGE_SIZE : IDEAS_PAGE_SIZE);
    return {
      listId: list.id,
      items: await this.withSaved(input.channelId, list.ideas.slice(start, end)),
      page: input.page,
      hasMore: end < list.ideas.length,
      total: list.ideas.length,
      languageId,
      source: list.source,
    };
  }

  /**
   * The first page of ideas seeded from the channel's settings (its topics, then industries,
   * up to the seed limit). A channel without topics gets topics inferred from its synced
   * videos (`topicsInferred`), so suggestions work from the first sync; no ideas when it has
   * neither topics, industries nor videos to infer them from.
   */
  async suggested(
    userId: string,
    channelId: string,
    options: { searchPlatform?: boolean } = {},
  ): Promise<SuggestedResponse> {
    const searchPlatform = options.searchPlatform ?? true;
    // Without searches (the weekly e-mail) nothing scarce is spent, so nothing is throttled.
    if (searchPlatform) await this.throttle(userId);
    const settings = await this.channels.getSettings(userId, channelId);
    const languageId = settings.language.toLowerCase();
    const inferred =
      settings.topics.length === 0
        ? (await this.inferredTopics(channelId)).slice(0, this.maxSeeds)
        : [];
    const topics = settings.topics.length > 0 ? settings.topics : inferred;
    const seeds = usableSeeds([...topics, ...settings.industries]).slice(0, this.maxSeeds);
    const topicsInferred = inferred.length > 0;
    if (seeds.length === 0) {
      return {
        seeds: [],
        topicsInferred,
        items: [],
        languageId,
        source: { name: '', fetchedAt: this.clock.now().toISOString() },
      };
    }
    const list = await this.ideaList(channelId, seeds, languageId, searchPlatform);
    return {
      seeds,
      topicsInferred,
      items: await this.withSaved(channelId, list.ideas.slice(0, IDEAS_FIRST_PAGE_SIZE)),
      languageId,
      source: list.source,
    };
  }

  /**
   * Topics of a channel inferred from its latest synced videos: their most used meaningful
   * tags and title phrases (topic-inference.ts), without the channel's own name.
   */
  async inferredTopics(channelId: string): Promise<string[]> {
    const [channel] = await this.db
      .select({ name: channels.name })
      .from(channels)
      .where(eq(channels.id, channelId));
    const rows = await this.db
      .select({ title: videos.title, tags: videos.tags })
      .from(videos)
      .where(eq(videos.channelId, channelId))
      .orderBy(desc(videos.publishedAt))
      .limit(TOPIC_VIDEOS_READ);
    return inferTopics(rows, { exclude: channel ? [channel.name] : [] }).slice(
      0,
      INFERRED_TOPICS_MAX,
    );
  }

  /**
   * An idea on its own: its figures and trend (fetched when not cached), the videos ranking
   * for it now (one search a day per phrase, shared), why it scores as it does, and titles.
   */
  async details(
    userId: string,
    input: { channelId: string; phrase: string; language?: string },
  ): Promise<IdeaDetails> {
    await this.throttle(userId);
    const settings = await this.channels.getSettings(userId, input.channelId);
    const languageId = (input.language ?? settings.language).toLowerCase();
    marketOf(languageId);
    const phrase = normalizeKeyword(input.phrase);
    if (!isSendableKeyword(phrase)) {
      throw new AppError(
        'validation-failed',
        'Enter a phrase of at most 80 characters and 10 words.',
        { issues: [{ path: 'query.phrase', message: 'Not a usable phrase' }] },
      );
    }
    // The figures the list showed (or anyone computed) for this idea, when still valid: one
    // idea has one set of figures everywhere.
    const stored = (await this.figuresStore.read(languageId, [phrase])).get(phrase);
    const [figures, insight] = await Promise.all([
      stored ? null : this.keywords.detailedMetrics([phrase], languageId),
      this.insights.forTerm(phrase, regionOf(languageId), this.videoReader(input.channelId)),
    ]);
    let ideaFigures = stored;
    if (!ideaFigures) {
      ideaFigures = this.figuresOf(figures!.items[0]!, topOf(insight), figures!.source);
      await this.figuresStore.write(languageId, new Map([[phrase, ideaFigures]]));
    }
    const question = isQuestion(phrase);
    const idea = ideaOf(
      { phrase, origin: question ? 'question' : 'related', seed: phrase },
      ideaFigures,
      languageId,
    );
    const [withSaved] = await this.withSaved(input.channelId, [idea]);
    return {
      idea: withSaved!,
      rankingVideos: (insight?.top ?? []).slice(0, RANKING_VIDEOS_SHOWN).map((v) => ({
        videoId: v.videoId,
        title: v.title,
        channelTitle: v.channelTitle,
        views: v.views,
        publishedAt: v.publishedAt,
        thumbnailUrl: v.thumbnailUrl,
        position: v.position,
      })),
      titleSuggestions: titleSuggestions({
        phrase,
        year: this.clock.now().getUTCFullYear(),
        question,
        sourceTitles: (insight?.top ?? []).filter((v) => v.relevant !== false).map((v) => v.title),
      }),
      source: ideaFigures.source,
    };
  }

  /**
   * Figures stored with a saved idea: the idea's figures as the list and details showed them;
   * for an idea nobody looked at, cached figures and today's cached search results only, so
   * saving never calls a provider.
   */
  async savedIdeaFigures(
    phrase: string,
    languageId: string,
  ): Promise<{
    volume: number | null;
    competition: number | null;
    opportunity: number;
    reason: string;
  }> {
    const keyword = normalizeKeyword(phrase);
    let figures = (await this.figuresStore.read(languageId, [keyword])).get(keyword);
    if (!figures) {
      const [cached, insights] = await Promise.all([
        this.keywords.cachedMetrics([keyword], languageId),
        this.insights.cachedForTerms([keyword], regionOf(languageId)),
      ]);
      figures = this.figuresOf(
        cached.items[0]!,
        topOf(insights.get(normaliseTerm(keyword)) ?? null),
        cached.source,
      );
    }
    return {
      volume: figures.volume,
      competition: figures.competition,
      opportunity: figures.opportunity,
      reason: figures.reason,
    };
  }

  /** Refuses a person asking for ideas faster than IDEAS_LIMIT (paid keyword data, search quota). */
  private async throttle(userId: string): Promise<void> {
    RateLimitService.assertAllowed(
      await this.limits.hit(`ideas:user:${userId}`, IDEAS_LIMIT),
      'Too many idea searches. Please wait a minute and try again.',
    );
  }

  /**
   * The list a `listId` names, for later pages; 409 'ideas-list-expired' once its snapshot is
   * gone, or when it was computed for other seeds or another language.
   */
  private async snapshot(listId: string, seeds: string[], languageId: string): Promise<IdeaList> {
    const [row] = await this.db
      .select()
      .from(platformCache)
      .where(eq(platformCache.key, snapshotKey(listId)));
    const value = row && row.expiresAt > this.clock.now() ? (row.value as IdeaSnapshot) : null;
    if (
      !value ||
      value.languageId !== languageId ||
      value.seeds.join('\u0000') !== seeds.join('\u0000')
    )
      throw new AppError(
        'ideas-list-expired',
        'These ideas were found a while ago and have been refreshed since: search again for the current list.',
      );
    return value.list;
  }

  /** The ordered idea list of seeds in a language, from the list cache or computed. */
  private async ideaList(
    channelId: string,
    seeds: string[],
    languageId: string,
    searchPlatform = true,
  ): Promise<IdeaList> {
    const now = this.clock.now();
    // v2: only ideas with figures, and the figures shared with details (IdeaFiguresStore).
    const key = `ideas:v2:${searchPlatform ? '' : 'cached:'}${languageId}:${createHash('sha256').update(seeds.join('\u0000')).digest('base64url')}`;
    const [cached] = await this.db.select().from(platformCache).where(eq(platformCache.key, key));
    if (cached && cached.expiresAt > now && (cached.value as IdeaList).id)
      return cached.value as IdeaList;
    // Two asks for the same uncached seeds (two tabs, two people) share one computation, so the
    // cost rule holds: one keyword-data request per uncached seed.
    let pending = this.computing.get(key);
    if (!pending) {
      pending = this.computeList(channelId, seeds, languageId, searchPlatform).finally(() =>
        this.computing.delete(key),
      );
      this.computing.set(key, pending);
    }
    const list = await pending;
    const snapshot: IdeaSnapshot = { list, seeds, languageId };
    await this.db
      .insert(platformCache)
      .values([
        { key, value: list, expiresAt: new Date(now.getTime() + IDEA_LIST_TTL_MS) },
        {
          key: snapshotKey(list.id),
          value: snapshot,
          expiresAt: new Date(now.getTime() + IDEA_LIST_SNAPSHOT_HOURS * 3600_000),
        },
      ])
      .onConflictDoUpdate({
        target: platformCache.key,
        set: { value: sql`excluded.value`, expiresAt: sql`excluded.expires_at` },
      });
    return list;
  }

  /**
   * Every idea of the seeds that carries figures, best first: per seed one suggestion list
   * (cached, or one provider call) and its search results (cached for the day, or one search);
   * candidates unrelated to the seeds are dropped, and the figures of those without any are
   * fetched in one batched call (none when all are cached). Ideas whose figures someone already
   * computed keep them (IdeaFiguresStore).
   */
  private async computeList(
    channelId: string,
    seeds: string[],
    languageId: string,
    searchPlatform: boolean,
  ): Promise<IdeaList> {
    const region = regionOf(languageId);
    const seedSet = new Set(seeds);
    const candidates = new Map<string, Candidate>();
    const seedInsights = new Map<string, SearchInsight | null>();
    const reader = this.videoReader(channelId);
    // Without platform searches, only the seeds' results someone already searched today count.
    const searchedToday = searchPlatform ? null : await this.insights.cachedForTerms(seeds, region);
    for (const seed of seeds) {
      const [suggestions, insight] = await Promise.all([
        this.keywords.suggestionList(seed, languageId),
        searchedToday
          ? (searchedToday.get(seed) ?? null)
          : this.insights.forTerm(seed, region, reader),
      ]);
      seedInsights.set(seed, insight);
      const add = (phrase: string, origin: Idea['origin']) => {
        if (!isSendableKeyword(phrase) || seedSet.has(phrase) || candidates.has(phrase)) return;
        // A top video's tag that shares no word with any seed ('baking' for "bagels") is about
        // something else.
        if (!seeds.some((s) => sharesWord(phrase, s))) return;
        candidates.set(phrase, { phrase, origin, seed });
      };
      for (const keyword of suggestions) add(keyword, isQuestion(keyword) ? 'question' : 'related');
      for (const tag of (insight?.topTags ?? []).slice(0, RANKING_TAGS_PER_SEED)) {
        add(normalizeKeyword(tag), 'ranking');
      }
    }
    const phrases = [...candidates.keys()];
    // Figures that stay valid while this list's snapshot lives are reused as they are.
    const listLife = IDEA_LIST_SNAPSHOT_HOURS * 3_600_000;
    const stored = await this.figuresStore.read(
      languageId,
      phrases,
      new Date(this.clock.now().getTime() + listLife),
    );
    const missing = phrases.filter((p) => !stored.has(p));
    const [figures, ownInsights] = await Promise.all([
      // One call for every candidate without fresh figures; a failing provider leaves them
      // unknown (and so unlisted) rather than failing the list.
      this.keywords.detailedMetrics(missing, languageId, { partial: true }),
      this.insights.cachedForTerms(missing, region),
    ]);
    const byPhrase = new Map(figures.items.map((f) => [f.keyword, f]));
    const computed = new Map<string, IdeaFigures>();
    for (const phrase of missing) {
      const c = candidates.get(phrase)!;
      // Today's results of the phrase itself when someone searched it; else its seed's, and
      // the reason says so.
      const own = ownInsights.get(phrase);
      const seedInsight = seedInsights.get(c.seed) ?? null;
      const f = this.figuresOf(
        byPhrase.get(phrase) ?? emptyFigures(phrase),
        topOf(own ?? seedInsight),
        figures.source,
      );
      if (f.volume === null) continue;
      if (!own && seedInsight)
        f.reason = `${f.reason} (top results judged by those for “${c.seed}”)`;
      computed.set(phrase, f);
    }
    await this.figuresStore.write(languageId, computed);
    const ideas: ListedIdea[] = [];
    let source: KeywordSource | null = null;
    for (const c of candidates.values()) {
      const f = stored.get(c.phrase) ?? computed.get(c.phrase);
      // Every idea shown carries figures.
      if (!f || f.volume === null) continue;
      ideas.push(ideaOf(c, f, languageId));
      if (!source || f.source.fetchedAt < source.fetchedAt) source = f.source;
    }
    ideas.sort(
      (a, b) =>
        b.opportunity - a.opportunity || (a.phrase < b.phrase ? -1 : a.phrase > b.phrase ? 1 : 0),
    );
    return {
      id: randomUUID(),
      ideas: ideas.slice(0, IDEA_LIST_MAX),
      source: source ?? figures.source,
    };
  }

  /** An idea's figures: its keyword figures and the opportunity scored now from them. */
  private figuresOf(
    figures: DetailedKeywordMetrics,
    top: TopResultFigures[] | null,
    source: KeywordSource,
  ): IdeaFigures {
    const factors = scoreOpportunity({
      volume: figures.volume,
      competition: figures.competition,
      topResults: top,
      now: this.clock.now(),
    });
    return {
      volume: figures.volume,
      competition: figures.competition,
      trend: figures.monthly,
      trendChange: trendChange(figures.monthly),
      opportunity: factors.opportunity,
      factors: {
        demand: factors.demand,
        openness: factors.openness,
        weakTopResults: factors.weakTopResults,
      },
      reason: opportunityReason(factors, {
        volume: figures.volume !== null,
        competition: figures.competition !== null,
        topResults: top !== null,
      }),
      source,
    };
  }

  /** Adds the ids of the channel's saved ideas with the same phrase and language. */
  private async withSaved(channelId: string, ideas: ListedIdea[]): Promise<Idea[]> {
    if (ideas.length === 0) return [];
    const rows = await this.db
      .select({ id: savedIdeas.id, languageId: savedIdeas.languageId, key: savedIdeas.phraseKey })
      .from(savedIdeas)
      .where(
        and(
          eq(savedIdeas.channelId, channelId),
          inArray(
            savedIdeas.phraseKey,
            ideas.map((i) => i.phrase),
          ),
        ),
      );
    return ideas.map((idea) => ({
      ...idea,
      savedIdeaIds: rows
        .filter((r) => r.key === idea.phrase && r.languageId === idea.languageId)
        .map((r) => r.id),
    }));
  }

  /** Reads the top videos' tags and views as the channel (videos.list, 1 unit per 50). */
  private videoReader(channelId: string) {
    return (ids: string[]) =>
      this.credentials.withToken(channelId, (token) =>
        this.platform.getVideos(token, ids.slice(0, 50)),
      );
  }
}

/** Seeds normalised like keywords, distinct, in the order typed; unusable ones dropped. */
function usableSeeds(seeds: readonly string[]): string[] {
  return [...new Set(seeds.map(normalizeKeyword))].filter(isSendableKeyword);
}

/** The ranking videos' figures of an insight (null when the results are unknown). */
function topOf(insight: SearchInsight | null): TopResultFigures[] | null {
  if (!insight) return null;
  if (!insight.top) return insight.resultIds.length === 0 ? [] : null;
  return insight.top.map((v: RankedResult) => ({ views: v.views, publishedAt: v.publishedAt }));
}

/** A candidate with its figures, as the list and the details page show it. */
function ideaOf(candidate: Candidate, figures: IdeaFigures, languageId: string): ListedIdea {
  const { source: _source, ...shown } = figures;
  return {
    id: `${languageId}:${candidate.phrase}`,
    phrase: candidate.phrase,
    languageId,
    ...shown,
    origin: candidate.origin,
    seed: candidate.seed,
  };
}

function emptyFigures(keyword: string): DetailedKeywordMetrics {
  return { keyword, volume: null, competition: null, cpc: null, monthly: [] };
}
