/**
 * The fake API of the competition view (competitors, the report, the public channel search and
 * tracking a keyword) on the shared contract-checked MSW helpers, with builders of valid
 * answers. Tests install `competitionHandlers()` and adjust `competitionApi`.
 */
import {
  competitionReport as competitionReportSchema,
  competitor as competitorSchema,
  trackedKeyword as trackedKeywordSchema,
  type CompetitionReport,
  type Competitor,
} from '@tubewise/contract';
import { COMPETITORS_PER_CHANNEL_MAX } from '@tubewise/contract/onboarding-constants';
import { errorBody, handle } from '../../../testing/server.ts';

/** The own channel's platform id in the builders (buildChannels' first channel). */
export const OWN_YOUTUBE_ID = 'UC-yt-1';

/** A channel the search finds. */
export interface FoundChannel {
  youtubeId: string;
  title: string;
  description: string;
  thumbnailUrl: string;
}

/** What the fake competition API answers; tests mutate it. */
export interface CompetitionApiState {
  competitors: Competitor[];
  max: number;
  /** null: the report call answers 500. */
  report: CompetitionReport | null;
  /** Search results by query, one array per page. */
  search: Record<string, FoundChannel[][]>;
  /** The add call answers this error instead (e.g. 409 competitors-limit). */
  addError: { status: number; code: string; message: string } | null;
}

/** The fake API's state for the running test. */
export const competitionApi: CompetitionApiState = {
  competitors: [],
  max: COMPETITORS_PER_CHANNEL_MAX,
  report: null,
  search: {},
  addError: null,
};

/** A competitor as the API lists it (validated). */
export function buildCompetitor(overrides: Partial<Competitor> = {}): Competitor {
  return competitorSchema.parse({
    youtubeId: 'UC-rival-1',
    title: 'Rival Bakes',
    thumbnailUrl: 'https://img.example.com/rival-1.jpg',
    customUrl: '@rivalbakes',
    subscriberCount: 12_300,
    videoCount: 340,
    viewCount: 1_200_000,
    refreshedAt: '2026-11-21T06:00:00.000Z',
    addedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  });
}

/** A found channel of the search. */
export function buildFoundChannel(overrides: Partial<FoundChannel> = {}): FoundChannel {
  return {
    youtubeId: 'UC-rival-1',
    title: 'Rival Bakes',
    description: 'Bread every week',
    thumbnailUrl: 'https://img.example.com/rival-1.jpg',
    ...overrides,
  };
}

const weeks = (uploads: number[], viewsEach: number) =>
  uploads.map((u, i) => ({
    weekStart: new Date(Date.UTC(2026, 7, 24 + 7 * i)).toISOString().slice(0, 10),
    uploads: u,
    views: u * viewsEach,
  }));

/**
 * A report of the own channel ("Channel 1") against "Rival Bakes" (validated): 10 of 12 tracked
 * keywords counted, two gaps, 13 weeks of activity.
 */
export function buildCompetitionReport(
  overrides: Partial<CompetitionReport> = {},
): CompetitionReport {
  const own = [1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1];
  const rival = [2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1, 3];
  return competitionReportSchema.parse({
    period: { from: '2026-08-24', to: '2026-11-21', days: 90 },
    channels: [
      { youtubeId: OWN_YOUTUBE_ID, title: 'Channel 1', thumbnailUrl: '', isOwn: true },
      { youtubeId: 'UC-rival-1', title: 'Rival Bakes', thumbnailUrl: '', isOwn: false },
    ],
    shareOfVoice: {
      keywords: 10,
      trackedKeywords: 12,
      day: '2026-11-21',
      depth: 20,
      equalWeights: false,
      entries: [
        { youtubeId: OWN_YOUTUBE_ID, share: 0.125, positions: 14, keywords: 6 },
        { youtubeId: 'UC-rival-1', share: 0.3456, positions: 41, keywords: 9 },
      ],
    },
    gaps: [
      {
        keyword: 'sourdough starter',
        language: 'en-us',
        volume: 5400,
        tracked: false,
        competitors: [{ youtubeId: 'UC-rival-1', position: 3 }],
        day: '2026-11-21',
        videoToOptimise: { youtubeId: 'vid-own-1', title: 'My first loaf' },
      },
      {
        keyword: 'rye bread',
        language: 'en-us',
        volume: null,
        tracked: true,
        competitors: [{ youtubeId: 'UC-rival-1', position: 12 }],
        day: '2026-11-21',
        videoToOptimise: null,
      },
    ],
    activity: [
      {
        youtubeId: OWN_YOUTUBE_ID,
        uploads: 7,
        viewsPerVideo: 800,
        weeks: weeks(own, 800),
        topVideos: [
          {
            videoId: 'vid-own-1',
            title: 'My first loaf',
            thumbnailUrl: 'https://img.example.com/v1.jpg',
            publishedAt: '2026-10-01T12:00:00.000Z',
            views: 2400,
          },
        ],
        topTags: [{ tag: 'bread', videos: 5 }],
        unavailable: false,
        countedFrom: null,
      },
      {
        youtubeId: 'UC-rival-1',
        uploads: 21,
        viewsPerVideo: 1234.4,
        weeks: weeks(rival, 1234),
        topVideos: [
          {
            videoId: 'vid-rival-1',
            title: 'Perfect baguettes',
            thumbnailUrl: 'https://img.example.com/r1.jpg',
            publishedAt: '2026-11-02T12:00:00.000Z',
            views: 98_000,
          },
        ],
        topTags: [
          { tag: 'baguette', videos: 8 },
          { tag: 'french bread', videos: 4 },
        ],
        unavailable: false,
        countedFrom: null,
      },
    ],
    refreshedAt: '2026-11-21T06:00:00.000Z',
    refreshing: false,
    ...overrides,
  });
}

/** Resets the fake competition API: no competitors, no report, no search results. */
export function resetCompetitionApi(): void {
  competitionApi.competitors = [];
  competitionApi.max = COMPETITORS_PER_CHANNEL_MAX;
  competitionApi.report = null;
  competitionApi.search = {};
  competitionApi.addError = null;
}

const list = () => ({ competitors: competitionApi.competitors, max: competitionApi.max });

/** The competition routes' handlers over `competitionApi`. */
export function competitionHandlers() {
  return [
    handle('competitors', () => ({ body: list() })),
    handle('addCompetitor', (body) => {
      const { youtubeId } = body as { youtubeId: string };
      const failure = competitionApi.addError;
      if (failure)
        return { status: failure.status, body: errorBody(failure.code, failure.message) };
      if (competitionApi.competitors.length >= competitionApi.max) {
        return { status: 409, body: errorBody('competitors-limit', 'Too many competitors') };
      }
      const found = Object.values(competitionApi.search)
        .flat(2)
        .find((c) => c.youtubeId === youtubeId);
      competitionApi.competitors = [
        ...competitionApi.competitors,
        buildCompetitor({
          youtubeId,
          title: found?.title ?? youtubeId,
          thumbnailUrl: found?.thumbnailUrl ?? '',
          refreshedAt: null,
        }),
      ];
      return { status: 201, body: list() };
    }),
    handle('removeCompetitor', (_body, { params }) => {
      competitionApi.competitors = competitionApi.competitors.filter(
        (c) => c.youtubeId !== params.youtubeId,
      );
      return { body: list() };
    }),
    handle('competition', () =>
      competitionApi.report
        ? { body: competitionApi.report }
        : { status: 500, body: errorBody('internal', 'Something broke') },
    ),
    handle('publicChannelSearch', (_body, { query }) => {
      const pages = competitionApi.search[query.q ?? ''] ?? [];
      const index = query.page_token ? Number(query.page_token) : 0;
      return {
        body: {
          channels: pages[index] ?? [],
          nextPageToken: index + 1 < pages.length ? String(index + 1) : null,
        },
      };
    }),
    handle('addTrackedKeywords', (body) => {
      const { text, language } = body as { text: string; language?: string };
      return {
        status: 201,
        body: {
          added: [
            trackedKeywordSchema.parse({
              id: '00000000-0000-4000-8000-000000000001',
              keyword: text,
              language: language ?? 'en-us',
              addedAt: '2026-11-21T08:00:00.000Z',
            }),
          ],
          refused: [],
        },
      };
    }),
  ];
}
