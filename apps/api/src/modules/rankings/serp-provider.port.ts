// The search-results port: what rank checks need from a provider of YouTube's organic results, in
// product terms. The DataForSEO SERP adapter (dataforseo-serp.adapter.ts) is the only code that
// talks to one; another provider (or the Data API's search.list) plugs in behind this interface.
import type { KeywordMarket } from '../keywords/index.ts';

/** One rank check to make: YouTube's results for a keyword in a market, `depth` deep. */
export interface SerpQuery {
  /** The keyword, normalised. */
  keyword: string;
  market: KeywordMarket;
  /** How many results to read (the check's depth). */
  depth: number;
}

/** One video of the results. */
export interface SerpVideo {
  /** 1-based position among the organic results. */
  position: number;
  videoId: string;
  title: string;
  channelId: string;
  channelName: string;
  /** Views as the results page shows them; null when not shown. */
  views: number | null;
  /** Publication instant (ISO 8601) when the provider gave one. */
  publishedAt: string | null;
  thumbnailUrl: string | null;
  isShort: boolean;
}

/** YouTube's organic results for one query at one moment. */
export interface Serp {
  keyword: string;
  market: KeywordMarket;
  /** When the provider read the results (ISO 8601). */
  checkedAt: string;
  /** How many results YouTube reported in all (at least the videos listed). */
  totalResults: number;
  /** The videos, best first, at most the query's depth. */
  videos: SerpVideo[];
}

/** A check handed to the provider's queue, to be collected when ready. */
export interface QueuedCheck {
  /** The provider's task id. */
  taskId: string;
  /** The tag the check was queued with (ours: the check's own id). */
  tag: string;
}

/**
 * What collecting a queued check found: its results, a task still being worked on, or a task the
 * provider no longer knows.
 */
export type Collected = { state: 'done'; serp: Serp } | { state: 'waiting' } | { state: 'lost' };

/** A provider of YouTube's organic search results. */
export interface SerpProvider {
  /** The provider's name as people see it next to the results. */
  readonly name: string;
  /** How many checks one `queue` call takes at most. */
  readonly maxChecksPerQueue: number;
  /** One check, answered at once (an on-demand check; dearer than queued ones). */
  check(query: SerpQuery): Promise<Serp>;
  /**
   * Queues checks (the daily batch); each carries a tag the ready list gives back. A check the
   * provider refused is left out of the answer. A KeywordDataError of kind `unavailable` means
   * the outcome is unknown (a timeout, a 5xx): the checks may have been queued all the same.
   */
  queue(checks: readonly (SerpQuery & { tag: string })[]): Promise<QueuedCheck[]>;
  /** The queued checks whose results are ready and not yet collected. */
  ready(): Promise<QueuedCheck[]>;
  /** The results of a queued check, or why there are none yet. */
  collect(taskId: string): Promise<Collected>;
}
