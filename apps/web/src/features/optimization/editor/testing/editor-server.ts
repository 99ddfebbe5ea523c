/**
 * The fake API of the video editor's calls, on top of the shared contract-checked MSW helpers:
 * a plain state object each test adjusts; every request is recorded in `api.requests`.
 */
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type {
  BookmarkedKeyword,
  KeywordSearchResponse,
  RecommendationsResponse,
  Template,
  UploadedThumbnail,
  VideoDetails,
  VideoDraft,
} from '@tubewise/contract';
import { routes } from '@tubewise/contract';
import { api, errorBody, handle, routeUrl } from '../../../../testing/server.ts';
import {
  buildDraft,
  buildPublishRecord,
  buildPublishResponse,
  buildRecommendations,
  buildTemplate,
  buildUploadedThumbnail,
  buildVideoDetails,
  buildVideoRow,
} from './editor-data.ts';

/** What the editor's fake API answers. */
export interface EditorApiState {
  /** null = 404 not-found. */
  details: VideoDetails | null;
  recommendations: (searchTerm: string | null) => RecommendationsResponse;
  templates: Template[];
  bookmarks: BookmarkedKeyword[];
  suggestions: (q: string) => KeywordSearchResponse;
  uploaded: UploadedThumbnail;
  /** Raw uploads received: content type and size. */
  uploads: { contentType: string | null; bytes: number }[];
}

/** The editor's fake API state for the running test. */
export const editorApi: EditorApiState = {
  details: null,
  recommendations: () => buildRecommendations(),
  templates: [],
  bookmarks: [],
  suggestions: () => ({ items: [], source: { name: 'Test', fetchedAt: '' }, languageId: 'en-us' }),
  uploaded: buildUploadedThumbnail(),
  uploads: [],
};

/** Resets the editor's fake API: one video without a draft, no templates or bookmarks. */
export function resetEditorApi(): void {
  editorApi.details = buildVideoDetails();
  editorApi.recommendations = (searchTerm) => buildRecommendations({ searchTerm });
  editorApi.templates = [];
  editorApi.bookmarks = [];
  editorApi.suggestions = (q) => ({
    items: [
      { keyword: q, volume: 5400, competition: 0.2, cpc: 0.4 },
      { keyword: `${q} recipe`, volume: 12000, competition: 0.8, cpc: 0.9 },
    ],
    source: { name: 'Tubewise emulator', fetchedAt: '2026-02-01T00:00:00.000Z' },
    languageId: 'en-us',
  });
  editorApi.uploaded = buildUploadedThumbnail();
  editorApi.uploads = [];
}

let templateSeq = 100;

/** The last recorded request of a route (its body, params and query). */
export function lastRequest(route: keyof typeof routes) {
  return [...api.requests].reverse().find((r) => r.route === route);
}

/** Every recorded request of a route. */
export function requestsOf(route: keyof typeof routes) {
  return api.requests.filter((r) => r.route === route);
}

/** The handlers of the editor's routes. */
export const editorHandlers = [
  handle('videoDetails', () =>
    editorApi.details
      ? { body: editorApi.details }
      : { status: 404, body: errorBody('not-found', 'Video not found') },
  ),
  handle('recommendations', (_b, { query }) => ({
    body: editorApi.recommendations(query.searchTerm ?? editorApi.details?.searchTerm ?? null),
  })),
  handle('setSearchTerm', (body) => ({
    body: editorApi.recommendations((body as { searchTerm: string | null }).searchTerm),
  })),
  handle('ignoreTip', (_b, { params }) => ({
    body: { ...editorApi.recommendations(null), ignored: [params.type ?? ''] },
  })),
  handle('unignoreTip', () => ({ body: { ...editorApi.recommendations(null), ignored: [] } })),
  handle('saveDraft', (body) => {
    const b = body as Omit<VideoDraft, 'revision' | 'updatedAt' | 'updatedBy'> & {
      baseRevision: number | null;
    };
    return {
      body: buildDraft({
        title: b.title,
        description: b.description,
        tags: b.tags,
        searchTerm: b.searchTerm,
        language: b.language,
        thumbnailId: b.thumbnailId,
        revision: (b.baseRevision ?? 0) + 1,
        updatedBy: 'Me',
      }),
    };
  }),
  handle('deleteDraft', () => ({ body: { success: true } })),
  handle('templates', () => ({ body: { items: editorApi.templates } })),
  handle('createTemplate', (body) => {
    const t = buildTemplate({ ...(body as object), id: `tpl-${(templateSeq += 1)}` });
    editorApi.templates = [t, ...editorApi.templates];
    return { status: 201, body: t };
  }),
  handle('updateTemplate', (body, { params }) => {
    const t = buildTemplate({ ...(body as object), id: params.templateId ?? '' });
    editorApi.templates = editorApi.templates.map((x) => (x.id === t.id ? t : x));
    return { body: t };
  }),
  handle('deleteTemplate', (_b, { params }) => {
    editorApi.templates = editorApi.templates.filter((t) => t.id !== params.templateId);
    return { body: { success: true } };
  }),
  handle('publish', (body) => {
    const b = body as {
      title: string;
      description: string;
      tags: string[];
      thumbnailId: string | null;
    };
    const before = editorApi.details ?? buildVideoDetails();
    // A published upload becomes the live thumbnail, at a YouTube address.
    const thumbnail = b.thumbnailId
      ? {
          thumbnailUrl: `https://i.ytimg.com/vi/${before.videoId}/maxresdefault.jpg`,
          thumbnailWidth: editorApi.uploaded.width,
          thumbnailHeight: editorApi.uploaded.height,
        }
      : {};
    const video = buildVideoDetails({
      ...before,
      live: {
        ...before.live,
        ...thumbnail,
        title: b.title,
        description: b.description,
        tags: b.tags,
      },
      draft: null,
    });
    editorApi.details = video;
    return {
      body: buildPublishResponse({
        video,
        publish: buildPublishRecord({
          id: 'pub-9',
          at: new Date().toISOString(),
          by: 'Me',
          before: {
            title: before.live.title,
            description: before.live.description,
            tags: before.live.tags,
          },
          after: { title: b.title, description: b.description, tags: b.tags },
          thumbnailChanged: b.thumbnailId !== null,
          quotaUnits: 50,
        }),
        next: buildVideoRow({ videoId: 'vid-2', title: 'Rye bread at home' }),
      }),
    };
  }),
  handle('restorePublish', (_b, { params }) => {
    const before = editorApi.details ?? buildVideoDetails();
    const video = buildVideoDetails({ ...before, live: { ...before.live, title: 'Old title' } });
    editorApi.details = video;
    return {
      body: buildPublishResponse({
        video,
        publish: buildPublishRecord({
          id: 'pub-10',
          restoresId: params.publishId ?? null,
          by: 'Me',
          at: new Date().toISOString(),
          before: { title: before.live.title, description: '', tags: [] },
          after: { title: 'Old title', description: '', tags: [] },
          quotaUnits: 50,
        }),
        next: null,
      }),
    };
  }),
  handle('keywordSearch', (_b, { query }) => ({ body: editorApi.suggestions(query.q ?? '') })),
  handle('bookmarkedKeywords', () => ({ body: { items: editorApi.bookmarks } })),
  handle('bookmarkKeyword', (body) => {
    const { keyword } = body as { keyword: string };
    editorApi.bookmarks = [...editorApi.bookmarks, { id: `bk-${keyword}`, keyword, volume: null }];
    return { body: { items: editorApi.bookmarks } };
  }),
  handle('removeBookmarkedKeyword', (_b, { params }) => {
    editorApi.bookmarks = editorApi.bookmarks.filter((b) => b.id !== params.keywordId);
    return { body: { items: editorApi.bookmarks } };
  }),
  // The thumbnail goes as the raw image body, not JSON: checked here by hand.
  http.post(routeUrl('uploadThumbnail'), async ({ request, params }) => {
    const contentType = request.headers.get('content-type');
    const bytes = (await request.arrayBuffer()).byteLength;
    editorApi.uploads.push({ contentType, bytes });
    api.requests.push({
      route: 'uploadThumbnail',
      body: null,
      params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      query: {},
    });
    if (contentType !== 'image/jpeg' && contentType !== 'image/png') {
      return HttpResponse.json(errorBody('unsupported-media-type'), { status: 415 });
    }
    const body = routes.uploadThumbnail.response.parse(editorApi.uploaded) as JsonBodyType;
    return HttpResponse.json(body, { status: 201 });
  }),
];
