/**
 * The fake API of the public onboarding and shared insights on the shared contract-checked MSW
 * helpers: channel search (paged), the onboarding and its steps, the code and the link, new
 * codes, keyword suggestions, account creation, locales, shared reports and their revocation.
 * Tests install it with `server.use(...onboardingHandlers())` and adjust `onboardingApi`.
 */
import type {
  Onboarding,
  OnboardingCompetitor,
  SharedInsights,
  InsightsReport,
} from '@tubewise/contract';
import { buildUser } from './data.ts';
import { api, errorBody, handle } from './server.ts';

/** The correct code of the fake onboarding. */
export const GOOD_CODE = '123456';
/** The e-mailed link's valid token. */
export const GOOD_LINK_TOKEN = 'link-token-ok';
/** The owner token a verification gives. */
export const OWNER_TOKEN = 'owner-token-1';
/** The fake report's id. */
export const INSIGHTS_ID = 'insightsAbcdefghijklmnop';

/** A channel of the fake search index. */
export function buildPublicChannel(n: number, title = `Bread Channel ${n}`) {
  return {
    youtubeId: `UCbread${String(n).padStart(4, '0')}`,
    title,
    description: `Baking videos number ${n}`,
    thumbnailUrl: '',
  };
}

/** A competitor as the onboarding stores it. */
export function buildCompetitor(n: number): OnboardingCompetitor {
  const { youtubeId, title, thumbnailUrl } = buildPublicChannel(n);
  return { youtubeId, title, thumbnailUrl };
}

/** A fresh onboarding bound to `sessionId`. */
export function buildOnboarding(overrides: Partial<Onboarding> = {}): Onboarding {
  return {
    id: '7b0f4a0e-8a53-4b4e-9d34-1f9f4b2c0a11',
    email: null,
    onboarded: false,
    tosTimestamp: null,
    competitors: [],
    keywords: [],
    token: null,
    locale: 'en-us',
    sessionId: '00000000-0000-4000-8000-000000000000',
    codeExpiresAt: null,
    resendAvailableAt: null,
    insights: null,
    accountCreated: false,
    ...overrides,
  };
}

/** A ready report for two keywords and two competitors. */
export function buildReport(overrides: Partial<InsightsReport> = {}): InsightsReport {
  const [a, b] = [buildCompetitor(1), buildCompetitor(2)];
  return {
    locale: 'en-us',
    localeName: 'English (US)',
    generatedAt: '2026-03-02T10:00:00.000Z',
    keywords: [
      {
        keyword: 'sourdough starter',
        volume: 12000,
        competition: 0.42,
        opportunity: 71,
        topResults: [
          {
            position: 1,
            videoId: 'v1',
            title: 'The easiest sourdough starter',
            channelId: 'UCother',
            channelTitle: 'Other Bakery',
            views: 1200000,
            publishedAt: '2025-01-01T00:00:00.000Z',
            isCompetitor: false,
          },
          {
            position: 2,
            videoId: 'v2',
            title: 'Starter in 5 days',
            channelId: a.youtubeId,
            channelTitle: a.title,
            views: 54000,
            publishedAt: '2025-02-01T00:00:00.000Z',
            isCompetitor: true,
          },
        ],
        competitorRanks: [
          { youtubeId: a.youtubeId, position: 2 },
          { youtubeId: b.youtubeId, position: null },
        ],
        checkedAt: '2026-03-02T10:00:00.000Z',
        depth: 20,
      },
      {
        keyword: 'rye bread',
        volume: null,
        competition: null,
        opportunity: null,
        topResults: [],
        competitorRanks: [],
        checkedAt: null,
        depth: 20,
      },
    ],
    competitors: [
      {
        ...a,
        subscriberCount: 120000,
        videoCount: 240,
        bestVideos: [
          {
            videoId: 'v2',
            title: 'Starter in 5 days',
            thumbnailUrl: '',
            views: 54000,
            publishedAt: '2025-02-01T00:00:00.000Z',
          },
        ],
        unavailable: false,
      },
      { ...b, subscriberCount: null, videoCount: null, bestVideos: [], unavailable: true },
    ],
    sources: { keywordData: 'Test keyword data', results: 'YouTube search' },
    ...overrides,
  };
}

/** A shared report: ready by default. */
export function buildSharedInsights(overrides: Partial<SharedInsights> = {}): SharedInsights {
  return {
    id: INSIGHTS_ID,
    status: 'ready',
    createdAt: '2026-03-02T10:00:00.000Z',
    expiresAt: '2026-05-31T10:00:00.000Z',
    progress: { done: 2, total: 2 },
    report: buildReport(),
    ...overrides,
  };
}

/** What the fake onboarding API holds; tests adjust it. */
export interface OnboardingApiState {
  /** The search index (searched by title). */
  channels: ReturnType<typeof buildPublicChannel>[];
  /** Search results per page. */
  searchPageSize: number;
  searchFails: boolean;
  /** The stored onboarding (one at a time is enough for the page's tests). */
  onboarding: Onboarding | null;
  suggestions: { keyword: string; videos: number; competitors: number }[];
  suggestionsFail: boolean;
  attemptsLeft: number;
  codeExpired: boolean;
  resendFails: boolean;
  /** Seconds until the next code may be sent, counted from a send. */
  resendCooldownSeconds: number;
  accountExists: boolean;
  /** Shared reports by id; 'gone' answers 410, absent 404. */
  insights: Record<string, SharedInsights | 'gone'>;
  /** Answers a pending report gives in turn before the stored one (polling). */
  insightsSequence: SharedInsights[];
}

/** The fake onboarding API's state for the running test. */
export const onboardingApi: OnboardingApiState = freshState();

function freshState(): OnboardingApiState {
  return {
    channels: Array.from({ length: 8 }, (_, i) => buildPublicChannel(i + 1)),
    searchPageSize: 3,
    searchFails: false,
    onboarding: null,
    suggestions: [
      { keyword: 'sourdough starter', videos: 6, competitors: 2 },
      { keyword: 'rye bread', videos: 3, competitors: 1 },
    ],
    suggestionsFail: false,
    attemptsLeft: 5,
    codeExpired: false,
    resendFails: false,
    resendCooldownSeconds: 60,
    accountExists: false,
    insights: {},
    insightsSequence: [],
  };
}

/** Resets the fake onboarding API. */
export function resetOnboardingApi(): void {
  Object.assign(onboardingApi, freshState());
}

const notFound = { status: 404, body: errorBody('not-found', 'Onboarding not found') };
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

/** The stored onboarding when id and session match, else null (the server's 404). */
function own(id: string | undefined, sessionId: string | undefined): Onboarding | null {
  const o = onboardingApi.onboarding;
  return o && o.id === id && o.sessionId === sessionId ? o : null;
}

/** Marks the stored onboarding verified with a pending report. */
function verify(): Onboarding {
  const o = onboardingApi.onboarding!;
  onboardingApi.insights[INSIGHTS_ID] ??= buildSharedInsights({
    status: 'pending',
    progress: { done: 0, total: o.keywords.length },
    report: null,
  });
  onboardingApi.onboarding = {
    ...o,
    onboarded: true,
    codeExpiresAt: null,
    insights: {
      id: INSIGHTS_ID,
      status: 'pending',
      createdAt: '2026-03-02T10:00:00.000Z',
      expiresAt: '2026-05-31T10:00:00.000Z',
      revoked: false,
    },
  };
  return onboardingApi.onboarding;
}

/** The handlers; install with `server.use(...onboardingHandlers())`. */
export function onboardingHandlers() {
  return [
    handle('publicChannelSearch', (_b, { query }) => {
      if (onboardingApi.searchFails) {
        return { status: 502, body: errorBody('platform-unavailable', 'Search failed') };
      }
      const q = (query.q ?? '').toLowerCase();
      const hits = onboardingApi.channels.filter((c) => c.title.toLowerCase().includes(q));
      const start = Number(query.page_token ?? 0);
      const end = start + onboardingApi.searchPageSize;
      return {
        body: {
          channels: hits.slice(start, end),
          nextPageToken: end < hits.length ? String(end) : null,
        },
      };
    }),
    handle('newOnboarding', (body) => {
      const { sessionId } = body as { sessionId: string };
      onboardingApi.onboarding = buildOnboarding({ sessionId });
      return { status: 201, body: onboardingApi.onboarding };
    }),
    handle('getOnboarding', (_b, { params, query }) => {
      const o = own(params.id, query.sessionId);
      return o ? { body: o } : notFound;
    }),
    handle('updateOnboarding', (body, { params }) => {
      const changes = body as Partial<Onboarding> & { sessionId: string; tosAccepted?: true };
      const o = own(params.id, changes.sessionId);
      if (!o) return notFound;
      const { sessionId: _s, tosAccepted, ...rest } = changes;
      let next: Onboarding = { ...o, ...rest };
      if (changes.email && tosAccepted) {
        if (next.competitors.length === 0 || next.keywords.length === 0) {
          return { status: 409, body: errorBody('onboarding-incomplete', 'Incomplete') };
        }
        next = {
          ...next,
          tosTimestamp: '2026-03-02T10:00:00.000Z',
          codeExpiresAt: inSeconds(15 * 60),
          resendAvailableAt: inSeconds(onboardingApi.resendCooldownSeconds),
        };
      }
      onboardingApi.onboarding = next;
      return { body: next };
    }),
    handle('validateEmailCode', (body) => {
      const { code } = body as { code: string };
      const refuse = (reason: 'wrong-code' | 'expired' | 'attempts-exhausted') => ({
        body: { token: null, onboarding: null, reason, attemptsLeft: onboardingApi.attemptsLeft },
      });
      if (onboardingApi.codeExpired) return refuse('expired');
      if (onboardingApi.attemptsLeft === 0) return refuse('attempts-exhausted');
      if (code !== GOOD_CODE) {
        onboardingApi.attemptsLeft -= 1;
        return refuse(onboardingApi.attemptsLeft === 0 ? 'attempts-exhausted' : 'wrong-code');
      }
      return {
        body: { token: OWNER_TOKEN, onboarding: verify(), reason: null, attemptsLeft: null },
      };
    }),
    handle('validateEmailToken', (body) => {
      const { token, sessionId } = body as { token: string; sessionId: string };
      if (token !== GOOD_LINK_TOKEN || !onboardingApi.onboarding) return { body: {} };
      onboardingApi.onboarding = { ...onboardingApi.onboarding, sessionId };
      const o = verify();
      return { body: { email: o.email ?? undefined, token: OWNER_TOKEN, onboarding: o } };
    }),
    handle('renewValidateEmailCode', () => {
      if (onboardingApi.resendFails) {
        return { status: 500, body: errorBody('internal', 'Mail failed') };
      }
      onboardingApi.attemptsLeft = 5;
      onboardingApi.codeExpired = false;
      return { body: { resendAvailableAt: inSeconds(onboardingApi.resendCooldownSeconds) } };
    }),
    handle('onboardingKeywordSuggestions', () =>
      onboardingApi.suggestionsFail
        ? { status: 502, body: errorBody('platform-unavailable', 'No suggestions') }
        : { body: { suggestions: onboardingApi.suggestions } },
    ),
    handle('createOnboardingAccount', (body) => {
      const { token, name } = body as { token: string; name?: string };
      if (token !== OWNER_TOKEN) return { status: 403, body: errorBody('forbidden', 'No') };
      if (onboardingApi.accountExists) {
        return { status: 409, body: errorBody('account-exists', 'Account exists') };
      }
      api.user = buildUser({
        email: onboardingApi.onboarding?.email ?? 'new@example.com',
        name: name ?? '',
      });
      return {
        status: 201,
        body: { user: api.user, sessionExpiresAt: '2030-01-01T00:00:00.000Z' },
      };
    }),
    handle('publicLocales', () => ({ body: api.locales })),
    handle('sharedInsights', (_b, { params }) => {
      const stored = onboardingApi.insights[params.id ?? ''];
      if (stored === undefined) return { status: 404, body: errorBody('not-found', 'Unknown') };
      if (stored === 'gone') return { status: 410, body: errorBody('link-expired', 'Expired') };
      const next = onboardingApi.insightsSequence.shift();
      if (next) onboardingApi.insights[params.id ?? ''] = next;
      return { body: next ?? stored };
    }),
    handle('revokeInsights', (body, { params }) => {
      if ((body as { token: string }).token !== OWNER_TOKEN) {
        return { status: 403, body: errorBody('forbidden', 'Not the owner') };
      }
      onboardingApi.insights[params.id ?? ''] = 'gone';
      return { body: { success: true } };
    }),
  ];
}
