import { describe, expect, it } from 'vitest';
import { buildDraft, buildVideoDetails } from './testing/editor-data.ts';
import {
  editorReducer,
  initialEditorState,
  unsavedEditOf,
  workingCopy,
  type EditorAction,
  type EditorState,
} from './editor-state.ts';
import {
  readUnsavedEdit,
  UNSAVED_EDIT_TTL_MS,
  unsavedEditKey,
  writeUnsavedEdit,
} from './unsaved-edit.ts';

const owner = { userId: 'u-1', channelId: 'ch-1', videoId: 'vid-1' };
const run = (state: EditorState, ...actions: EditorAction[]) =>
  actions.reduce(editorReducer, state);

describe('unsaved edits in the browser', () => {
  it('are kept per person, channel and video, and forgotten with null', () => {
    const state = run(initialEditorState(buildVideoDetails()), {
      type: 'edit',
      field: 'title',
      value: 'Mine',
    });
    writeUnsavedEdit(owner, unsavedEditOf(state), 1_000);
    expect(readUnsavedEdit(owner, 2_000)?.title).toBe('Mine');
    expect(readUnsavedEdit({ ...owner, userId: 'u-2' }, 2_000)).toBeNull();
    expect(readUnsavedEdit({ ...owner, channelId: 'ch-2' }, 2_000)).toBeNull();
    expect(readUnsavedEdit({ ...owner, videoId: 'vid-2' }, 2_000)).toBeNull();
    writeUnsavedEdit(owner, null);
    expect(localStorage.getItem(unsavedEditKey(owner))).toBeNull();
  });

  it('drop entries that expired or that this version cannot read', () => {
    const edit = unsavedEditOf(initialEditorState(buildVideoDetails()));
    writeUnsavedEdit(owner, edit, 0);
    expect(readUnsavedEdit(owner, UNSAVED_EDIT_TTL_MS + 1)).toBeNull();
    expect(localStorage.getItem(unsavedEditKey(owner))).toBeNull();
    for (const garbage of ['{', '[]', '{"savedAt":1,"edit":{"title":3}}', 'null']) {
      localStorage.setItem(unsavedEditKey(owner), garbage);
      expect(readUnsavedEdit(owner, 2)).toBeNull();
    }
  });

  it('an edit marks the editor unsaved; saving, publishing and deleting the draft clear it', () => {
    const opened = initialEditorState(buildVideoDetails());
    expect(opened.unsavedEdits).toBe(false);
    const edited = run(opened, { type: 'edit', field: 'tags', value: ['a'] });
    expect(edited.unsavedEdits).toBe(true);
    expect(run(edited, { type: 'setLanguage', language: 'fr' }).unsavedEdits).toBe(true);
    const draft = buildDraft({ revision: 1 });
    expect(run(edited, { type: 'draftSaved', draft }).unsavedEdits).toBe(false);
    expect(
      run(
        edited,
        { type: 'draftSaved', draft },
        { type: 'edit', field: 'title', value: 'x' },
        { type: 'draftDeleted' },
      ).unsavedEdits,
    ).toBe(false);
  });

  it('restoring puts the kept text back with a notice; discarding shows what was there before', () => {
    const opened = initialEditorState(buildVideoDetails({ language: 'en' }));
    const kept = {
      ...unsavedEditOf(opened),
      title: 'My unsaved title',
      tags: ['bread', 'rye'],
      language: 'fr',
      thumbnail: { id: 'th-9', url: '/api/thumbs/th-9', width: 1280, height: 720 },
    };
    const restored = run(opened, { type: 'restoreUnsaved', edit: kept });
    expect(workingCopy(restored)).toMatchObject({
      title: 'My unsaved title',
      tags: ['bread', 'rye'],
      thumbnailId: 'th-9',
      thumbnailUrl: '/api/thumbs/th-9',
      hasThumbnailChanged: true,
    });
    expect(restored.language).toBe('fr');
    expect(restored.dirty).toMatchObject({ title: true, tags: true, thumbnailUrl: true });
    expect(restored.unsavedEdits).toBe(true);
    expect(restored.restoredUnsaved).not.toBeNull();
    expect(unsavedEditOf(restored)).toEqual(kept);

    const discarded = run(restored, { type: 'discardUnsaved' });
    expect(workingCopy(discarded)).toEqual(workingCopy(opened));
    expect(discarded.language).toBe('en');
    expect(discarded.unsavedEdits).toBe(false);
    expect(discarded.restoredUnsaved).toBeNull();

    const keptOn = run(restored, { type: 'keepUnsaved' });
    expect(keptOn.restoredUnsaved).toBeNull();
    expect(workingCopy(keptOn).title).toBe('My unsaved title');
  });

  it('nothing is restored when the kept edit is what the editor shows', () => {
    const opened = initialEditorState(buildVideoDetails());
    const same = run(opened, { type: 'restoreUnsaved', edit: unsavedEditOf(opened) });
    expect(same).toBe(opened);
  });

  it('restores into the draft copy when the video has a draft', () => {
    const opened = initialEditorState(buildVideoDetails({ draft: buildDraft({ revision: 2 }) }));
    const restored = run(opened, {
      type: 'restoreUnsaved',
      edit: { ...unsavedEditOf(opened), description: 'Kept text' },
    });
    expect(restored.draft?.description).toBe('Kept text');
    expect(restored.mode).toBe('draft');
  });
});
