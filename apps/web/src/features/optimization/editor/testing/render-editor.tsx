/** Renders the editor screen of a video of channel ch-1 with the fake API. */
import type { RequestHandler } from 'msw';
import { buildChannel, buildUser } from '../../../../testing/data.ts';
import { renderWithProviders } from '../../../../testing/render-app.tsx';
import { api, server } from '../../../../testing/server.ts';
import { VideoEditorScreen } from '../video-editor-screen.tsx';
import { editorHandlers } from './editor-server.ts';

/**
 * Signs in a user owning channel ch-1 (or one it is shared with: `shared`) and renders the
 * editor of `videoId`; `overrides` answer before the editor's default handlers.
 */
export function renderEditor(
  videoId = 'vid-1',
  overrides: RequestHandler[] = [],
  { shared = false }: { shared?: boolean } = {},
) {
  const user = buildUser();
  const channel = buildChannel({ id: 'ch-1', name: 'Baking' });
  const channels = shared
    ? { myChannels: [], invitedTo: [channel] }
    : { myChannels: [channel], invitedTo: [] };
  api.user = user;
  api.myChannels = channels.myChannels;
  api.invitedTo = channels.invitedTo;
  server.use(...editorHandlers);
  // server.use prepends: handlers added last answer first.
  if (overrides.length > 0) server.use(...overrides);
  return renderWithProviders(
    <VideoEditorScreen videoId={videoId} />,
    `/optimization/videos/${videoId}`,
    { user, channels },
  );
}
