// DataForSEO-compatible keyword-data endpoints under {prefix}/v3/, served from the keyword model
// (keyword-data.ts). The wire format follows DataForSEO v3 and the official `dataforseo-client`
// models: the envelope {version, status_code, status_message, time, cost, tasks_count,
// tasks_error, tasks[]} with a task per posted task, HTTP 200 for everything except bad
// credentials (401, status_code 40100), unknown endpoints (404) and server errors (500).
// Request-level problems answer in the envelope (40000 more than one task, 40503 invalid POST
// data); problems of a task answer in the task (40501 "Invalid Field: '…'.") with tasks_error 1.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  FORBIDDEN_KEYWORD_CHARACTERS,
  KEYWORD_LANGUAGES,
  KEYWORD_LOCATIONS,
  KEYWORD_MAX_CHARACTERS,
  KEYWORD_MAX_WORDS,
  KeywordModel,
  normalizeKeyword,
  RELATED_DEPTH_LIMITS,
  type KeywordFigures,
  type Market,
} from './keyword-data.ts';
import { hashString } from './prng.ts';
import type { Switches } from './switches.ts';
import { registerSerpRoutes, type PostedSerpTask, type SerpSource } from './serp-routes.ts';

/** The API version the envelope reports. */
export const DATAFORSEO_VERSION = '0.1.20250526';
/** Status of an accepted request or task. */
export const OK = { status_code: 20000, status_message: 'Ok.' } as const;
/** DataForSEO's price of a Google Ads search-volume live task (USD). */
const SEARCH_VOLUME_COST = 0.075;
/** DataForSEO Labs: per task and per returned item (USD). */
const LABS_TASK_COST = 0.01;
const LABS_ITEM_COST = 0.0001;

/** Basic-auth credentials the emulated API accepts. */
export interface KeywordDataCredentials {
  login: string;
  password: string;
}

/** The credentials the emulator accepts unless told otherwise. */
export const EMULATOR_KEYWORD_DATA_CREDENTIALS: KeywordDataCredentials = {
  login: 'tubewise-emulator',
  password: 'tubewise-emulator-secret',
};

/** One call the emulated API answered (tests read them to count provider calls). */
export interface KeywordDataCall {
  path: string;
  /** Keywords of a search-volume task, or the seed of a Labs task. */
  keywords: string[];
  status: number;
  statusCode: number;
}

/** The emulated DataForSEO service: credentials, the model and the call ledger. */
export class KeywordDataEmulator {
  readonly model: KeywordModel;
  readonly credentials: KeywordDataCredentials;
  /** YouTube's organic results for a keyword in a market (the SERP endpoints). */
  readonly serp: SerpSource;
  /** Posted SERP tasks by id (the standard method: task_post, tasks_ready, task_get). */
  readonly serpTasks = new Map<string, PostedSerpTask>();
  private readonly switches: () => Switches;
  private readonly now: () => number;
  private readonly seed: string;
  private readonly ledger: KeywordDataCall[] = [];
  private taskCounter = 0;

  constructor(deps: {
    model: KeywordModel;
    credentials: KeywordDataCredentials;
    switches: () => Switches;
    now: () => number;
    seed: string;
    /** YouTube's search results for the SERP endpoints (none without it). */
    serp?: SerpSource;
  }) {
    this.serp = deps.serp ?? (() => ({ total: 0, videos: [] }));
    this.model = deps.model;
    this.credentials = deps.credentials;
    this.switches = deps.switches;
    this.now = deps.now;
    this.seed = deps.seed;
  }

  /** Every call answered since the start (or the last reset), oldest first. */
  calls(): KeywordDataCall[] {
    return [...this.ledger];
  }

  /** Forgets the ledger and the posted tasks. */
  reset(): void {
    this.ledger.length = 0;
    this.serpTasks.clear();
  }

  record(call: KeywordDataCall): void {
    this.ledger.push(call);
    if (this.ledger.length > 10_000) this.ledger.splice(0, this.ledger.length - 10_000);
  }

  /** A task id in DataForSEO's form (MMDDHHmm-xxxx-xxxx-0000-xxxxxxxxxxxx). */
  taskId(kind: number): string {
    const d = new Date(this.now());
    const two = (n: number) => String(n).padStart(2, '0');
    const n = ++this.taskCounter;
    const tail = (
      hashString(`${this.seed}:${n}`).toString(16).padStart(8, '0') +
      n.toString(16).padStart(4, '0')
    ).slice(-12);
    return `${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(d.getUTCHours())}${two(d.getUTCMinutes())}-1535-${String(kind).padStart(4, '0')}-0000-${tail}`;
  }

  switchesNow(): Switches {
    return this.switches();
  }

  nowMs(): number {
    return this.now();
  }
}

/** A JSON object. */
export type Json = Record<string, unknown>;

/** A task's outcome before it is put in the envelope. */
export interface TaskOutcome {
  statusCode: number;
  statusMessage: string;
  cost: number;
  result: unknown[] | null;
}

/** DataForSEO's duration text. */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(4)} sec.`;

/** The request-level envelope with no tasks (errors before any task ran). */
export function envelopeError(statusCode: number, statusMessage: string, started: number): Json {
  return {
    version: DATAFORSEO_VERSION,
    status_code: statusCode,
    status_message: statusMessage,
    time: seconds(performance.now() - started),
    cost: 0,
    tasks_count: 0,
    tasks_error: 0,
    tasks: null,
  };
}

/** Error messages DataForSEO uses. */
export const MESSAGES = {
  unauthorized:
    'You are not authorized to access this resource. See your login details here: https://app.dataforseo.com/api-access',
  oneTask: 'You can set only one task at a time.',
  postInvalid: 'POST Data Is Invalid.',
  notFound: 'Not Found.',
  internal: 'Internal Server Error.',
  field: (name: string) => `Invalid Field: '${name}'.`,
} as const;

/** A problem of one task, answered in the task. */
export class TaskError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}
/** Throws the task error of an invalid field. */
export const invalidField = (name: string): never => {
  throw new TaskError(40501, MESSAGES.field(name));
};

/** Reads location_code / location_name of a task; null = worldwide (when allowed). */
export function readLocation(task: Json, required: boolean): number | null {
  if (task.location_code !== undefined && task.location_code !== null) {
    const code = task.location_code;
    if (typeof code !== 'number' || !Number.isInteger(code) || !KeywordModel.location(code))
      invalidField('location_code');
    return code as number;
  }
  if (task.location_name !== undefined && task.location_name !== null) {
    const name = typeof task.location_name === 'string' ? task.location_name.toLowerCase() : '';
    const found = KEYWORD_LOCATIONS.find((l) => l.name.toLowerCase() === name);
    if (!found) return invalidField('location_name');
    return found.code;
  }
  if (required) invalidField('location_code');
  return null;
}

/** Reads language_code / language_name of a task; null = every language (when allowed). */
export function readLanguage(task: Json, required: boolean): string | null {
  if (task.language_code !== undefined && task.language_code !== null) {
    const code = typeof task.language_code === 'string' ? task.language_code.toLowerCase() : '';
    if (!(code in KEYWORD_LANGUAGES)) invalidField('language_code');
    return code;
  }
  if (task.language_name !== undefined && task.language_name !== null) {
    const name = typeof task.language_name === 'string' ? task.language_name.toLowerCase() : '';
    const found = Object.entries(KEYWORD_LANGUAGES).find(([, n]) => n.toLowerCase() === name);
    if (!found) return invalidField('language_name');
    return found[0];
  }
  if (required) invalidField('language_code');
  return null;
}

/** A keyword DataForSEO accepts: a non-empty string of ≤80 characters, ≤10 words, no symbols. */
function readKeyword(value: unknown, field: string): string {
  if (typeof value !== 'string') return invalidField(field);
  const keyword = normalizeKeyword(value);
  if (
    keyword.length === 0 ||
    keyword.length > KEYWORD_MAX_CHARACTERS ||
    keyword.split(' ').length > KEYWORD_MAX_WORDS ||
    FORBIDDEN_KEYWORD_CHARACTERS.test(keyword)
  )
    invalidField(field);
  return keyword;
}

/** An integer field of a task within [min, max], or the fallback when absent. */
export function readInteger(
  task: Json,
  field: string,
  min: number,
  max: number,
  fallback: number,
): number {
  const value = task[field];
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    invalidField(field);
  return value as number;
}

/** keyword_info of DataForSEO Labs. */
function keywordInfo(f: KeywordFigures, updated: string): Json {
  const [latest, , , quarter, , , , , , , , yearAgo] = f.monthlySearches;
  const percent = (now?: { search_volume: number }, then?: { search_volume: number }) =>
    now && then
      ? Math.round(((now.search_volume - then.search_volume) / then.search_volume) * 100)
      : null;
  return {
    se_type: 'google',
    last_updated_time: updated,
    competition: f.competitionIndex / 100,
    competition_level: f.competitionLevel,
    cpc: f.cpc,
    search_volume: f.searchVolume,
    low_top_of_page_bid: f.lowTopOfPageBid,
    high_top_of_page_bid: f.highTopOfPageBid,
    categories: null,
    monthly_searches: f.monthlySearches,
    search_volume_trend: {
      monthly: percent(latest, f.monthlySearches[1]),
      quarterly: percent(latest, quarter),
      yearly: percent(latest, yearAgo),
    },
  };
}

/** A KeywordDataInfo object of DataForSEO Labs. */
function keywordData(f: KeywordFigures, market: Market, updated: string): Json {
  return {
    se_type: 'google',
    keyword: f.keyword,
    location_code: market.locationCode,
    language_code: market.languageCode,
    keyword_info: keywordInfo(f, updated),
    keyword_info_normalized_with_bing: null,
    keyword_info_normalized_with_clickstream: null,
    clickstream_keyword_info: null,
    keyword_properties: {
      se_type: 'google',
      core_keyword: null,
      synonym_clustering_algorithm: null,
      keyword_difficulty: f.keywordDifficulty,
      detected_language: f.detectedLanguage ?? market.languageCode,
      is_another_language:
        f.detectedLanguage !== null &&
        market.languageCode !== null &&
        f.detectedLanguage !== market.languageCode,
      words_count: f.wordsCount,
    },
    serp_info: null,
    avg_backlinks_info: null,
    search_intent_info: null,
  };
}

/** "yyyy-mm-dd hh:mm:ss +00:00", DataForSEO's time format. */
export function dataforseoTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} +00:00`;
}

/**
 * Answers one call the way every endpoint does: credentials (401), the emulator's latency and
 * failure switches (500), then `handle`'s envelope with HTTP 200; every answer goes in the ledger.
 */
export async function guardedCall(
  service: KeywordDataEmulator,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string[],
  handle: (started: number) => { body: Json; keywords: string[] },
): Promise<FastifyReply> {
  const started = performance.now();
  const endpoint = `/${path.join('/')}`;
  const send = (status: number, body: Json, keywords: string[] = []) => {
    service.record({ path: endpoint, keywords, status, statusCode: body.status_code as number });
    return reply.code(status).type('application/json').send(body);
  };
  if (!authorized(request, service.credentials))
    return send(401, envelopeError(40100, MESSAGES.unauthorized, started));
  const switches = service.switchesNow();
  await switches.delay();
  if (switches.drawFailure()) return send(500, envelopeError(50000, MESSAGES.internal, started));
  const { body, keywords } = handle(started);
  return send(200, body, keywords);
}

/** Registers a single-task live endpoint (the envelope, credentials, switches and ledger). */
export type LiveRoute = (
  path: string[],
  kind: number,
  api: Json,
  run: (task: Json) => TaskOutcome,
  keywordsOf: (task: Json) => string[],
) => void;

/** Registers the endpoints; call inside the emulator plugin. */
export function registerKeywordDataRoutes(
  app: FastifyInstance,
  service: KeywordDataEmulator,
): void {
  void app.register(
    async (v3) => {
      v3.setNotFoundHandler((request, reply) => {
        const started = performance.now();
        return reply.code(404).send(envelopeError(40400, MESSAGES.notFound, started));
      });
      v3.setErrorHandler((error: FastifyError, _request, reply) => {
        const started = performance.now();
        if (error.statusCode === 400 || error.code?.startsWith('FST_ERR_CTP'))
          return reply.code(200).send(envelopeError(40503, MESSAGES.postInvalid, started));
        v3.log.error(error);
        return reply.code(500).send(envelopeError(50000, MESSAGES.internal, started));
      });

      const live: LiveRoute = (path, kind, api, run, keywordsOf) => {
        v3.post(`/${path.slice(1).join('/')}`, async (request, reply) =>
          answer(request, reply, path, kind, api, run, keywordsOf),
        );
      };

      function answer(
        request: FastifyRequest,
        reply: FastifyReply,
        path: string[],
        kind: number,
        api: Json,
        run: (task: Json) => TaskOutcome,
        keywordsOf: (task: Json) => string[],
      ): Promise<FastifyReply> {
        return guardedCall(service, request, reply, path, (started) => {
          const body = request.body;
          if (!Array.isArray(body) || body.length === 0 || !body.every(isObject))
            return { body: envelopeError(40503, MESSAGES.postInvalid, started), keywords: [] };
          if (body.length > 1)
            return { body: envelopeError(40000, MESSAGES.oneTask, started), keywords: [] };
          const task = body[0] as Json;
          const taskStarted = performance.now();
          let outcome: TaskOutcome;
          try {
            outcome = run(task);
          } catch (error) {
            if (!(error instanceof TaskError)) throw error;
            outcome = {
              statusCode: error.code,
              statusMessage: error.message,
              cost: 0,
              result: null,
            };
          }
          const failed = outcome.statusCode !== OK.status_code;
          const envelope = {
            version: DATAFORSEO_VERSION,
            ...OK,
            time: seconds(performance.now() - started),
            cost: outcome.cost,
            tasks_count: 1,
            tasks_error: failed ? 1 : 0,
            tasks: [
              {
                id: service.taskId(kind),
                status_code: outcome.statusCode,
                status_message: outcome.statusMessage,
                time: seconds(performance.now() - taskStarted),
                cost: outcome.cost,
                result_count: outcome.result?.length ?? 0,
                path,
                data: { ...api, ...task },
                result: outcome.result,
              },
            ],
          };
          return { body: envelope, keywords: keywordsOf(task) };
        });
      }

      const model = service.model;
      const updated = () => dataforseoTime(service.nowMs());

      live(
        ['v3', 'keywords_data', 'google_ads', 'search_volume', 'live'],
        139,
        { api: 'keywords_data', function: 'search_volume', se: 'google_ads' },
        (task) => {
          const raw = task.keywords;
          if (!Array.isArray(raw) || raw.length === 0 || raw.length > 1000)
            invalidField('keywords');
          const keywords = (raw as unknown[]).map((k) => readKeyword(k, 'keywords'));
          const market: Market = {
            locationCode: readLocation(task, false),
            languageCode: readLanguage(task, false),
          };
          const searchPartners = task.search_partners === true;
          const unique = [...new Set(keywords)];
          const result = unique.map((keyword) => {
            const f = model.figures(keyword, market);
            const partners = searchPartners ? 1.25 : 1;
            return {
              keyword,
              spell: null,
              location_code: market.locationCode,
              language_code: market.languageCode,
              search_partners: searchPartners,
              competition: f.competitionLevel,
              competition_index: f.competitionIndex,
              search_volume: Math.round(f.searchVolume * partners),
              low_top_of_page_bid: f.lowTopOfPageBid,
              high_top_of_page_bid: f.highTopOfPageBid,
              cpc: f.cpc,
              monthly_searches: f.monthlySearches.map((m) => ({
                ...m,
                search_volume: Math.round(m.search_volume * partners),
              })),
            };
          });
          return { statusCode: 20000, statusMessage: 'Ok.', cost: SEARCH_VOLUME_COST, result };
        },
        (task) => (Array.isArray(task.keywords) ? task.keywords.map(String) : []),
      );

      live(
        ['v3', 'dataforseo_labs', 'google', 'keyword_suggestions', 'live'],
        171,
        { api: 'dataforseo_labs', function: 'keyword_suggestions', se_type: 'google' },
        (task) => {
          const seed = readKeyword(task.keyword, 'keyword');
          const market: Market = {
            locationCode: readLocation(task, false),
            languageCode: readLanguage(task, false),
          };
          const limit = readInteger(task, 'limit', 1, 1000, 100);
          const offset = readInteger(task, 'offset', 0, 1_000_000, 0);
          const all = model.suggestions(seed, market, task.exact_match === true);
          const items = all
            .slice(offset, offset + limit)
            .map((f) => keywordData(f, market, updated()));
          return {
            statusCode: 20000,
            statusMessage: 'Ok.',
            cost: LABS_TASK_COST + LABS_ITEM_COST * items.length,
            result: [
              {
                se_type: 'google',
                seed_keyword: seed,
                seed_keyword_data:
                  task.include_seed_keyword === true
                    ? keywordData(model.figures(seed, market), market, updated())
                    : null,
                location_code: market.locationCode,
                language_code: market.languageCode,
                total_count: all.length,
                items_count: items.length,
                offset,
                offset_token: Buffer.from(`${seed}\u0000${offset + items.length}`).toString(
                  'base64url',
                ),
                items,
              },
            ],
          };
        },
        (task) => [String(task.keyword ?? '')],
      );

      live(
        ['v3', 'dataforseo_labs', 'google', 'related_keywords', 'live'],
        172,
        { api: 'dataforseo_labs', function: 'related_keywords', se_type: 'google' },
        (task) => {
          const seed = readKeyword(task.keyword, 'keyword');
          // Unlike the other two, related_keywords requires a location and a language.
          const market: Market = {
            locationCode: readLocation(task, true),
            languageCode: readLanguage(task, true),
          };
          const depth = readInteger(task, 'depth', 0, RELATED_DEPTH_LIMITS.length - 1, 1);
          const limit = readInteger(task, 'limit', 1, 1000, 100);
          const offset = readInteger(task, 'offset', 0, 1_000_000, 0);
          const related = model
            .related(seed, depth)
            .map((r) => ({ ...r, figures: model.figures(r.keyword, market) }))
            .sort(
              (a, b) =>
                b.figures.searchVolume - a.figures.searchVolume ||
                a.depth - b.depth ||
                (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0),
            );
          const items = related.slice(offset, offset + limit).map((r) => ({
            se_type: 'google',
            keyword_data: keywordData(r.figures, market, updated()),
            depth: r.depth,
            related_keywords: r.related,
          }));
          return {
            statusCode: 20000,
            statusMessage: 'Ok.',
            cost: LABS_TASK_COST + LABS_ITEM_COST * items.length,
            result: [
              {
                se_type: 'google',
                seed_keyword: seed,
                seed_keyword_data:
                  task.include_seed_keyword === true
                    ? keywordData(model.figures(seed, market), market, updated())
                    : null,
                location_code: market.locationCode,
                language_code: market.languageCode,
                total_count: related.length,
                items_count: items.length,
                items,
              },
            ],
          };
        },
        (task) => [String(task.keyword ?? '')],
      );

      registerSerpRoutes(v3, service, live);
    },
    { prefix: '/v3' },
  );
}

/** Whether a value is a JSON object. */
export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks HTTP Basic credentials. */
export function authorized(request: FastifyRequest, credentials: KeywordDataCredentials): boolean {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !header.startsWith('Basic ')) return false;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  return (
    decoded.slice(0, colon) === credentials.login &&
    decoded.slice(colon + 1) === credentials.password
  );
}
