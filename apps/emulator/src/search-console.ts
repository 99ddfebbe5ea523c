// Google Search Console (webmasters v3) over the corpus: each account's properties (sites.list)
// and Search Analytics (searchanalytics.query). An account with channels runs one website whose
// pages embed its channels' most viewed public videos (a page per video, slug from its title, an
// index page per channel, a home page); the queries of a page come from the video's title and
// tags (brand queries on the home and channel pages). Every figure is a deterministic function of
// (seed, page, query, day, device): daily impressions with weekly and yearly seasonality and a
// ramp from the page's publication, clicks from a position-dependent click-through rate,
// positions that settle as the page ages. Dates are Pacific (PST, UTC−8) days, as Google's.
import type { DemoAccount } from './accounts.ts';
import type { Corpus } from './corpus/corpus.ts';
import type { ChannelRecord, VideoRecord } from './corpus/types.ts';
import { googleError, type GoogleError } from './google-errors.ts';
import { hashString } from './prng.ts';

const DAY_MS = 86_400_000;
/** Search Console's dates are in PST (UTC−8), whatever the season. */
const PST_OFFSET_MS = 8 * 3_600_000;
/** How far back Search Console keeps data: 16 months. */
export const SEARCH_CONSOLE_HISTORY_DAYS = 486;
/** Final data lags: the latest final day is this many days before today (PST). */
export const FINAL_DATA_LAG_DAYS = 3;
/** `dataState: all` adds the fresh days up to yesterday; these are still incomplete. */
export const FRESH_DATA_DAYS = 2;
/** rowLimit: default and maximum (searchanalytics.query reference). */
export const ROW_LIMIT_DEFAULT = 1000;
export const ROW_LIMIT_MAX = 25_000;
/** Most viewed public videos of each channel the website embeds. */
export const PAGES_PER_CHANNEL = 40;

/** Scopes that allow sites.list and searchanalytics.query. */
export const SEARCH_CONSOLE_SCOPES = [
  'https://www.googleapis.com/auth/webmasters.readonly',
  'https://www.googleapis.com/auth/webmasters',
];

/** The dimensions searchanalytics.query groups and filters by (searchAppearance is not modelled). */
export const SC_DIMENSIONS = ['query', 'page', 'date', 'country', 'device'] as const;
export type ScDimension = (typeof SC_DIMENSIONS)[number];
/** Devices as the API spells them. */
export const SC_DEVICES = ['DESKTOP', 'MOBILE', 'TABLET'] as const;
/** Countries as the API spells them (ISO 3166-1 alpha-3, lower case) and their audience shares. */
export const SC_COUNTRIES: readonly (readonly [string, number])[] = [
  ['usa', 0.46],
  ['gbr', 0.12],
  ['can', 0.09],
  ['ind', 0.1],
  ['aus', 0.07],
  ['deu', 0.06],
  ['phl', 0.05],
  ['nzl', 0.05],
];
const FILTER_OPERATORS = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'includingRegex',
  'excludingRegex',
] as const;

/** A property of an account, as sites.list answers it. */
export interface SiteEntry {
  siteUrl: string;
  permissionLevel: 'siteOwner' | 'siteFullUser' | 'siteRestrictedUser' | 'siteUnverifiedUser';
}

/** One page of an account's website and the queries it is shown for. */
interface Page {
  url: string;
  /** First PST day the page exists. */
  born: number;
}

/** A (page, query) pair with its fixed parameters. */
interface Pair {
  page: number;
  query: string;
  seed: number;
  /** Expected daily impressions at maturity. */
  impressions: number;
  /** Position at maturity. */
  position: number;
  /** Multiplier of the position curve's click-through rate. */
  ctrFactor: number;
  /** Device shares (DESKTOP, MOBILE, TABLET), summing to 1. */
  devices: [number, number, number];
}

/** An account's website. */
interface Website {
  domain: string;
  pages: Page[];
  /** Pairs grouped by query (byProperty aggregation combines the pages of one query). */
  byQuery: Map<string, Pair[]>;
}

const STOP_WORDS = new Set(
  'a an and are as at be by for from how i in is it my of on or the this to vs with your you what why when'.split(
    ' ',
  ),
);

/** Lower-case ASCII slug of a title (as a CMS would make it), at most 60 characters. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= 60) return slug;
  const cut = slug.slice(0, 60);
  return cut.slice(0, cut.lastIndexOf('-') > 20 ? cut.lastIndexOf('-') : 60).replace(/-+$/, '');
}

/** A search query as people type it: lower case, words only. */
export function normaliseQuery(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A uniform number in [0, 1) from integers (a cheap 32-bit mix). */
function uniform(a: number, b: number, c = 0): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) ^ Math.imul(c + 0x27d4eb2f, 0x165667b1);
  h ^= h >>> 13;
  h = Math.imul(h, 0x5bd1e995);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** The PST day number of an instant. */
export function pstDay(epochMs: number): number {
  return Math.floor((epochMs - PST_OFFSET_MS) / DAY_MS);
}

function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The account's website domain (the account name as a slug, on the reserved .test TLD). */
export function accountDomain(account: DemoAccount): string {
  return `${slugify(account.name) || account.id}.test`;
}

/** The properties of an account, in sites.list order. */
export function sitesOf(account: DemoAccount, channels: readonly ChannelRecord[]): SiteEntry[] {
  const domain = accountDomain(account);
  // Without a channel: a property added and never verified (listed, but holds no data).
  if (channels.length === 0)
    return [{ siteUrl: `https://${domain}/`, permissionLevel: 'siteUnverifiedUser' }];
  return [
    { siteUrl: `sc-domain:${domain}`, permissionLevel: 'siteOwner' },
    {
      siteUrl: `https://www.${domain}/${slugify(channels[0]!.title)}/`,
      permissionLevel: 'siteFullUser',
    },
  ];
}

/** Whether a property holds data (verified). */
export function isVerified(site: SiteEntry): boolean {
  return site.permissionLevel !== 'siteUnverifiedUser';
}

/** Whether a page URL belongs to a property (a Domain property covers every host of it). */
export function propertyCovers(siteUrl: string, pageUrl: string): boolean {
  if (siteUrl.startsWith('sc-domain:')) {
    const domain = siteUrl.slice('sc-domain:'.length);
    const host = new URL(pageUrl).hostname;
    return host === domain || host.endsWith(`.${domain}`);
  }
  return pageUrl.startsWith(siteUrl);
}

const CTR_BY_POSITION = [0.28, 0.15, 0.1, 0.07, 0.05, 0.04, 0.03, 0.025, 0.02, 0.018];

/** The expected click-through rate at a (fractional) position. */
export function expectedCtr(position: number): number {
  const p = Math.max(1, position);
  if (p <= 10) {
    const i = Math.floor(p) - 1;
    const next = CTR_BY_POSITION[Math.min(i + 1, 9)]!;
    return CTR_BY_POSITION[i]! + (next - CTR_BY_POSITION[i]!) * (p - Math.floor(p));
  }
  return 0.012 * Math.pow(0.85, p - 10);
}

/** Title phrases of 2–3 words that neither start nor end with a stop word. */
function titlePhrases(title: string): string[] {
  const words = normaliseQuery(title).split(' ').filter(Boolean);
  const out: string[] = [];
  for (const size of [3, 2]) {
    for (let i = 0; i + size <= words.length; i++) {
      const part = words.slice(i, i + size);
      if (STOP_WORDS.has(part[0]!) || STOP_WORDS.has(part[size - 1]!)) continue;
      if (part.some((w) => /^\d+$/.test(w))) continue;
      out.push(part.join(' '));
    }
  }
  return out;
}

function makePair(
  seed: string,
  page: number,
  url: string,
  query: string,
  kind: 'brand' | 'title' | 'tag' | 'phrase',
  popularity: number,
): Pair {
  const s = hashString(`${seed}\u0000sc\u0000${url}\u0000${query}`);
  const q = hashString(`${seed}\u0000scq\u0000${query}`);
  const r = (i: number) => uniform(s, i);
  // Demand of the query (shared by every page it shows for), then this page's share of it.
  const words = query.split(' ').length;
  const demand = Math.exp(Math.log(3) + uniform(q, 1) * Math.log(120)) / Math.sqrt(words);
  const ranges = {
    brand: [1, 2.5, 0.25],
    title: [2, 9, 0.6],
    tag: [4, 38, 1],
    phrase: [3, 24, 0.9],
  } as const;
  const [lo, hi, weight] = ranges[kind];
  const mobile = 0.5 + r(3) * 0.25;
  const tablet = 0.02 + r(4) * 0.03;
  return {
    page,
    query,
    seed: s,
    impressions: demand * weight * popularity * (0.4 + r(5) * 1.2),
    position: lo + r(2) * (hi - lo),
    ctrFactor: kind === 'brand' ? 1.8 + r(6) : 0.6 + r(6) * 0.8,
    devices: [1 - mobile - tablet, mobile, tablet],
  };
}

/** Builds an account's website from its channels (deterministic). */
function buildWebsite(
  seed: string,
  account: DemoAccount,
  channels: readonly ChannelRecord[],
  corpus: Corpus,
): Website {
  const domain = accountDomain(account);
  const base = `https://www.${domain}/`;
  const pages: Page[] = [];
  const pairs: Pair[] = [];
  const addPage = (url: string, born: number) => pages.push({ url, born }) - 1;
  const firstBorn = Math.min(...channels.map((c) => pstDay(c.publishedAt)));
  const home = addPage(base, firstBorn);
  pairs.push(makePair(seed, home, base, normaliseQuery(account.name), 'brand', 1));
  for (const channel of channels) {
    const channelSlug = slugify(channel.title) || channel.id.toLowerCase();
    const channelUrl = `${base}${channelSlug}/`;
    const index = addPage(channelUrl, pstDay(channel.publishedAt));
    const brand = normaliseQuery(channel.title);
    pairs.push(makePair(seed, index, channelUrl, brand, 'brand', 1.5));
    pairs.push(makePair(seed, home, base, brand, 'brand', 0.3));
    const videos = corpus
      .uploads(channel.id)
      .map((id) => corpus.getVideo(id))
      .filter((v): v is VideoRecord => v !== undefined && v.privacyStatus === 'public')
      .sort((a, b) => b.viewCount - a.viewCount || (a.id < b.id ? -1 : 1))
      .slice(0, PAGES_PER_CHANNEL);
    const used = new Set<string>();
    for (const video of videos) {
      let slug = slugify(video.title) || video.id.toLowerCase();
      for (let n = 2; used.has(slug); n++) slug = `${slugify(video.title)}-${n}`;
      used.add(slug);
      const url = `${channelUrl}${slug}`;
      const page = addPage(url, pstDay(video.publishedAt));
      // Popularity follows the video's views on a log scale.
      const popularity = 0.3 + Math.log10(1 + video.viewCount) / 4;
      const queries = new Map<string, 'title' | 'tag' | 'phrase'>();
      const title = normaliseQuery(video.title);
      if (title) queries.set(title, 'title');
      for (const tag of video.tags.slice(0, 6)) {
        const q = normaliseQuery(tag);
        if (q && !queries.has(q)) queries.set(q, 'tag');
      }
      const rand = hashString(`${seed}\u0000phrases\u0000${video.id}`);
      const phrases = titlePhrases(video.title);
      for (let i = 0; i < 2 && phrases.length > 0; i++) {
        const q = phrases[Math.floor(uniform(rand, i) * phrases.length)]!;
        if (!queries.has(q)) queries.set(q, 'phrase');
      }
      for (const [q, kind] of queries) pairs.push(makePair(seed, page, url, q, kind, popularity));
    }
  }
  const byQuery = new Map<string, Pair[]>();
  for (const pair of pairs) {
    const list = byQuery.get(pair.query) ?? [];
    list.push(pair);
    byQuery.set(pair.query, list);
  }
  return { domain, pages, byQuery };
}

/** Weekly seasonality (Monday first): searches dip on Friday and Saturday. */
const WEEKDAY_FACTOR = [1.06, 1.09, 1.07, 1.02, 0.9, 0.83, 1.0];

/** The figures of one (pair, day, device): impressions, clicks, position. */
interface Unit {
  impressions: number;
  clicks: number;
  position: number;
}

function unitOf(pair: Pair, born: number, day: number, device: number, completeness: number): Unit {
  const age = day - born;
  if (age < 0) return { impressions: 0, clicks: 0, position: 0 };
  const weekday = (((day + 3) % 7) + 7) % 7; // day 0 (1970-01-01) was a Thursday
  const yearly = 1 + 0.12 * Math.sin((2 * Math.PI * (day - 80)) / 365.25);
  const ramp = 1 - Math.exp(-(age + 1) / 21);
  const noise = 0.7 + uniform(pair.seed, day, device) * 0.6;
  const expected =
    pair.impressions *
    pair.devices[device]! *
    WEEKDAY_FACTOR[weekday]! *
    yearly *
    ramp *
    noise *
    completeness;
  const impressions = Math.floor(expected + uniform(pair.seed, day, device + 10));
  if (impressions === 0) return { impressions: 0, clicks: 0, position: 0 };
  const settle = 1 + 0.6 * Math.exp(-age / 45);
  const deviceShift = [0.92, 1.05, 1.1][device]!;
  const position = Math.max(
    1,
    pair.position * settle * deviceShift * (0.88 + uniform(pair.seed, day, device + 20) * 0.24),
  );
  const ctr = Math.min(0.9, expectedCtr(position) * pair.ctrFactor);
  const clicks = Math.min(
    impressions,
    Math.floor(impressions * ctr + uniform(pair.seed, day, device + 30)),
  );
  return { impressions, clicks, position };
}

/** Splits a count by shares (largest remainder), so the parts add up to the count. */
function splitCount(count: number, shares: readonly number[]): number[] {
  const raw = shares.map((s) => count * s);
  const parts = raw.map(Math.floor);
  let left = count - parts.reduce((a, b) => a + b, 0);
  const order = raw.map((v, i) => [v - Math.floor(v), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; left > 0; k++, left--) parts[order[k % order.length]![1]]!++;
  return parts;
}

/** Splits a unit among countries: impressions by share, clicks within each country's impressions. */
function splitByCountry(unit: Unit): Unit[] {
  const impressions = splitCount(
    unit.impressions,
    SC_COUNTRIES.map(([, share]) => share),
  );
  const clicks = splitCount(
    unit.clicks,
    impressions.map((i) => i / unit.impressions),
  );
  // Rounding may give a country more clicks than impressions: move the excess elsewhere.
  let excess = 0;
  for (let i = 0; i < clicks.length; i++) {
    if (clicks[i]! > impressions[i]!) {
      excess += clicks[i]! - impressions[i]!;
      clicks[i] = impressions[i]!;
    }
  }
  for (let i = 0; excess > 0 && i < clicks.length; i++) {
    const room = impressions[i]! - clicks[i]!;
    const moved = Math.min(room, excess);
    clicks[i]! += moved;
    excess -= moved;
  }
  return impressions.map((imp, i) => ({
    impressions: imp,
    clicks: clicks[i]!,
    position: unit.position,
  }));
}

/** One filter of a dimensionFilterGroup. */
export interface ScFilter {
  dimension: ScDimension;
  operator: (typeof FILTER_OPERATORS)[number];
  expression: string;
}

/** A validated searchanalytics.query request. */
export interface ScQuery {
  startDay: number;
  endDay: number;
  dimensions: ScDimension[];
  /** Filter groups (each AND or OR), all of which must pass. */
  filterGroups: { groupType: 'and' | 'or'; filters: ScFilter[] }[];
  aggregation: 'byPage' | 'byProperty';
  dataState: 'final' | 'all';
  searchType: string;
  rowLimit: number;
  startRow: number;
}

/** A row of the answer. */
export interface ScRow {
  keys?: string[];
  clicks: number;
  impressions: number;
  ctr: number;
  position: number;
}

/** The answer body of searchanalytics.query. */
export interface ScResponse {
  rows?: ScRow[];
  responseAggregationType: 'byPage' | 'byProperty' | 'auto';
  metadata?: { firstIncompleteDate?: string };
}

/** Search Console's 400 for a bad query (Google's wire form, reason badRequest). */
export function scBadRequest(...messages: string[]): GoogleError {
  const error = googleError(
    400,
    { message: messages[0]!, domain: 'global', reason: 'badRequest' },
    { message: messages.join('\n'), status: 'INVALID_ARGUMENT' },
  );
  error.body.error.errors = messages.map((message) => ({
    message,
    domain: 'global',
    reason: 'badRequest',
  }));
  return error;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDay(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = DATE_RE.exec(value);
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (isoDay(ms / DAY_MS) !== value) return undefined;
  return ms / DAY_MS;
}

/** Validates a searchanalytics.query body (Google's field names and rules). */
export function parseScQuery(
  body: unknown,
): { ok: true; query: ScQuery } | { ok: false; error: GoogleError } {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const missing: string[] = [];
  if (b.startDate === undefined || b.startDate === null || b.startDate === '')
    missing.push('startDate field is required.');
  if (b.endDate === undefined || b.endDate === null || b.endDate === '')
    missing.push('endDate field is required.');
  if (missing.length > 0) return { ok: false, error: scBadRequest(...missing) };
  const startDay = parseDay(b.startDate);
  if (startDay === undefined)
    return {
      ok: false,
      error: scBadRequest(
        `Could not parse startDate: ${String(b.startDate)}. Expected YYYY-MM-DD.`,
      ),
    };
  const endDay = parseDay(b.endDate);
  if (endDay === undefined)
    return {
      ok: false,
      error: scBadRequest(`Could not parse endDate: ${String(b.endDate)}. Expected YYYY-MM-DD.`),
    };
  if (startDay > endDay)
    return {
      ok: false,
      error: scBadRequest('startDate must be earlier than or equal to endDate.'),
    };
  const dimensions: ScDimension[] = [];
  const rawDims = b.dimensions ?? [];
  if (!Array.isArray(rawDims))
    return { ok: false, error: scBadRequest('dimensions must be a list.') };
  for (const raw of rawDims) {
    const d = String(raw).toLowerCase() as ScDimension;
    if (!SC_DIMENSIONS.includes(d))
      return {
        ok: false,
        error: scBadRequest(`Invalid value at 'dimensions' (${String(raw)}): unknown dimension.`),
      };
    if (dimensions.includes(d))
      return { ok: false, error: scBadRequest(`Dimension ${d} is specified more than once.`) };
    dimensions.push(d);
  }
  const filterGroups: ScQuery['filterGroups'] = [];
  const rawGroups = b.dimensionFilterGroups ?? [];
  if (!Array.isArray(rawGroups))
    return { ok: false, error: scBadRequest('dimensionFilterGroups must be a list.') };
  for (const group of rawGroups as Record<string, unknown>[]) {
    const groupType = String(group?.groupType ?? 'and').toLowerCase();
    if (groupType !== 'and' && groupType !== 'or')
      return {
        ok: false,
        error: scBadRequest(
          `Invalid value at 'dimension_filter_groups.group_type' (${groupType}).`,
        ),
      };
    const filters: ScFilter[] = [];
    for (const f of (Array.isArray(group?.filters) ? group.filters : []) as Record<
      string,
      unknown
    >[]) {
      const dimension = String(f?.dimension ?? '').toLowerCase() as ScDimension;
      if (!SC_DIMENSIONS.includes(dimension))
        return {
          ok: false,
          error: scBadRequest(`Invalid value at 'dimension_filter_groups.filters.dimension'.`),
        };
      const operator = (
        f?.operator === undefined
          ? 'equals'
          : FILTER_OPERATORS.find((o) => o.toLowerCase() === String(f.operator).toLowerCase())
      ) as ScFilter['operator'] | undefined;
      if (!operator)
        return {
          ok: false,
          error: scBadRequest(`Invalid value at 'dimension_filter_groups.filters.operator'.`),
        };
      const expression = String(f?.expression ?? '');
      if (operator.endsWith('Regex')) {
        try {
          new RegExp(expression, 'i');
        } catch {
          return { ok: false, error: scBadRequest(`Invalid regular expression: ${expression}`) };
        }
      }
      filters.push({ dimension, operator, expression });
    }
    filterGroups.push({ groupType, filters });
  }
  const aggregationType = String(b.aggregationType ?? 'auto');
  if (!['auto', 'byPage', 'byProperty'].includes(aggregationType))
    return {
      ok: false,
      error: scBadRequest(`Invalid value at 'aggregation_type' (${aggregationType}).`),
    };
  const touchesPage =
    dimensions.includes('page') ||
    filterGroups.some((g) => g.filters.some((f) => f.dimension === 'page'));
  if (aggregationType === 'byProperty' && touchesPage)
    return {
      ok: false,
      error: scBadRequest('Cannot group or filter by page when aggregating by property.'),
    };
  const aggregation =
    aggregationType === 'byPage' || (aggregationType === 'auto' && touchesPage)
      ? 'byPage'
      : 'byProperty';
  const dataState = String(b.dataState ?? 'final').toLowerCase();
  if (dataState !== 'final' && dataState !== 'all')
    return { ok: false, error: scBadRequest(`Invalid value at 'data_state' (${dataState}).`) };
  const searchType = String(b.type ?? b.searchType ?? 'web').toLowerCase();
  if (!['web', 'image', 'video', 'news', 'discover', 'googlenews'].includes(searchType))
    return { ok: false, error: scBadRequest(`Invalid value at 'type' (${searchType}).`) };
  const rowLimit = b.rowLimit === undefined || b.rowLimit === null ? ROW_LIMIT_DEFAULT : b.rowLimit;
  if (typeof rowLimit !== 'number' || !Number.isInteger(rowLimit) || rowLimit < 1)
    return { ok: false, error: scBadRequest('rowLimit must be a positive integer.') };
  if (rowLimit > ROW_LIMIT_MAX)
    return {
      ok: false,
      error: scBadRequest(`rowLimit must be less than or equal to ${ROW_LIMIT_MAX}.`),
    };
  const startRow = b.startRow === undefined || b.startRow === null ? 0 : b.startRow;
  if (typeof startRow !== 'number' || !Number.isInteger(startRow) || startRow < 0)
    return { ok: false, error: scBadRequest('startRow must be a non-negative integer.') };
  return {
    ok: true,
    query: {
      startDay,
      endDay,
      dimensions,
      filterGroups,
      aggregation,
      dataState,
      searchType,
      rowLimit,
      startRow,
    },
  };
}

function matches(filter: ScFilter, value: string): boolean {
  const v = value.toLowerCase();
  const e = filter.expression.toLowerCase();
  switch (filter.operator) {
    case 'equals':
      return v === e;
    case 'notEquals':
      return v !== e;
    case 'contains':
      return v.includes(e);
    case 'notContains':
      return !v.includes(e);
    case 'includingRegex':
      return new RegExp(filter.expression, 'i').test(value);
    case 'excludingRegex':
      return !new RegExp(filter.expression, 'i').test(value);
  }
}

/** Whether the values known so far pass the filters (unknown dimensions pass for now). */
function passes(query: ScQuery, values: Partial<Record<ScDimension, string>>): boolean {
  return query.filterGroups.every((group) => {
    const relevant = group.filters.filter((f) => values[f.dimension] !== undefined);
    if (relevant.length === 0) return true;
    if (relevant.length < group.filters.length && group.groupType === 'or') return true;
    return group.groupType === 'and'
      ? relevant.every((f) => matches(f, values[f.dimension]!))
      : relevant.some((f) => matches(f, values[f.dimension]!));
  });
}

interface Accumulator {
  keys: string[];
  clicks: number;
  impressions: number;
  weightedPosition: number;
}

/** Search Console over a corpus: properties per account and Search Analytics. */
export class SearchConsoleModel {
  private readonly seed: string;
  private readonly websites = new WeakMap<Corpus, Map<string, Website>>();

  constructor(seed: string) {
    this.seed = seed;
  }

  private website(corpus: Corpus, account: DemoAccount): Website | undefined {
    let perCorpus = this.websites.get(corpus);
    if (!perCorpus) {
      perCorpus = new Map();
      this.websites.set(corpus, perCorpus);
    }
    let site = perCorpus.get(account.id);
    if (!site) {
      const channels = corpus.channelsOwnedBy(account.id);
      if (channels.length === 0) return undefined;
      site = buildWebsite(this.seed, account, channels, corpus);
      perCorpus.set(account.id, site);
    }
    return site;
  }

  /** The properties of an account (sites.list). */
  sites(corpus: Corpus, account: DemoAccount): SiteEntry[] {
    return sitesOf(account, corpus.channelsOwnedBy(account.id));
  }

  /** The page URLs of a property (for tests and the control API). */
  pages(corpus: Corpus, account: DemoAccount, siteUrl: string): string[] {
    const site = this.website(corpus, account);
    return site ? site.pages.map((p) => p.url).filter((u) => propertyCovers(siteUrl, u)) : [];
  }

  /** Runs searchanalytics.query on one of the account's verified properties. */
  query(
    corpus: Corpus,
    account: DemoAccount,
    siteUrl: string,
    query: ScQuery,
    now: number,
  ): ScResponse {
    const today = pstDay(now);
    const lastDay = query.dataState === 'all' ? today - 1 : today - FINAL_DATA_LAG_DAYS;
    const firstDay = today - SEARCH_CONSOLE_HISTORY_DAYS;
    const from = Math.max(query.startDay, firstDay);
    const to = Math.min(query.endDay, lastDay);
    const site = this.website(corpus, account);
    const answer: ScResponse = { responseAggregationType: query.aggregation };
    if (!site || from > to || query.searchType !== 'web') return answer;
    const firstIncomplete = today - FRESH_DATA_DAYS;
    const completeness = (day: number) =>
      day < today - FINAL_DATA_LAG_DAYS + 1 ? 1 : day >= firstIncomplete ? 0.55 : 0.92;
    const dims = query.dimensions;
    const needCountry =
      dims.includes('country') ||
      query.filterGroups.some((g) => g.filters.some((f) => f.dimension === 'country'));
    const groups = new Map<string, Accumulator>();
    const add = (values: Record<ScDimension, string>, unit: Unit) => {
      if (unit.impressions === 0) return;
      if (!passes(query, values)) return;
      const keys = dims.map((d) => values[d]);
      const key = keys.join('\u0000');
      let acc = groups.get(key);
      if (!acc) {
        acc = { keys, clicks: 0, impressions: 0, weightedPosition: 0 };
        groups.set(key, acc);
      }
      acc.clicks += unit.clicks;
      acc.impressions += unit.impressions;
      acc.weightedPosition += unit.position * unit.impressions;
    };
    const countryNames = SC_COUNTRIES.map(([c]) => c);
    const dates = Array.from({ length: to - from + 1 }, (_, i) => isoDay(from + i));

    for (const [q, allPairs] of site.byQuery) {
      if (!passes(query, { query: q })) continue;
      const pairs = allPairs.filter((p) => {
        const url = site.pages[p.page]!.url;
        return propertyCovers(siteUrl, url) && passes(query, { query: q, page: url });
      });
      if (pairs.length === 0) continue;
      for (let day = from; day <= to; day++) {
        const date = dates[day - from]!;
        const c = completeness(day);
        for (let device = 0; device < SC_DEVICES.length; device++) {
          const base = { query: q, date, device: SC_DEVICES[device]! };
          if (!passes(query, base)) continue;
          const units = pairs.map((p) => unitOf(p, site.pages[p.page]!.born, day, device, c));
          const segments = (u: Unit): Unit[] => (needCountry ? splitByCountry(u) : [u]);
          if (query.aggregation === 'byPage') {
            units.forEach((u, i) => {
              if (u.impressions === 0) return;
              const page = site.pages[pairs[i]!.page]!.url;
              segments(u).forEach((s, k) =>
                add({ ...base, page, country: needCountry ? countryNames[k]! : '' }, s),
              );
            });
          } else {
            // By property: one search showing several pages is one impression at the topmost
            // position; its clicks are the pages' clicks.
            const split = units.map(segments);
            const count = needCountry ? countryNames.length : 1;
            for (let k = 0; k < count; k++) {
              let impressions = 0;
              let clicks = 0;
              let position = Infinity;
              for (const parts of split) {
                const s = parts[k]!;
                if (s.impressions === 0) continue;
                impressions = Math.max(impressions, s.impressions);
                clicks += s.clicks;
                position = Math.min(position, s.position);
              }
              if (impressions === 0) continue;
              add(
                { ...base, page: '', country: needCountry ? countryNames[k]! : '' },
                { impressions, clicks: Math.min(clicks, impressions), position },
              );
            }
          }
        }
      }
    }

    const rows = [...groups.values()].map((acc) => {
      const row: ScRow = {
        clicks: acc.clicks,
        impressions: acc.impressions,
        ctr: acc.clicks / acc.impressions,
        position: acc.weightedPosition / acc.impressions,
      };
      return dims.length > 0 ? { keys: acc.keys, ...row } : row;
    });
    const dateIndex = dims.indexOf('date');
    rows.sort((a, b) => {
      if (dateIndex >= 0) {
        const byDate = a.keys![dateIndex]!.localeCompare(b.keys![dateIndex]!);
        if (byDate !== 0) return byDate;
      }
      return (
        b.clicks - a.clicks ||
        b.impressions - a.impressions ||
        (a.keys ?? []).join('\u0000').localeCompare((b.keys ?? []).join('\u0000'))
      );
    });
    const page = rows.slice(query.startRow, query.startRow + query.rowLimit);
    if (page.length > 0) answer.rows = page;
    if (query.dataState === 'all' && dateIndex >= 0 && to >= firstIncomplete)
      answer.metadata = { firstIncompleteDate: isoDay(Math.max(from, firstIncomplete)) };
    return answer;
  }
}
