/** Renders the editor screen of a video of channel ch-1 with the fake API. */
import type { RequestHandler } from 'msw';
import { buildChannel, buildUser } from '../../../../testing/data.ts';
import { renderWithProviders } from '../../../../testing/render-app.tsx';
import { api, server } from '../../../../testing/server.ts';
import { VideoEditorScreen } from '../video-editor-screen.tsx';
import { editorHandlers } from './editor-server.ts';

/**
 * Signs in a user owning channel ch-1 and renders the editor of `videoId`; `overrides` answer
 * before the editor's default handlers.
 */
export function renderEditor(videoId = 'vid-1', overrides: RequestHandler[] = []) {
  const user = buildUser();
  const channel = buildChannel({ id: 'ch-1', name: 'Baking' });
  api.user = user;
  api.myChannels = [channel];
  server.use(...editorHandlers);
  // server.use prepends: handlers added last answer first.
  if (overrides.length > 0) server.use(...overrides);
  return renderWithProviders(
    <VideoEditorScreen videoId={videoId} />,
    `/optimization/videos/${videoId}`,
    { user, channels: { myChannels: [channel], invitedTo: [] } },
  );
}
