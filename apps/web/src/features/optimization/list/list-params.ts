/**
 * The list's state lives in the URL query string, so links, back/forward and reloads keep it,
 * e.g. `?tab=needs-work&sort=impact&order=desc&visibility=public&page=2`. Default values are
 * left out of the URL; unknown values fall back to the defaults.
 */
import type { VideoListRequest } from '../api/query-keys.ts';
import {
  timeFilters,
  videoSortFields,
  videoTabs,
  visibilities,
  type TimeFilter,
  type VideoSortField,
  type VideoTabSlug,
  type Visibility,
} from './constants.ts';

/** Sort direction. */
export type SortOrder = 'asc' | 'desc';

/** Everything that selects what the list shows. */
export interface ListState {
  tab: VideoTabSlug;
  sort: VideoSortField;
  order: SortOrder;
  /** 1-based page. */
  page: number;
  visibility: Visibility | null;
  /** A playlist's platform id (URL parameter `playlist`, removed on a channel switch). */
  playlist: string | null;
  time: TimeFilter | null;
  /** Only videos updated on the platform. */
  updated: boolean;
  /** Only videos with a draft. */
  drafts: boolean;
  /** Only shorts. */
  shorts: boolean;
  /** Title search. */
  q: string;
}

/** The first tab (the default). */
export const DEFAULT_TAB: VideoTabSlug = videoTabs[0].slug;
/** Default sort of the first tab: newest first. */
export const DEFAULT_SORT: VideoSortField = 'date';
/** Default direction (of every tab). */
export const DEFAULT_ORDER: SortOrder = 'desc';

/**
 * Each tab's sort when the URL names none (the API's default too, contract `defaultVideoSort`):
 * "Needs work" shows the videos with the most room to improve first.
 */
export const TAB_DEFAULT_SORT: Readonly<Record<VideoTabSlug, VideoSortField>> = {
  all: DEFAULT_SORT,
  'needs-work': 'impact',
  optimized: DEFAULT_SORT,
};

/** Whether the state's sort is its tab's default (then the URL leaves it out). */
export function hasDefaultSort(state: Pick<ListState, 'tab' | 'sort' | 'order'>): boolean {
  return state.sort === TAB_DEFAULT_SORT[state.tab] && state.order === DEFAULT_ORDER;
}

/**
 * The state of another tab, on its first page: a sort the person chose is kept, a default sort
 * becomes the new tab's default.
 */
export function withTab(state: ListState, tab: VideoTabSlug): ListState {
  const sort = hasDefaultSort(state) ? TAB_DEFAULT_SORT[tab] : state.sort;
  return { ...state, tab, sort, page: 1 };
}
/** Longest title search the API takes. */
export const SEARCH_MAX_LENGTH = 100;
const MAX_PAGE = 10_000;
const MAX_PLAYLIST_ID_LENGTH = 100;

/** The state with no tab, sort, filter or page chosen. */
export const DEFAULT_LIST_STATE: ListState = {
  tab: DEFAULT_TAB,
  sort: DEFAULT_SORT,
  order: DEFAULT_ORDER,
  page: 1,
  visibility: null,
  playlist: null,
  time: null,
  updated: false,
  drafts: false,
  shorts: false,
  q: '',
};

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

function parsePage(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}

/** Reads the list's state from a URL query string; anything unknown gets its default. */
export function parseListParams(params: URLSearchParams): ListState {
  const playlist = params.get('playlist')?.trim() ?? '';
  const tab =
    oneOf(
      videoTabs.map((t) => t.slug),
      params.get('tab'),
    ) ?? DEFAULT_TAB;
  return {
    tab,
    sort: oneOf(videoSortFields, params.get('sort')) ?? TAB_DEFAULT_SORT[tab],
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? DEFAULT_ORDER,
    page: parsePage(params.get('page')),
    visibility: oneOf(visibilities, params.get('visibility')),
    playlist: playlist && playlist.length <= MAX_PLAYLIST_ID_LENGTH ? playlist : null,
    time: oneOf(timeFilters, params.get('time')),
    updated: params.get('updated') === 'true',
    drafts: params.get('drafts') === 'true',
    shorts: params.get('shorts') === 'true',
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX_LENGTH),
  };
}

/** The URL query string of a state (without "?"), defaults left out, in a stable order. */
export function listSearch(state: ListState): string {
  const params = new URLSearchParams();
  if (state.tab !== DEFAULT_TAB) params.set('tab', state.tab);
  if (!hasDefaultSort(state)) {
    params.set('sort', state.sort);
    params.set('order', state.order);
  }
  if (state.visibility) params.set('visibility', state.visibility);
  if (state.playlist) params.set('playlist', state.playlist);
  if (state.time) params.set('time', state.time);
  if (state.updated) params.set('updated', 'true');
  if (state.drafts) params.set('drafts', 'true');
  if (state.shorts) params.set('shorts', 'true');
  if (state.q) params.set('q', state.q);
  if (state.page > 1) params.set('page', String(state.page));
  return params.toString();
}

/** The query of GET .../videos for a state: page, tab and sort always, filters when set. */
export function toVideoListRequest(state: ListState): VideoListRequest {
  return { page: state.page, ...toVideoExportRequest(state) };
}

/** The query of the CSV export of a state: the list's query without a page (every page). */
export function toVideoExportRequest(state: ListState): Record<string, string> {
  const request: Record<string, string> = {
    tab: state.tab,
    sort: state.sort,
    order: state.order,
  };
  if (state.visibility) request.visibility = state.visibility;
  if (state.playlist) request.playlist = state.playlist;
  if (state.time) request.time = state.time;
  if (state.updated) request.updated = 'true';
  if (state.drafts) request.drafts = 'true';
  if (state.shorts) request.shorts = 'true';
  if (state.q) request.q = state.q;
  return request;
}

/** Whether any filter (not tab, sort or page) narrows the list. */
export function hasFilters(state: ListState): boolean {
  return Boolean(
    state.visibility ||
    state.playlist ||
    state.time ||
    state.updated ||
    state.drafts ||
    state.shorts ||
    state.q,
  );
}

/** The state without filters, on the first page; tab and sort are kept. */
export function withoutFilters(state: ListState): ListState {
  return { ...DEFAULT_LIST_STATE, tab: state.tab, sort: state.sort, order: state.order };
}

/**
 * The state after a click on a sortable column: the active column flips its direction, another
 * column starts descending. Back to the first page.
 */
export function toggleSort(state: ListState, field: VideoSortField): ListState {
  const order: SortOrder =
    state.sort === field ? (state.order === 'desc' ? 'asc' : 'desc') : 'desc';
  return { ...state, sort: field, order, page: 1 };
}
