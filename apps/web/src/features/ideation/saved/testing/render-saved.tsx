/** Renders the saved-ideas page of channel ch-1 in the whole app, with the fake API. */
import type { QueryClient } from '@tanstack/react-query';
import { buildChannel, buildUser } from '../../../../testing/data.ts';
import { renderApp } from '../../../../testing/render-app.tsx';
import { api, server } from '../../../../testing/server.ts';
import { savedHandlers } from './saved-server.ts';

// ProseMirror measures the selection to scroll it into view; jsdom has no layout.
const noRect = {
  x: 0,
  y: 0,
  top: 0,
  left: 0,
  bottom: 0,
  right: 0,
  width: 0,
  height: 0,
  toJSON: () => ({}),
} as DOMRect;
Range.prototype.getBoundingClientRect = () => noRect;
Range.prototype.getClientRects = () =>
  ({
    length: 0,
    item: () => null,
    [Symbol.iterator]: [][Symbol.iterator],
  }) as unknown as DOMRectList;
document.elementFromPoint ??= () => null;

/**
 * Signs in a user owning channel ch-1 and opens `entry` (a saved-ideas URL); `prepare` may fill
 * the query cache first.
 */
export function renderSaved(
  entry = '/video-idea/saved',
  prepare?: (queryClient: QueryClient) => void,
) {
  api.user = buildUser({ name: 'Me' });
  api.myChannels = [buildChannel({ id: 'ch-1', name: 'Baking' })];
  server.use(...savedHandlers);
  return renderApp(entry, prepare);
}
