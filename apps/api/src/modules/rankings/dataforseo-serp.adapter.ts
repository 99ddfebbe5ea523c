// The only code that talks to a search-results provider: DataForSEO v3's YouTube organic SERP
// (serp/youtube/organic) through its official client, pointed by base URL at DataForSEO or at the
// emulator. live/advanced answers one check at once; task_post, tasks_ready and
// task_get/advanced are the standard queue for the daily batch (about a third of the price).
import {
  dataForSeoEnvelope,
  dataForSeoHttp,
  dataForSeoTaskResults,
  KeywordDataError,
  normalizeKeyword,
  throwIfTaskFailed,
  type DataForSeoConnection,
  type DataForSeoEnvelope,
} from '../keywords/index.ts';
import type {
  Collected,
  QueuedCheck,
  Serp,
  SerpProvider,
  SerpQuery,
  SerpVideo,
} from './serp-provider.port.ts';

/** Options of the adapter: the connection and the provider's name. */
export interface DataForSeoSerpOptions extends DataForSeoConnection {
  /** The provider's name as people see it next to the results. */
  name: string;
}

// The client's .d.ts files import their models without extensions, which NodeNext cannot
// follow: these mirror SerpYoutubeOrganicLiveAdvancedResultInfo, SerpApiYoutubeVideoElementItem
// and SerpYoutubeOrganicTasksReadyResultInfo for the fields we read.
interface ResultInfo {
  keyword?: string;
  location_code?: number;
  language_code?: string;
  datetime?: string;
  se_results_count?: number;
  items?: ItemInfo[] | null;
}
interface ItemInfo {
  type?: string;
  rank_group?: number;
  video_id?: string;
  title?: string;
  channel_id?: string;
  channel_name?: string;
  views_count?: number | null;
  timestamp?: string | null;
  thumbnail_url?: string | null;
  is_shorts?: boolean | null;
}
interface ReadyInfo {
  id?: string;
  tag?: string | null;
}

/** The SerpApi methods we use (typed by the mirrors above). */
interface Client {
  youtubeOrganicLiveAdvanced(body: object[]): Promise<DataForSeoEnvelope<ResultInfo> | null>;
  youtubeOrganicTaskPost(body: object[]): Promise<DataForSeoEnvelope<never> | null>;
  youtubeOrganicTasksReady(): Promise<DataForSeoEnvelope<ReadyInfo> | null>;
  youtubeOrganicTaskGetAdvanced(id: string): Promise<DataForSeoEnvelope<ResultInfo> | null>;
}

/** DataForSEO takes at most 100 tasks per task_post call. */
const MAX_TASKS_PER_POST = 100;
/** DataForSEO's "Task Not Found." status of task_get. */
const TASK_NOT_FOUND = [40400, 40401];
/** DataForSEO's "Task Handed." and "Task In Queue." statuses: not finished yet. */
const TASK_WAITING = [40601, 40602];

/** YouTube's organic results over DataForSEO's wire format. */
export class DataForSeoSerpAdapter implements SerpProvider {
  readonly name: string;
  readonly maxChecksPerQueue = MAX_TASKS_PER_POST;
  private readonly options: DataForSeoSerpOptions;
  private client?: Promise<Client>;

  constructor(options: DataForSeoSerpOptions) {
    this.options = { ...options, baseUrl: options.baseUrl.replace(/\/+$/, '') };
    this.name = options.name;
  }

  /** The official client, loaded on first use. */
  private load(): Promise<Client> {
    this.client ??= import('dataforseo-client/api').then(
      (client) => new client.SerpApi(this.options.baseUrl, dataForSeoHttp(this.options)) as Client,
    );
    return this.client;
  }

  async check(query: SerpQuery): Promise<Serp> {
    const client = await this.load();
    const [result] = await dataForSeoTaskResults('YouTube results', () =>
      client.youtubeOrganicLiveAdvanced([taskOf(query)]),
    );
    return serpOf(result, query);
  }

  async queue(checks: readonly (SerpQuery & { tag: string })[]): Promise<QueuedCheck[]> {
    if (checks.length === 0) return [];
    if (checks.length > MAX_TASKS_PER_POST)
      throw new KeywordDataError('invalid-request', 'At most 100 checks per call.');
    const client = await this.load();
    const envelope = await dataForSeoEnvelope('queue YouTube results', () =>
      client.youtubeOrganicTaskPost(checks.map((c) => ({ ...taskOf(c), tag: c.tag }))),
    );
    // Each task echoes what was posted, tag included: pair by tag, not by position, and keep
    // only tags of this call. A refused task is left out.
    const posted = new Set(checks.map((c) => c.tag));
    return (envelope.tasks ?? []).flatMap((task) => {
      const tag = (task as { data?: { tag?: unknown } }).data?.tag;
      return task.id && task.status_code === 20100 && typeof tag === 'string' && posted.has(tag)
        ? [{ taskId: task.id, tag }]
        : [];
    });
  }

  async ready(): Promise<QueuedCheck[]> {
    const client = await this.load();
    const results = await dataForSeoTaskResults('ready YouTube results', () =>
      client.youtubeOrganicTasksReady(),
    );
    return results.flatMap((r) => (r.id ? [{ taskId: r.id, tag: r.tag ?? '' }] : []));
  }

  async collect(taskId: string): Promise<Collected> {
    const client = await this.load();
    const envelope = await dataForSeoEnvelope('collect YouTube results', () =>
      client.youtubeOrganicTaskGetAdvanced(taskId),
    );
    const task = envelope.tasks?.[0];
    if (!task || TASK_NOT_FOUND.includes(task.status_code ?? 0)) return { state: 'lost' };
    if (TASK_WAITING.includes(task.status_code ?? 0)) return { state: 'waiting' };
    throwIfTaskFailed('collect YouTube results', task);
    const result = task.result?.[0];
    if (!result?.keyword || !result.location_code || !result.language_code)
      return { state: 'lost' };
    return {
      state: 'done',
      serp: serpOf(result, {
        keyword: normalizeKeyword(result.keyword),
        market: { locationCode: result.location_code, languageCode: result.language_code },
        depth: Number.POSITIVE_INFINITY,
      }),
    };
  }
}

/** The task of a query. */
function taskOf(query: SerpQuery): object {
  return {
    keyword: query.keyword,
    location_code: query.market.locationCode,
    language_code: query.market.languageCode,
    block_depth: query.depth,
  };
}

/** The provider's result as a Serp: organic videos only, in order, at most `depth`. */
function serpOf(result: ResultInfo | undefined, query: SerpQuery): Serp {
  const videos: SerpVideo[] = [];
  for (const item of result?.items ?? []) {
    if (item.type !== 'youtube_video' || !item.video_id || !item.channel_id) continue;
    if (videos.length >= query.depth) break;
    videos.push({
      position: videos.length + 1,
      videoId: item.video_id,
      title: item.title ?? '',
      channelId: item.channel_id,
      channelName: item.channel_name ?? '',
      views:
        typeof item.views_count === 'number' && Number.isFinite(item.views_count)
          ? Math.max(0, Math.round(item.views_count))
          : null,
      publishedAt: isoOf(item.timestamp),
      thumbnailUrl: item.thumbnail_url ?? null,
      isShort: item.is_shorts === true,
    });
  }
  return {
    keyword: query.keyword,
    market: query.market,
    checkedAt: isoOf(result?.datetime) ?? new Date().toISOString(),
    totalResults: Math.max(videos.length, result?.se_results_count ?? 0),
    videos,
  };
}

/** DataForSEO's "yyyy-mm-dd hh:mm:ss +00:00" as ISO 8601; null when unreadable. */
function isoOf(text: string | null | undefined): string | null {
  if (!text) return null;
  const match = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d) ([+-]\d\d:\d\d)$/.exec(text);
  const date = new Date(match ? `${match[1]}T${match[2]}${match[3]}` : text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
