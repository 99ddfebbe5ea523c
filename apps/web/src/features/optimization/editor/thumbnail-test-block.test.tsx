import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { buildVideoDetails } from './testing/editor-data.ts';
import { editorApi, resetEditorApi } from './testing/editor-server.ts';
import { renderEditor } from './testing/render-editor.tsx';
import { initialEditorState, editorReducer } from './editor-state.ts';
import { buildUploadedThumbnail } from './testing/editor-data.ts';

vi.setConfig({ testTimeout: 40_000 });

beforeEach(() => resetEditorApi());

const running = () =>
  buildVideoDetails({
    abTest: true,
    thumbnailTest: { id: 'test-7', endsAt: '2026-12-04T08:00:00.000Z' },
  });

describe('the thumbnail while a thumbnail test runs', () => {
  it('says until when, links to the test and blocks uploads', async () => {
    editorApi.details = running();
    renderEditor();
    const section = await screen.findByRole('region', { name: 'Thumbnail' });
    expect(
      await within(section).findByText(
        /A thumbnail test is running on this video until Dec 4, 2026/,
      ),
    ).toBeVisible();
    expect(within(section).getByRole('link', { name: 'See the test in Labs' })).toHaveAttribute(
      'href',
      '/labs?test=test-7',
    );
    expect(screen.getByLabelText('Upload thumbnail')).toBeDisabled();
  });

  it('offers uploads again without a test', async () => {
    editorApi.details = buildVideoDetails();
    renderEditor();
    const section = await screen.findByRole('region', { name: 'Thumbnail' });
    expect(within(section).queryByText(/thumbnail test is running/)).toBeNull();
    expect(screen.getByLabelText('Upload thumbnail')).toBeEnabled();
  });

  it('keeps the live thumbnail when an upload arrives during a test', () => {
    const state = initialEditorState(running());
    expect(state.current.thumbnailTest).toEqual({
      id: 'test-7',
      endsAt: '2026-12-04T08:00:00.000Z',
    });
    const next = editorReducer(state, {
      type: 'thumbnailUploaded',
      thumbnail: buildUploadedThumbnail(),
    });
    expect(next).toBe(state);
  });
});
