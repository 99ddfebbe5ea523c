// DataForSEO-compatible YouTube organic results (SERP API) under {prefix}/v3/serp/youtube/organic/:
// live/advanced (one task, answered at once), and the standard method for daily batches:
// task_post (up to 100 tasks a call), tasks_ready (the finished tasks not yet collected) and
// task_get/advanced/{id}. Results come from the emulator's YouTube search (search-index.ts), so
// a video whose title, tags or description were optimised for a keyword moves up for it.
// The shapes follow the official client's models (SerpYoutubeOrganic*ResultInfo,
// SerpApiYoutubeVideoElementItem).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  guardedCall,
  DATAFORSEO_VERSION,
  dataforseoTime,
  envelopeError,
  invalidField,
  isObject,
  MESSAGES,
  OK,
  readInteger,
  readLanguage,
  readLocation,
  seconds,
  TaskError,
  type Json,
  type KeywordDataEmulator,
  type LiveRoute,
} from './keyword-data-routes.ts';
import { KeywordModel } from './keyword-data.ts';

/** One video of YouTube's results, as the emulator's corpus knows it. */
export interface SerpVideo {
  videoId: string;
  title: string;
  description: string;
  channelId: string;
  channelName: string;
  viewCount: number;
  /** Epoch ms. */
  publishedAt: number;
  durationSeconds: number;
  thumbnailUrl: string;
}

/** A SERP request in the emulator's terms. */
export interface SerpQuery {
  keyword: string;
  /** ISO 3166 country of the location. */
  country: string;
  languageCode: string;
  depth: number;
}

/** YouTube's results for a query: how many matched in all, and the first `depth` videos. */
export type SerpSource = (query: SerpQuery) => { total: number; videos: SerpVideo[] };

/** A task posted with task_post, answered when collected. */
export interface PostedSerpTask {
  id: string;
  data: Json;
  postedAt: number;
  result: Json;
  cost: number;
  /** Collected with task_get (it then leaves tasks_ready). */
  collected: boolean;
}

/** The default and largest number of results a task asks for (DataForSEO's block_depth). */
export const SERP_DEFAULT_DEPTH = 20;
export const SERP_MAX_DEPTH = 700;
/** The longest keyword the SERP API takes. */
const SERP_KEYWORD_MAX_CHARACTERS = 700;
/** Tasks per task_post call, and ids per tasks_ready answer. */
export const SERP_MAX_TASKS_PER_POST = 100;
const TASKS_READY_MAX = 1000;
/** DataForSEO's prices per 20 results (USD): standard queue and live. */
const STANDARD_COST_PER_PAGE = 0.0006;
const LIVE_COST_PER_PAGE = 0.002;
const API = { api: 'serp', function: 'task_get', se: 'youtube', se_type: 'organic' } as const;
const ENDPOINT = ['v3', 'serp', 'youtube', 'organic'];

const costOf = (depth: number, perPage: number) =>
  Math.round(Math.ceil(depth / 20) * perPage * 1e6) / 1e6;

/** A SERP keyword: a non-empty string of at most 700 characters (kept as sent, trimmed). */
function readSerpKeyword(task: Json): string {
  const value = task.keyword;
  if (typeof value !== 'string') return invalidField('keyword');
  const keyword = value.replace(/\s+/g, ' ').trim();
  if (keyword.length === 0 || keyword.length > SERP_KEYWORD_MAX_CHARACTERS) invalidField('keyword');
  return keyword;
}

/** The query of a task; location and language are required, as on DataForSEO. */
function readQuery(task: Json): SerpQuery & { locationCode: number } {
  const keyword = readSerpKeyword(task);
  const locationCode = readLocation(task, true)!;
  const languageCode = readLanguage(task, true)!;
  const depth = readInteger(task, 'block_depth', 1, SERP_MAX_DEPTH, SERP_DEFAULT_DEPTH);
  const country = KeywordModel.location(locationCode)!.country;
  return { keyword, locationCode, country, languageCode, depth };
}

/** "h:mm:ss" or "m:ss", as YouTube shows a duration. */
function durationText(total: number): string {
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** YouTube's relative age ("3 weeks ago"). */
function ageText(publishedAt: number, now: number): string {
  const days = Math.max(0, Math.floor((now - publishedAt) / 86_400_000));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'} ago`;
  if (days >= 365) return unit(Math.floor(days / 365), 'year');
  if (days >= 30) return unit(Math.floor(days / 30), 'month');
  if (days >= 7) return unit(Math.floor(days / 7), 'week');
  if (days >= 1) return unit(days, 'day');
  return unit(Math.max(1, Math.floor((now - publishedAt) / 3_600_000)), 'hour');
}

/** The words of the keyword found in a text, as YouTube bolds them. */
function highlighted(keyword: string, text: string): string[] {
  const lower = text.toLowerCase();
  return [...new Set(keyword.toLowerCase().split(' '))].filter(
    (w) => w.length > 1 && lower.includes(w),
  );
}

/** The result object of one SERP (SerpYoutubeOrganic…ResultInfo). */
function serpResult(
  query: SerpQuery & { locationCode: number },
  source: SerpSource,
  now: number,
): Json {
  const { total, videos } = source(query);
  const items = videos.slice(0, query.depth).map((v, i) => ({
    type: 'youtube_video',
    rank_group: i + 1,
    rank_absolute: i + 1,
    block_rank: i + 1,
    block_name: null,
    title: v.title,
    url: `https://www.youtube.com/watch?v=${v.videoId}`,
    video_id: v.videoId,
    thumbnail_url: v.thumbnailUrl,
    channel_id: v.channelId,
    channel_name: v.channelName,
    channel_url: `https://www.youtube.com/channel/${v.channelId}`,
    channel_logo: null,
    description: v.description.slice(0, 160),
    highlighted: highlighted(query.keyword, `${v.title} ${v.description}`),
    badges: [],
    is_live: false,
    is_shorts: v.durationSeconds <= 60,
    is_movie: false,
    views_count: v.viewCount,
    publication_date: ageText(v.publishedAt, now),
    timestamp: dataforseoTime(v.publishedAt),
    duration_time: durationText(v.durationSeconds),
    duration_time_seconds: v.durationSeconds,
  }));
  const search = new URLSearchParams({
    search_query: query.keyword,
    gl: query.country,
    hl: query.languageCode,
  });
  return {
    keyword: query.keyword,
    type: 'organic',
    se_domain: 'youtube.com',
    location_code: query.locationCode,
    language_code: query.languageCode,
    check_url: `https://www.youtube.com/results?${search}`,
    datetime: dataforseoTime(now),
    spell: null,
    item_types: items.length > 0 ? ['youtube_video'] : [],
    se_results_count: total,
    items_count: items.length,
    items,
  };
}

/** Registers the SERP endpoints inside the /v3 plugin of the keyword-data routes. */
export function registerSerpRoutes(
  v3: FastifyInstance,
  service: KeywordDataEmulator,
  live: LiveRoute,
): void {
  live(
    [...ENDPOINT, 'live', 'advanced'],
    66,
    { ...API, function: 'live' },
    (task) => {
      const query = readQuery(task);
      return {
        statusCode: OK.status_code,
        statusMessage: OK.status_message,
        cost: costOf(query.depth, LIVE_COST_PER_PAGE),
        result: [serpResult(query, service.serp, service.nowMs())],
      };
    },
    (task) => [String(task.keyword ?? '')],
  );

  const guarded = (
    request: FastifyRequest,
    reply: FastifyReply,
    path: string[],
    handle: Parameters<typeof guardedCall>[4],
  ) => guardedCall(service, request, reply, path, handle);

  const envelope = (started: number, tasks: Json[]): Json => ({
    version: DATAFORSEO_VERSION,
    ...OK,
    time: seconds(performance.now() - started),
    cost: Math.round(tasks.reduce((sum, t) => sum + (t.cost as number), 0) * 1e6) / 1e6,
    tasks_count: tasks.length,
    tasks_error: tasks.filter((t) => t.status_code !== 20000 && t.status_code !== 20100).length,
    tasks,
  });

  const postPath = [...ENDPOINT, 'task_post'];
  v3.post(`/${postPath.slice(1).join('/')}`, (request, reply) =>
    guarded(request, reply, postPath, (started) => {
      const body = request.body;
      if (!Array.isArray(body) || body.length === 0 || !body.every(isObject))
        return { body: envelopeError(40503, MESSAGES.postInvalid, started), keywords: [] };
      if (body.length > SERP_MAX_TASKS_PER_POST)
        return {
          body: envelopeError(40006, 'You can set only 100 tasks at a time.', started),
          keywords: [],
        };
      const keywords: string[] = [];
      const tasks = (body as Json[]).map((task) => {
        const taskStarted = performance.now();
        const id = service.taskId(66);
        const base = { id, time: '', path: postPath, data: { ...API, ...task } };
        try {
          const query = readQuery(task);
          keywords.push(query.keyword);
          const now = service.nowMs();
          const cost = costOf(query.depth, STANDARD_COST_PER_PAGE);
          service.serpTasks.set(id, {
            id,
            data: base.data,
            postedAt: now,
            result: serpResult(query, service.serp, now),
            cost,
            collected: false,
          });
          return {
            ...base,
            status_code: 20100,
            status_message: 'Task Created.',
            time: seconds(performance.now() - taskStarted),
            cost,
            result_count: 0,
            result: null,
          };
        } catch (error) {
          if (!(error instanceof TaskError)) throw error;
          return {
            ...base,
            status_code: error.code,
            status_message: error.message,
            time: seconds(performance.now() - taskStarted),
            cost: 0,
            result_count: 0,
            result: null,
          };
        }
      });
      return { body: envelope(started, tasks), keywords };
    }),
  );

  const readyPath = [...ENDPOINT, 'tasks_ready'];
  v3.get(`/${readyPath.slice(1).join('/')}`, (request, reply) =>
    guarded(request, reply, readyPath, (started) => {
      const ready = [...service.serpTasks.values()]
        .filter((t) => !t.collected)
        .slice(0, TASKS_READY_MAX)
        .map((t) => ({
          id: t.id,
          se: 'youtube',
          se_type: 'organic',
          date_posted: dataforseoTime(t.postedAt),
          tag: typeof t.data.tag === 'string' ? t.data.tag : null,
          endpoint_regular: null,
          endpoint_advanced: `/v3/serp/youtube/organic/task_get/advanced/${t.id}`,
          endpoint_html: null,
        }));
      const task = {
        id: service.taskId(66),
        status_code: 20000,
        status_message: 'Ok.',
        time: seconds(performance.now() - started),
        cost: 0,
        result_count: ready.length,
        path: readyPath,
        data: { api: 'serp', function: 'tasks_ready', se: 'youtube' },
        result: ready,
      };
      return { body: envelope(started, [task]), keywords: [] };
    }),
  );

  const getPath = [...ENDPOINT, 'task_get', 'advanced'];
  v3.get<{ Params: { id: string } }>(`/${getPath.slice(1).join('/')}/:id`, (request, reply) =>
    guarded(request, reply, [...getPath, request.params.id], (started) => {
      const posted = service.serpTasks.get(request.params.id);
      const base = {
        id: request.params.id,
        time: seconds(performance.now() - started),
        cost: 0,
        path: [...getPath, request.params.id],
      };
      if (!posted) {
        const task = {
          ...base,
          status_code: 40400,
          status_message: MESSAGES.notFound,
          result_count: 0,
          data: { ...API },
          result: null,
        };
        return { body: envelope(started, [task]), keywords: [] };
      }
      posted.collected = true;
      const task = {
        ...base,
        status_code: 20000,
        status_message: 'Ok.',
        result_count: 1,
        data: posted.data,
        result: [posted.result],
      };
      return { body: envelope(started, [task]), keywords: [String(posted.data.keyword ?? '')] };
    }),
  );
}
