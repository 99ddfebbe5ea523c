import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { handle } from '../../../testing/server.ts';
import {
  buildPublishRecord,
  buildPublishResponse,
  buildVideoDetails,
} from './testing/editor-data.ts';
import { editorApi, resetEditorApi } from './testing/editor-server.ts';
import { renderEditor } from './testing/render-editor.tsx';
import { UNDO_THUMBNAIL_TEXTS } from './components/editor-messages.tsx';

vi.setConfig({ testTimeout: 40_000 });

beforeEach(() => resetEditorApi());

const LIVE = 'https://i.ytimg.com/vi/vid-1/maxresdefault.jpg';
const PUBLISHED_AT = '2026-02-01T10:00:00.000Z';
const UNDONE_AT = '2026-02-01T10:05:00.000Z';

/** The editor of a video whose last publish set a new thumbnail; undo answers `thumbnailChanged`. */
function renderUndoable(thumbnailSetBack: boolean) {
  const details = buildVideoDetails({
    live: { ...buildVideoDetails().live, thumbnailUrl: LIVE },
    lastPublish: buildPublishRecord({
      id: 'pub-1',
      at: PUBLISHED_AT,
      thumbnailChanged: true,
      previousThumbnailUrl: thumbnailSetBack ? '/optimization/thumbnails/th-old' : null,
    }),
  });
  editorApi.details = details;
  renderEditor('vid-1', [
    handle('restorePublish', () => ({
      body: buildPublishResponse({
        video: details,
        publish: buildPublishRecord({
          id: 'pub-2',
          at: UNDONE_AT,
          restoresId: 'pub-1',
          before: { title: 'New title', description: '', tags: [] },
          after: { title: 'Old title', description: '', tags: [] },
          thumbnailChanged: thumbnailSetBack,
          quotaUnits: thumbnailSetBack ? 101 : 51,
        }),
        next: null,
      }),
    })),
  ]);
}

const previews = () =>
  [
    ...screen.getByRole('list', { name: "Previews at YouTube's sizes" }).querySelectorAll('img'),
  ].map((img) => img.getAttribute('src'));

describe('undoing a publish that set a new thumbnail', () => {
  it('says the earlier thumbnail is back, and shows it (not a cached old image)', async () => {
    renderUndoable(true);
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Title' });
    // YouTube keeps the image URLs: the preview carries the last publish as a version.
    await waitFor(() => expect(previews()[0]).toBe(`${LIVE}?tw=${Date.parse(PUBLISHED_AT)}`));
    await user.click(screen.getByRole('button', { name: /^Undo the publish/ }));
    const done = await screen.findByText(/Undone: the earlier version of the title and thumbnail/);
    expect(done).toHaveTextContent(UNDO_THUMBNAIL_TEXTS.restored);
    await waitFor(() => expect(previews()[0]).toBe(`${LIVE}?tw=${Date.parse(UNDONE_AT)}`));
  });

  it('says the thumbnail stays when no copy of the replaced one was kept', async () => {
    renderUndoable(false);
    const user = userEvent.setup();
    await screen.findByRole('textbox', { name: 'Title' });
    await user.click(screen.getByRole('button', { name: /^Undo the publish/ }));
    const done = await screen.findByText(/Undone: the earlier version of the title/);
    expect(done).toHaveTextContent(UNDO_THUMBNAIL_TEXTS.notKept);
  });
});
