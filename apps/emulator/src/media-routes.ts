// Images: video thumbnails at {prefix}/vi/{videoId}/{default|mqdefault|hqdefault|sddefault|maxresdefault}.jpg
// and channel avatars/banners at {prefix}/yt3/{channelId}/{s88|s240|s800|banner}.jpg.
import type { FastifyInstance } from 'fastify';
import { THUMBNAIL_SIZES, type ThumbnailSizeName } from './resources.ts';
import type { EmulatorState } from './state.ts';

const BY_FILE = new Map<string, ThumbnailSizeName>(
  (Object.keys(THUMBNAIL_SIZES) as ThumbnailSizeName[]).map((name) => [
    THUMBNAIL_SIZES[name].file,
    name,
  ]),
);

/** Registers the image routes. */
export function registerMediaRoutes(app: FastifyInstance, state: EmulatorState): void {
  app.get<{ Params: { videoId: string; file: string } }>(
    '/vi/:videoId/:file',
    async (request, reply) => {
      const name = BY_FILE.get(request.params.file);
      const video = state.corpus.getVideo(request.params.videoId);
      if (!name || !video) return reply.code(404).type('text/plain').send('Not Found');
      const custom = state.thumbnails.custom(video.id, name);
      const size = THUMBNAIL_SIZES[name];
      const image =
        custom ??
        (await state.thumbnails.placeholder(video.id, video.title, size.width, size.height));
      return reply
        .type('image/jpeg')
        .header('cache-control', custom ? 'public, max-age=60' : 'public, max-age=86400')
        .send(image);
    },
  );

  app.get<{ Params: { channelId: string; file: string } }>(
    '/yt3/:channelId/:file',
    async (request, reply) => {
      const channel = state.corpus.getChannel(request.params.channelId);
      const m = /^(?:s(88|240|800)|(banner))\.jpg$/.exec(request.params.file);
      if (!channel || !m) return reply.code(404).type('text/plain').send('Not Found');
      const image = m[2]
        ? await state.thumbnails.placeholder(`banner-${channel.id}`, channel.title, 2048, 1152)
        : await state.thumbnails.placeholder(
            channel.id,
            channel.title.charAt(0),
            Number(m[1]),
            Number(m[1]),
            true,
          );
      return reply.type('image/jpeg').header('cache-control', 'public, max-age=86400').send(image);
    },
  );
}
