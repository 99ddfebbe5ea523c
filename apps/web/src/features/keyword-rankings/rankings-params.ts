// The rankings table's state in the page's address: sort, order, bucket, search, page and the
// keyword whose details are open. Anything unreadable falls back to the default.
import { KEYWORD_QUERY_MAX_LENGTH } from '@tubewise/contract/constants';
import { rankBuckets, rankingSortFields } from '@tubewise/contract/reporting-constants';

/** A sort field of the table. */
export type RankingSort = (typeof rankingSortFields)[number];
/** A rank bucket. */
export type RankBucket = (typeof rankBuckets)[number];

/** What the address says about the table. */
export interface RankingsParams {
  sort: RankingSort;
  order: 'asc' | 'desc';
  bucket: RankBucket | null;
  search: string;
  /** 1-based. */
  page: number;
  /** The tracked keyword whose details are open. */
  keyword: string | null;
}

/** Rows per page of the table. */
export const RANKINGS_PAGE_SIZE = 25;

/** The default direction of each sort: best rank, biggest volume, biggest gain first. */
export const DEFAULT_ORDER: Record<RankingSort, 'asc' | 'desc'> = {
  rank: 'asc',
  value: 'desc',
  change: 'desc',
};

const isOneOf = <T extends string>(list: readonly T[], value: string | null): value is T =>
  value !== null && (list as readonly string[]).includes(value);

/** Reads the table's state from the query string. */
export function parseRankingsParams(params: URLSearchParams): RankingsParams {
  const sortText = params.get('sort');
  const sort = isOneOf(rankingSortFields, sortText) ? sortText : 'rank';
  const orderText = params.get('order');
  const order = orderText === 'asc' || orderText === 'desc' ? orderText : DEFAULT_ORDER[sort];
  const bucketText = params.get('bucket');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const keyword = params.get('keyword');
  return {
    sort,
    order,
    bucket: isOneOf(rankBuckets, bucketText) ? bucketText : null,
    search: (params.get('search') ?? '').slice(0, KEYWORD_QUERY_MAX_LENGTH),
    page: Number.isFinite(page) && page > 0 ? page : 1,
    keyword: keyword && /^[0-9a-f-]{36}$/i.test(keyword) ? keyword : null,
  };
}

/** The query string of a state, leaving defaults out so addresses stay short. */
export function rankingsSearch(state: RankingsParams): string {
  const out = new URLSearchParams();
  if (state.sort !== 'rank') out.set('sort', state.sort);
  if (state.order !== DEFAULT_ORDER[state.sort]) out.set('order', state.order);
  if (state.bucket) out.set('bucket', state.bucket);
  if (state.search) out.set('search', state.search);
  if (state.page > 1) out.set('page', String(state.page));
  if (state.keyword) out.set('keyword', state.keyword);
  return out.toString();
}
