import { describe, expect, it } from 'vitest';
import {
  editorReducer,
  hasChanges,
  initialEditorState,
  NEW_TEMPLATE_ID,
  publishBody,
  saveDraftBody,
  workingCopy,
  type EditorAction,
  type EditorState,
} from './editor-state.ts';
import {
  buildDraft,
  buildPublishRecord,
  buildPublishResponse,
  buildRecommendations,
  buildTemplate,
  buildUploadedThumbnail,
  buildVideoDetails,
  buildVideoRow,
} from './testing/editor-data.ts';

const run = (state: EditorState, ...actions: EditorAction[]): EditorState =>
  actions.reduce(editorReducer, state);

const live = () => initialEditorState(buildVideoDetails());
const withDraft = () =>
  initialEditorState(buildVideoDetails({ draft: buildDraft({ revision: 3 }) }));

describe('editing (spec section 4)', () => {
  it('without a draft, edits and dirty marks go to the live edited copy', () => {
    const state = run(live(), { type: 'edit', field: 'title', value: 'A better title' });
    expect(state.edited.title).toBe('A better title');
    expect(state.dirty.title).toBe(true);
    expect(state.current.title).toBe('How to bake sourdough bread');
    expect(state.draft).toBeNull();
    expect(state.draftDirty.title).toBe(false);
  });

  it('without a draft, editing back to the live value clears the live dirty flag', () => {
    const state = run(
      live(),
      { type: 'edit', field: 'tags', value: ['x'] },
      { type: 'edit', field: 'tags', value: ['sourdough', 'bread'] },
    );
    expect(state.dirty.tags).toBe(false);
  });

  it('with a draft, edits, dirty marks and clears go to the draft copy', () => {
    const start = withDraft();
    const edited = run(start, { type: 'edit', field: 'description', value: 'New text' });
    expect(edited.draft?.description).toBe('New text');
    expect(edited.draftDirty.description).toBe(true);
    expect(edited.edited.description).toBe(start.edited.description);
    expect(edited.dirty.description).toBe(false);

    const cleared = run(edited, {
      type: 'edit',
      field: 'description',
      value: 'Everything about sourdough.',
    });
    expect(cleared.draftDirty.description).toBe(false);
    expect(cleared.dirty.description).toBe(false);
  });

  it('with a draft, a new thumbnail goes to the draft copy and marks hasUserChangedThumbnailInDraft', () => {
    const state = run(withDraft(), {
      type: 'thumbnailUploaded',
      thumbnail: buildUploadedThumbnail({ warnings: ['not-16-9'] }),
    });
    expect(state.draft).toMatchObject({
      thumbnailId: 'thumb-1',
      thumbnailUrl: '/optimization/thumbnails/thumb-1',
      hasThumbnailChanged: true,
      hasUserChangedThumbnailInDraft: true,
    });
    expect(state.draftDirty.thumbnailUrl).toBe(true);
    expect(state.edited.thumbnailId).toBeNull();
    expect(state.thumbnailWarnings).toEqual(['not-16-9']);
  });

  it('without a draft, a new thumbnail sets hasThumbnailChanged only', () => {
    const state = run(live(), { type: 'thumbnailUploaded', thumbnail: buildUploadedThumbnail() });
    expect(state.edited.hasThumbnailChanged).toBe(true);
    expect(state.edited.hasUserChangedThumbnailInDraft).toBe(false);
    expect(state.dirty.thumbnailUrl).toBe(true);
  });

  it('resetting a field restores the current value and sets hasUserResetChanges', () => {
    const state = run(
      live(),
      { type: 'edit', field: 'title', value: 'Changed' },
      { type: 'edit', field: 'description', value: 'Changed too' },
      { type: 'reset', field: 'title' },
    );
    expect(state.edited.title).toBe('How to bake sourdough bread');
    expect(state.dirty.title).toBe(false);
    expect(state.edited.description).toBe('Changed too');
    expect(state.hasUserResetChanges).toBe(true);
  });

  it('resetting a field of the draft restores the current (live) value in the draft copy', () => {
    const state = run(withDraft(), { type: 'reset', field: 'tags' });
    expect(state.draft?.tags).toEqual(['sourdough', 'bread']);
    expect(state.draftDirty.tags).toBe(false);
    expect(state.hasUserResetChanges).toBe(true);
  });

  it('resetting the thumbnail restores the live image and forgets the upload', () => {
    const state = run(
      withDraft(),
      { type: 'thumbnailUploaded', thumbnail: buildUploadedThumbnail() },
      { type: 'reset', field: 'thumbnailUrl' },
    );
    expect(state.draft).toMatchObject({
      thumbnailId: null,
      thumbnailUrl: 'https://i.ytimg.com/vi/vid-1/hqdefault.jpg',
      hasThumbnailChanged: false,
      hasUserChangedThumbnailInDraft: false,
    });
    expect(state.draftDirty.thumbnailUrl).toBe(false);
  });

  it('resetting the language restores the live default language', () => {
    const state = run(
      live(),
      { type: 'setLanguage', language: 'fr' },
      { type: 'reset', field: 'language' },
    );
    expect(state.language).toBe('en');
    expect(state.hasUserResetChanges).toBe(true);
  });

  it('initialising with draft data switches the mode to draft', () => {
    expect(live()).toMatchObject({ mode: 'original', hasDraft: false, draft: null });
    const state = withDraft();
    expect(state).toMatchObject({ mode: 'draft', hasDraft: true, draftRevision: 3 });
    expect(workingCopy(state).title).toBe('Sourdough bread for beginners');
    expect(state.draftDirty).toEqual({
      title: true,
      description: true,
      tags: true,
      thumbnailUrl: false,
    });
  });

  it('initialising via the init action switches to draft mode too', () => {
    const state = run(live(), {
      type: 'init',
      details: buildVideoDetails({ draft: buildDraft() }),
    });
    expect(state.mode).toBe('draft');
    expect(state.hasDraft).toBe(true);
  });
});

describe('publishing (spec section 4)', () => {
  it('publish sets publishing and clears errors', () => {
    const failed = run(live(), {
      type: 'publishFailed',
      error: { code: 'no-default-language', message: 'No language' },
    });
    const state = run(failed, { type: 'publishing' });
    expect(state.publishing).toBe(true);
    expect(state.publishError).toBeNull();
    expect(state.noDefaultLanguage).toBe(false);
  });

  it('success sets showNextVideo (with the next video and the publish record)', () => {
    const response = buildPublishResponse({
      video: buildVideoDetails({ live: { title: 'A better title' } }),
      next: buildVideoRow({ title: 'Rye bread at home' }),
    });
    const state = run(
      live(),
      { type: 'edit', field: 'title', value: 'A better title' },
      { type: 'publishing' },
      { type: 'published', response, thumbnailId: null },
    );
    expect(state.publishing).toBe(false);
    expect(state.showNextVideo).toBe(true);
    expect(state.nextVideo?.title).toBe('Rye bread at home');
    expect(state.publishResult).toEqual(response.publish);
    expect(state.lastPublish).toEqual(response.publish);
    expect(state.current.title).toBe('A better title');
    expect(state.dirty.title).toBe(false);
  });

  it('success from a draft the server deleted leaves draft mode', () => {
    const response = buildPublishResponse({
      video: buildVideoDetails({ live: { title: 'Sourdough bread for beginners' } }),
    });
    const state = run(
      withDraft(),
      { type: 'publishing' },
      { type: 'published', response, thumbnailId: null },
    );
    expect(state).toMatchObject({ mode: 'original', hasDraft: false, draft: null });
  });

  describe('a published thumbnail is live, no longer new', () => {
    const landed = () =>
      buildPublishResponse({
        video: buildVideoDetails({
          live: { thumbnailUrl: 'https://i.ytimg.com/vi/vid-1/maxresdefault.jpg' },
        }),
        publish: buildPublishRecord({ thumbnailChanged: true }),
      });

    it('without a draft', () => {
      const state = run(
        live(),
        { type: 'thumbnailUploaded', thumbnail: buildUploadedThumbnail() },
        { type: 'publishing' },
        { type: 'published', response: landed(), thumbnailId: 'thumb-1' },
      );
      expect(state.edited).toMatchObject({
        thumbnailId: null,
        hasThumbnailChanged: false,
        thumbnailUrl: 'https://i.ytimg.com/vi/vid-1/maxresdefault.jpg',
      });
      expect(state.dirty.thumbnailUrl).toBe(false);
      expect(hasChanges(state)).toBe(false);
      expect(publishBody(state).thumbnailId).toBeNull();
    });

    it('from a draft (fromDraft), the server deleting the draft', () => {
      const { title, description, tags } = buildDraft();
      const response = buildPublishResponse({
        ...landed(),
        video: buildVideoDetails({
          live: {
            title,
            description,
            tags,
            thumbnailUrl: 'https://i.ytimg.com/vi/vid-1/maxresdefault.jpg',
          },
        }),
      });
      const state = run(
        withDraft(),
        { type: 'thumbnailUploaded', thumbnail: buildUploadedThumbnail() },
        { type: 'publishing' },
        { type: 'published', response, thumbnailId: 'thumb-1' },
      );
      expect(state).toMatchObject({ mode: 'original', hasDraft: false, draft: null });
      expect(workingCopy(state)).toMatchObject({ thumbnailId: null, hasThumbnailChanged: false });
      expect(hasChanges(state)).toBe(false);
    });

    it('from a draft the server kept (saved again meanwhile), the draft loses it too', () => {
      const response = buildPublishResponse({
        ...landed(),
        video: buildVideoDetails({
          live: { thumbnailUrl: 'https://i.ytimg.com/vi/vid-1/maxresdefault.jpg' },
          draft: buildDraft({ revision: 4, thumbnailId: 'thumb-1' }),
        }),
      });
      const state = run(
        withDraft(),
        { type: 'thumbnailUploaded', thumbnail: buildUploadedThumbnail() },
        { type: 'publishing' },
        { type: 'published', response, thumbnailId: 'thumb-1' },
      );
      expect(state.mode).toBe('draft');
      expect(state.draft).toMatchObject({ thumbnailId: null, hasThumbnailChanged: false });
      expect(state.draftDirty.thumbnailUrl).toBe(false);
    });

    it('a thumbnail uploaded while publishing stays new', () => {
      const state = run(
        live(),
        { type: 'thumbnailUploaded', thumbnail: buildUploadedThumbnail() },
        { type: 'publishing' },
        {
          type: 'thumbnailUploaded',
          thumbnail: buildUploadedThumbnail({ thumbnailId: 'thumb-2', url: '/t/thumb-2' }),
        },
        { type: 'published', response: landed(), thumbnailId: 'thumb-1' },
      );
      expect(state.edited).toMatchObject({ thumbnailId: 'thumb-2', hasThumbnailChanged: true });
      expect(hasChanges(state)).toBe(true);
    });
  });

  it('error sets error', () => {
    const error = { code: 'platform-quota-exceeded', message: 'Quota exceeded' };
    const state = run(live(), { type: 'publishing' }, { type: 'publishFailed', error });
    expect(state.publishing).toBe(false);
    expect(state.publishError).toEqual(error);
    expect(state.noDefaultLanguage).toBe(false);
  });

  it('a no-default-language error sets an extra flag', () => {
    const state = run(
      live(),
      { type: 'publishing' },
      { type: 'publishFailed', error: { code: 'no-default-language', message: 'Pick one' } },
    );
    expect(state.publishError?.code).toBe('no-default-language');
    expect(state.noDefaultLanguage).toBe(true);
  });

  it('closeNext hides the next-video prompt', () => {
    const state = run(
      live(),
      { type: 'published', response: buildPublishResponse(), thumbnailId: null },
      { type: 'closeNext' },
    );
    expect(state.showNextVideo).toBe(false);
  });

  it('publishBody sends the working copy, the changed language and fromDraft', () => {
    const state = run(withDraft(), { type: 'setLanguage', language: 'fr' });
    expect(publishBody(state)).toEqual({
      title: 'Sourdough bread for beginners',
      description: 'Everything about sourdough, step by step.',
      tags: ['sourdough', 'bread', 'baking'],
      searchTerm: 'sourdough bread',
      language: 'fr',
      thumbnailId: null,
      fromDraft: true,
    });
    expect(publishBody(live()).language).toBeNull();
  });

  it('an undo moves onto the restored live data and records the result', () => {
    const restored = buildPublishRecord({ id: 'pub-2', restoresId: 'pub-1' });
    const response = buildPublishResponse({
      video: buildVideoDetails({ live: { title: 'Old title' } }),
      publish: restored,
    });
    const state = run(live(), { type: 'restoring' }, { type: 'restored', response });
    expect(state.restoring).toBe(false);
    expect(state.restoreResult).toEqual(restored);
    expect(state.lastPublish).toEqual(restored);
    expect(state.current.title).toBe('Old title');
    expect(state.edited.title).toBe('Old title');
  });

  it('an undo keeps text the person had changed', () => {
    const response = buildPublishResponse({
      video: buildVideoDetails({ live: { title: 'Old title' } }),
    });
    const state = run(
      live(),
      { type: 'edit', field: 'description', value: 'My new text' },
      { type: 'restored', response },
    );
    expect(state.edited.description).toBe('My new text');
    expect(state.dirty.description).toBe(true);
  });
});

describe('drafts (spec section 4)', () => {
  it('saving sets its own in-progress flag; success clears it', () => {
    const saving = run(live(), { type: 'draftSaving' });
    expect(saving.draftSaving).toBe(true);
    expect(saving.draftDeleting).toBe(false);
    const saved = run(saving, { type: 'draftSaved', draft: buildDraft({ revision: 1 }) });
    expect(saved.draftSaving).toBe(false);
    expect(saved.draftError).toBeNull();
  });

  it('the first save turns the live edits into the draft and switches to draft mode', () => {
    const state = run(
      live(),
      { type: 'edit', field: 'title', value: 'Draft title' },
      { type: 'draftSaving' },
      { type: 'draftSaved', draft: buildDraft({ title: 'Draft title', revision: 1 }) },
    );
    expect(state).toMatchObject({ mode: 'draft', hasDraft: true, draftRevision: 1 });
    expect(state.draft?.title).toBe('Draft title');
    expect(state.draftDirty.title).toBe(true);
  });

  it('a save keeps text typed while it was in flight', () => {
    const state = run(
      withDraft(),
      { type: 'draftSaving' },
      { type: 'edit', field: 'title', value: 'Typed meanwhile' },
      { type: 'draftSaved', draft: buildDraft({ revision: 4 }) },
    );
    expect(state.draft?.title).toBe('Typed meanwhile');
    expect(state.draftRevision).toBe(4);
  });

  it('deleting sets its own in-progress flag; success clears it and leaves draft mode', () => {
    const deleting = run(withDraft(), { type: 'draftDeleting' });
    expect(deleting.draftDeleting).toBe(true);
    expect(deleting.draftSaving).toBe(false);
    const deleted = run(deleting, { type: 'draftDeleted' });
    expect(deleted).toMatchObject({
      draftDeleting: false,
      mode: 'original',
      hasDraft: false,
      draft: null,
      draftRevision: null,
    });
    expect(workingCopy(deleted).title).toBe('How to bake sourdough bread');
  });

  it('failure clears the in-progress flag and sets draftError', () => {
    const error = { code: 'failed', message: 'Could not save' };
    const afterSave = run(live(), { type: 'draftSaving' }, { type: 'draftFailed', error });
    expect(afterSave.draftSaving).toBe(false);
    expect(afterSave.draftError).toEqual(error);
    const afterDelete = run(withDraft(), { type: 'draftDeleting' }, { type: 'draftFailed', error });
    expect(afterDelete.draftDeleting).toBe(false);
    expect(afterDelete.draftError).toEqual(error);
  });

  it('a draft-conflict keeps the other person’s draft and the person’s own text', () => {
    const theirs = buildDraft({ title: 'Their title', revision: 5, updatedBy: 'Bo' });
    const state = run(
      withDraft(),
      { type: 'edit', field: 'title', value: 'My title' },
      { type: 'draftSaving' },
      {
        type: 'draftFailed',
        error: { code: 'draft-conflict', message: 'Conflict', details: theirs },
      },
    );
    expect(state.draftConflict).toEqual(theirs);
    expect(state.draft?.title).toBe('My title');
    expect(state.draftRevision).toBe(3);
    // Overwriting = saving again with their revision as base.
    expect(saveDraftBody(state, theirs.revision)).toMatchObject({
      title: 'My title',
      baseRevision: 5,
    });
  });

  it('reads their draft from details.draft too (the server sends { draft })', () => {
    const theirs = buildDraft({ title: 'Their title', revision: 5 });
    const state = run(withDraft(), {
      type: 'draftFailed',
      error: { code: 'draft-conflict', message: 'Conflict', details: { draft: theirs } },
    });
    expect(state.draftConflict).toEqual(theirs);
  });

  it('loading their draft replaces the draft copy and takes their revision', () => {
    const theirs = buildDraft({ title: 'Their title', revision: 5 });
    const state = run(
      withDraft(),
      {
        type: 'draftFailed',
        error: { code: 'draft-conflict', message: 'Conflict', details: theirs },
      },
      { type: 'loadTheirDraft' },
    );
    expect(state.draft?.title).toBe('Their title');
    expect(state.draftRevision).toBe(5);
    expect(state.draftConflict).toBeNull();
    expect(state.draftError).toBeNull();
  });

  it('saveDraftBody names the held revision, null before the first save', () => {
    expect(saveDraftBody(live()).baseRevision).toBeNull();
    expect(saveDraftBody(withDraft()).baseRevision).toBe(3);
  });
});

describe('recommendations (spec section 4)', () => {
  const loaded = () =>
    run(
      live(),
      { type: 'recommendationsLoading' },
      { type: 'recommendationsLoaded', data: buildRecommendations({ ignored: ['tags-count'] }) },
    );

  it('loading them stores the data, the ignored tips and the recommended tags', () => {
    const state = loaded();
    expect(state.recommendations.status).toBe('loaded');
    expect(state.recommendations.ignored).toEqual(['tags-count']);
    expect(workingCopy(state).recommendedTags).toEqual(['sourdough starter', 'bread recipe']);
  });

  it('a new video clears them', () => {
    const state = run(loaded(), {
      type: 'init',
      details: buildVideoDetails({ videoId: 'vid-9' }),
    });
    expect(state.recommendations).toEqual({
      status: 'not-loaded',
      data: null,
      ignored: [],
      open: null,
      error: null,
    });
  });

  it('a reset clears them (and restores every field)', () => {
    const state = run(
      loaded(),
      { type: 'edit', field: 'title', value: 'Changed' },
      { type: 'resetAll' },
    );
    expect(state.recommendations.data).toBeNull();
    expect(state.recommendations.status).toBe('not-loaded');
    expect(state.edited.title).toBe('How to bake sourdough bread');
    expect(state.hasUserResetChanges).toBe(true);
    expect(hasChanges(state)).toBe(false);
  });

  it('a change of search term marks them as not loaded', () => {
    const state = run(loaded(), { type: 'setSearchTerm', searchTerm: 'rye bread' });
    expect(state.recommendations.status).toBe('not-loaded');
    expect(workingCopy(state).searchTerm).toBe('rye bread');
  });

  it('ignoring toggles ignored', () => {
    const once = run(loaded(), { type: 'ignore', tipType: 'title-length' });
    expect(once.recommendations.ignored).toEqual(['tags-count', 'title-length']);
    const twice = run(once, { type: 'ignore', tipType: 'tags-count' });
    expect(twice.recommendations.ignored).toEqual(['title-length']);
  });

  it('ignoring closes the recommendation if it is open, and leaves another open one', () => {
    const open = run(loaded(), { type: 'toggleRecommendation', tipType: 'title-length' });
    expect(open.recommendations.open).toBe('title-length');
    expect(run(open, { type: 'ignore', tipType: 'title-length' }).recommendations.open).toBeNull();
    expect(run(open, { type: 'ignore', tipType: 'tags-count' }).recommendations.open).toBe(
      'title-length',
    );
  });

  it('one recommendation is open at a time', () => {
    const state = run(
      loaded(),
      { type: 'toggleRecommendation', tipType: 'a' },
      { type: 'toggleRecommendation', tipType: 'b' },
    );
    expect(state.recommendations.open).toBe('b');
    expect(
      run(state, { type: 'toggleRecommendation', tipType: 'b' }).recommendations.open,
    ).toBeNull();
  });
});

describe('templates (spec section 4)', () => {
  const withTemplates = () =>
    run(live(), {
      type: 'templatesLoaded',
      templates: [buildTemplate({ id: 'tpl-1' }), buildTemplate({ id: 'tpl-2', title: 'Outro' })],
    });

  it('a new one is added at the top with id create', () => {
    const state = run(withTemplates(), { type: 'templateNew' });
    expect(state.templates.map((t) => t.id)).toEqual([NEW_TEMPLATE_ID, 'tpl-1', 'tpl-2']);
    expect(state.templates[0]).toMatchObject({ create: true, edit: true, title: '' });
    expect(run(state, { type: 'templateNew' }).templates).toHaveLength(3);
  });

  it('cancel removes an unsaved one', () => {
    const state = run(
      withTemplates(),
      { type: 'templateNew' },
      { type: 'templateCancel', id: NEW_TEMPLATE_ID },
    );
    expect(state.templates.map((t) => t.id)).toEqual(['tpl-1', 'tpl-2']);
  });

  it('cancel leaves edit mode of a saved one', () => {
    const editing = run(withTemplates(), { type: 'templateEdit', id: 'tpl-2' });
    expect(editing.templates[1]?.edit).toBe(true);
    const state = run(editing, { type: 'templateCancel', id: 'tpl-2' });
    expect(state.templates.map((t) => [t.id, Boolean(t.edit)])).toEqual([
      ['tpl-1', false],
      ['tpl-2', false],
    ]);
  });

  it('saving replaces the first item', () => {
    const saved = buildTemplate({ id: 'tpl-3', title: 'Intro' });
    const state = run(
      withTemplates(),
      { type: 'templateNew' },
      { type: 'templateSaved', id: NEW_TEMPLATE_ID, template: saved },
    );
    expect(state.templates).toEqual([saved, ...withTemplates().templates]);
  });

  it('saving an edited one replaces it and leaves edit mode', () => {
    const saved = buildTemplate({ id: 'tpl-2', title: 'Outro v2' });
    const state = run(
      withTemplates(),
      { type: 'templateEdit', id: 'tpl-2' },
      { type: 'templateSaved', id: 'tpl-2', template: saved },
    );
    expect(state.templates[1]).toEqual(saved);
  });

  it('delete removes it', () => {
    const state = run(withTemplates(), { type: 'templateDeleted', id: 'tpl-1' });
    expect(state.templates.map((t) => t.id)).toEqual(['tpl-2']);
  });

  it('a reload keeps the unsaved one and edit flags', () => {
    const state = run(
      withTemplates(),
      { type: 'templateNew' },
      { type: 'templateEdit', id: 'tpl-2' },
      { type: 'templatesLoaded', templates: [buildTemplate({ id: 'tpl-2' })] },
    );
    expect(state.templates.map((t) => [t.id, Boolean(t.edit)])).toEqual([
      [NEW_TEMPLATE_ID, true],
      ['tpl-2', true],
    ]);
  });
});
