import type { FastifyInstance } from 'fastify';
import { routes } from '@tubewise/contract';
import { CSV_CONTENT_TYPE, csvFileName } from '@tubewise/contract/csv';
import { defineRoute, SerializedJson, type SessionResolver } from '../../http/route.ts';
import { AppError } from '../../lib/errors.ts';
import type { ChannelsService } from '../channels/index.ts';
import type { DraftsService } from './drafts.service.ts';
import type { OptimizationService } from './optimization.service.ts';
import type { PublishService } from './publish.service.ts';
import type { TemplatesService } from './templates.service.ts';
import { THUMBNAIL_TYPES, type ThumbnailsService } from './thumbnails.service.ts';

/** The optimisation list, the editor's calls, drafts, templates, thumbnails and publishing. */
export function registerOptimizationRoutes(
  app: FastifyInstance,
  deps: {
    channels: ChannelsService;
    optimization: OptimizationService;
    drafts: DraftsService;
    templates: TemplatesService;
    thumbnails: ThumbnailsService;
    publish: PublishService;
    resolveSession: SessionResolver;
  },
): void {
  const { channels, optimization, drafts, templates, thumbnails, publish, resolveSession } = deps;
  const tags = ['optimization'];

  // A write through these routes shows in its author's next list at once, without waiting for
  // the database's notification to reach this process.
  app.addHook('onSend', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    if (!request.routeOptions.url?.startsWith('/optimization/channels/:id/')) return;
    const { id } = request.params as { id?: string };
    if (id) optimization.freshness.forget(id);
  });

  defineRoute(
    app,
    routes.videoList,
    resolveSession,
    async ({ params, query }) => {
      const version = await optimization.freshness.version(params.id, () =>
        channels.videosVersion(params.id),
      );
      const { json, gzip } = await optimization.list(params.id, query, version);
      return new SerializedJson(json, gzip);
    },
    // A page served from memory needs no database round trip: the access check too.
    { tags, accessCache: optimization.freshness },
  );

  defineRoute(
    app,
    routes.videoExport,
    resolveSession,
    async ({ params, query, access, reply }) => {
      const { csv, exportedAt } = await optimization.exportCsv(params.id, query);
      const day = exportedAt.toISOString().slice(0, 10);
      const name = csvFileName(`${access.channel.name}-videos-${query.tab}-${day}`);
      // A string with a non-JSON type is sent as is (the schema serialiser is for JSON).
      reply
        .type(CSV_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'private, no-store');
      return csv;
    },
    { tags },
  );

  defineRoute(
    app,
    routes.checkVideos,
    resolveSession,
    async ({ params, body }) => optimization.check(params.id, body.videosToCheck),
    { tags },
  );

  defineRoute(
    app,
    routes.playlists,
    resolveSession,
    async ({ params }) => optimization.playlists(params.id),
    { tags },
  );

  defineRoute(
    app,
    routes.nextVideo,
    resolveSession,
    async ({ params }) => ({ video: await optimization.next(params.id, params.videoId) }),
    { tags },
  );

  defineRoute(
    app,
    routes.videoDetails,
    resolveSession,
    async ({ params }) => optimization.details(params.id, params.videoId),
    { tags },
  );

  defineRoute(
    app,
    routes.setSearchTerm,
    resolveSession,
    async ({ params, body }) =>
      optimization.setSearchTerm(params.id, params.videoId, body.searchTerm),
    { tags },
  );

  defineRoute(
    app,
    routes.recommendations,
    resolveSession,
    async ({ params, query }) =>
      optimization.recommendations(params.id, params.videoId, query.searchTerm),
    { tags },
  );

  for (const [route, ignored] of [
    [routes.ignoreTip, true],
    [routes.unignoreTip, false],
  ] as const) {
    defineRoute(
      app,
      route,
      resolveSession,
      async ({ params }) =>
        optimization.setTipIgnored(params.id, params.videoId, params.type, ignored),
      { tags },
    );
  }

  defineRoute(
    app,
    routes.saveDraft,
    resolveSession,
    async ({ params, body, session }) => {
      const video = await optimization.requireVideo(params.id, params.videoId);
      return drafts.save(video, session.userId, body);
    },
    { tags },
  );

  defineRoute(
    app,
    routes.deleteDraft,
    resolveSession,
    async ({ params, query }) => {
      const video = await optimization.requireVideo(params.id, params.videoId);
      await drafts.delete(video.id, query.revision);
      return { success: true as const };
    },
    { tags },
  );

  defineRoute(
    app,
    routes.templates,
    resolveSession,
    async ({ params }) => ({ items: await templates.list(params.id) }),
    { tags },
  );

  defineRoute(
    app,
    routes.createTemplate,
    resolveSession,
    async ({ params, body, session }) => {
      return templates.create(params.id, session.userId, body);
    },
    { tags },
  );

  defineRoute(
    app,
    routes.updateTemplate,
    resolveSession,
    async ({ params, body }) => templates.update(params.id, params.templateId, body),
    { tags },
  );

  defineRoute(
    app,
    routes.deleteTemplate,
    resolveSession,
    async ({ params }) => {
      await templates.delete(params.id, params.templateId);
      return { success: true as const };
    },
    { tags },
  );

  // The upload takes the image itself as the body (no multipart): a content-type parser for
  // the two image types, scoped to this one route.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      [...THUMBNAIL_TYPES],
      { parseAs: 'buffer', bodyLimit: thumbnails.limitBytes * 2 },
      (_request, body, done) => done(null, body),
    );
    defineRoute(
      scope,
      routes.uploadThumbnail,
      resolveSession,
      async ({ params, request, session }) => {
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (
          !(THUMBNAIL_TYPES as readonly string[]).includes(type) ||
          !Buffer.isBuffer(request.body)
        )
          throw new AppError(
            'unsupported-media-type',
            'Send the thumbnail as the body with Content-Type image/jpeg or image/png.',
          );
        const video = await optimization.requireVideo(params.id, params.videoId);
        return thumbnails.upload(video, session.userId, request.body, type);
      },
      {
        tags,
        bodyLimit: thumbnails.limitBytes * 2,
        config: { contentTypes: THUMBNAIL_TYPES },
      },
    );
  });

  defineRoute(
    app,
    routes.thumbnailImage,
    resolveSession,
    async ({ params, reply }) => {
      const row = await thumbnails.find(params.thumbnailId);
      if (!row) throw new AppError('not-found', 'This thumbnail upload does not exist.');
      reply
        .type(row.mimeType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      return row.data as never;
    },
    { tags },
  );

  defineRoute(
    app,
    routes.publish,
    resolveSession,
    async ({ params, body, session }) => {
      return publish.publish(params.id, params.videoId, session.userId, body);
    },
    { tags },
  );

  defineRoute(
    app,
    routes.publishHistory,
    resolveSession,
    async ({ params }) => ({ items: await publish.history(params.id, params.videoId) }),
    { tags },
  );

  defineRoute(
    app,
    routes.restorePublish,
    resolveSession,
    async ({ params, session }) => {
      return publish.restore(params.id, params.videoId, session.userId, params.publishId);
    },
    { tags },
  );
}
