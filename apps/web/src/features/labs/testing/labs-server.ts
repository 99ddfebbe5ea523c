/**
 * The fake API of the Labs page (tests, one test, start, stop, the video list and thumbnail
 * uploads) on the shared contract-checked MSW helpers, with builders of valid answers. Tests
 * install `labsHandlers()` and adjust `labsApi`.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import {
  routes,
  thumbnailTest as thumbnailTestSchema,
  videoRow as videoRowSchema,
  type ThumbnailTest,
  type ThumbnailVariant,
  type UploadedThumbnail,
  type VideoRow,
} from '@tubewise/contract';
import { api, errorBody, handle, routeUrl } from '../../../testing/server.ts';

/** What the fake Labs API answers; tests mutate it. */
export interface LabsApiState {
  tests: ThumbnailTest[];
  budget: { dailyUnits: number; spentToday: number };
  videos: VideoRow[];
  /** Answers of the uploads in order; an error answer fails that upload. */
  uploads: (UploadedThumbnail | { status: number; code: string; message: string })[];
  /** Bytes and content type of every upload. */
  uploaded: { videoId: string; contentType: string | null; bytes: number }[];
  /** The start call answers this error instead (e.g. 409 thumbnail-test-running). */
  startError: { status: number; code: string; message: string } | null;
}

/** The fake API's state for the running test. */
export const labsApi: LabsApiState = {
  tests: [],
  budget: { dailyUnits: 1000, spentToday: 50 },
  videos: [],
  uploads: [],
  uploaded: [],
  startError: null,
};

/** A video of the choice list (validated). */
export function buildVideo(overrides: Partial<VideoRow> = {}): VideoRow {
  return videoRowSchema.parse({
    videoId: 'vid-1',
    title: 'How to bake sourdough bread',
    thumbnailUrl: 'https://i.ytimg.com/vi/vid-1/mqdefault.jpg',
    privacyStatus: 'public',
    date: '2026-10-01T12:00:00.000Z',
    scheduled: false,
    views: 12_400,
    durationSeconds: 600,
    isShort: false,
    searchTerm: null,
    level: 50,
    impact: 40,
    lastUpdate: null,
    hasDraft: false,
    updatedOnPlatform: false,
    ...overrides,
  });
}

/** An uploaded thumbnail as the server answers it. */
export function buildUpload(n: number, overrides: Partial<UploadedThumbnail> = {}) {
  return {
    thumbnailId: `thumb-${n}`,
    url: `/optimization/thumbnails/thumb-${n}`,
    width: 1280,
    height: 720,
    bytes: 40_000,
    mimeType: 'image/png' as const,
    warnings: [],
    ...overrides,
  } satisfies UploadedThumbnail;
}

/** A variant with figures (validated by the test's schema). */
export function buildVariant(
  label: string,
  overrides: Partial<ThumbnailVariant> = {},
): ThumbnailVariant {
  return {
    id: `variant-${label}`,
    label,
    imageUrl: `/optimization/thumbnails/thumb-${label}`,
    width: 1280,
    height: 720,
    isLive: false,
    exposureHours: 48,
    measuredDays: 2,
    views: 800,
    watchMinutes: 2400,
    averageViewPercentage: 41.5,
    viewsPerDay: 400,
    probabilityBest: 0.3,
    interval: { low: 38.2, high: 44.9 },
    ...overrides,
  };
}

const PACIFIC_MIDNIGHT = (day: number) => new Date(Date.UTC(2026, 10, day, 8)).toISOString();

/**
 * A running three-variant test on vid-1, started Nov 20 (Pacific) for 6 days: A live Nov 20–21,
 * B Nov 22, C since Nov 23 (validated).
 */
export function buildTest(overrides: Partial<ThumbnailTest> = {}): ThumbnailTest {
  return thumbnailTestSchema.parse({
    id: 'test-1',
    channelId: '7d4c8a52-1f0e-4b7a-9c3d-2e5f6a7b8c9d',
    videoId: 'vid-1',
    videoTitle: 'How to bake sourdough bread',
    originalImageUrl: '/optimization/thumbnails/original-1',
    metric: 'averageViewPercentage',
    durationDays: 6,
    status: 'running',
    startedAt: '2026-11-20T18:00:00.000Z',
    endsAt: PACIFIC_MIDNIGHT(27),
    endedAt: null,
    nextSwapAt: PACIFIC_MIDNIGHT(24),
    measuredThrough: '2026-11-22',
    startedBy: 'Demo Creator',
    variants: [
      buildVariant('A', { probabilityBest: 0.1, interval: { low: 35, high: 42 } }),
      buildVariant('B', {
        probabilityBest: 0.25,
        measuredDays: 1,
        interval: { low: 37, high: 45 },
      }),
      buildVariant('C', {
        isLive: true,
        probabilityBest: 0.65,
        measuredDays: 0,
        views: 0,
        watchMinutes: 0,
        averageViewPercentage: null,
        viewsPerDay: null,
        interval: null,
      }),
    ],
    windows: [
      {
        variantId: 'variant-A',
        startedAt: '2026-11-20T18:00:00.000Z',
        endedAt: PACIFIC_MIDNIGHT(22),
      },
      { variantId: 'variant-B', startedAt: PACIFIC_MIDNIGHT(22), endedAt: PACIFIC_MIDNIGHT(23) },
      { variantId: 'variant-C', startedAt: PACIFIC_MIDNIGHT(23), endedAt: null },
    ],
    skippedSwaps: [{ day: '2026-11-21', reason: 'budget' }],
    decision: null,
    notice: null,
    ...overrides,
  });
}

/** Resets the fake Labs API: no tests, no videos, no uploads. */
export function resetLabsApi(): void {
  labsApi.tests = [];
  labsApi.budget = { dailyUnits: 1000, spentToday: 50 };
  labsApi.videos = [];
  labsApi.uploads = [];
  labsApi.uploaded = [];
  labsApi.startError = null;
}

/** The Labs routes' handlers over `labsApi`. */
export function labsHandlers() {
  return [
    handle('thumbnailTests', () => ({
      body: { tests: labsApi.tests, budget: labsApi.budget },
    })),
    handle('thumbnailTest', (_body, { params }) => {
      const test = labsApi.tests.find((t) => t.id === params.testId);
      return test
        ? { body: test }
        : { status: 404, body: errorBody('not-found', 'Thumbnail test not found') };
    }),
    handle('createThumbnailTest', (body) => {
      const failure = labsApi.startError;
      if (failure)
        return { status: failure.status, body: errorBody(failure.code, failure.message) };
      const input = body as {
        videoId: string;
        thumbnailIds: string[];
        durationDays: number;
        metric: ThumbnailTest['metric'];
      };
      const video = labsApi.videos.find((v) => v.videoId === input.videoId);
      const test = buildTest({
        id: `test-${labsApi.tests.length + 1}`,
        videoId: input.videoId,
        videoTitle: video?.title ?? input.videoId,
        metric: input.metric,
        durationDays: input.durationDays,
        variants: input.thumbnailIds.map((_id, i) =>
          buildVariant(String.fromCharCode(65 + i), {
            isLive: i === 0,
            measuredDays: 0,
            views: 0,
            watchMinutes: 0,
            averageViewPercentage: null,
            viewsPerDay: null,
            probabilityBest: null,
            interval: null,
          }),
        ),
        windows: [{ variantId: 'variant-A', startedAt: new Date().toISOString(), endedAt: null }],
        skippedSwaps: [],
        startedAt: new Date().toISOString(),
        measuredThrough: null,
      });
      labsApi.tests = [test, ...labsApi.tests];
      return { status: 201, body: test };
    }),
    handle('stopThumbnailTest', (_body, { params }) => {
      const test = labsApi.tests.find((t) => t.id === params.testId);
      if (!test) return { status: 404, body: errorBody('not-found', 'Thumbnail test not found') };
      if (test.status !== 'running') {
        return { status: 409, body: errorBody('thumbnail-test-ended', 'The test has ended') };
      }
      const at = new Date().toISOString();
      const stopped: ThumbnailTest = {
        ...test,
        status: 'stopped',
        endedAt: at,
        nextSwapAt: null,
        variants: test.variants.map((v) => ({ ...v, isLive: false })),
        windows: test.windows.map((w) => (w.endedAt === null ? { ...w, endedAt: at } : w)),
        decision: {
          winnerVariantId: null,
          probability: null,
          reason: 'stopped',
          applied: 'original',
          decidedAt: at,
        },
      };
      labsApi.tests = labsApi.tests.map((t) => (t.id === test.id ? stopped : t));
      return { body: stopped };
    }),
    handle('videoList', (_body, { query }) => {
      const q = (query.q ?? '').toLowerCase();
      const items = labsApi.videos.filter((v) => v.title.toLowerCase().includes(q));
      return {
        body: { items, page: 1, pageSize: 50, total: items.length, shortsEnabled: false },
      };
    }),
    // The thumbnail goes as the raw image body, not JSON: checked here by hand.
    http.post(routeUrl('uploadThumbnail'), async ({ request, params }) => {
      const contentType = request.headers.get('content-type');
      const bytes = (await request.arrayBuffer()).byteLength;
      labsApi.uploaded.push({ videoId: String(params.videoId), contentType, bytes });
      api.requests.push({
        route: 'uploadThumbnail',
        body: null,
        params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
        query: {},
      });
      const answer = labsApi.uploads.shift() ?? buildUpload(labsApi.uploaded.length);
      if ('code' in answer) {
        return HttpResponse.json(errorBody(answer.code, answer.message), {
          status: answer.status,
        });
      }
      const body = routes.uploadThumbnail.response.parse(answer) as JsonBodyType;
      return HttpResponse.json(body, { status: 201 });
    }),
  ];
}
