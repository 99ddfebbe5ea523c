import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_FOLDER_NAME, SCRIPT_AUTOSAVE_MS } from '@tubewise/contract';
import { currentLocation } from '../../../testing/render-app.tsx';
import { readStoredScript, writeStoredScript } from '../script/script-sync.ts';
import { ideationQueryKeys } from '../api/query-keys.ts';
import {
  buildFolder,
  buildSavedIdea,
  buildScript,
  requestsOf,
  resetSavedApi,
  savedApi,
  scriptOf,
} from './testing/saved-server.ts';
import { renderSaved } from './testing/render-saved.tsx';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => resetSavedApi());
afterEach(() => vi.useRealTimers());

const ideasList = (folder: string) => screen.findByRole('list', { name: `Ideas in ${folder}` });
const folderNav = () => screen.findByRole('navigation', { name: 'Folders' });
const editorOf = (phrase: string) =>
  screen.findByRole('textbox', { name: `Script of “${phrase}”` }, { timeout: 10_000 });
const saveState = () => screen.getByRole('status', { name: 'Save state' });
const search = () => new URLSearchParams(currentLocation().search);

describe('folders', () => {
  it('the default folder is shown without selectedFolder; selectedFolder drives the folder', async () => {
    renderSaved();
    const list = await ideasList(DEFAULT_FOLDER_NAME);
    expect(within(list).getByRole('heading', { name: 'sourdough starter' })).toBeInTheDocument();
    expect(within(list).queryByText('rye bread recipe')).toBeNull();

    const user = userEvent.setup();
    await user.click(within(await folderNav()).getByRole('button', { name: /^Recipes/ }));
    expect(search().get('selectedFolder')).toBe('f-recipes');
    const recipes = await ideasList('Recipes');
    expect(within(recipes).getByRole('heading', { name: 'rye bread recipe' })).toBeInTheDocument();
    expect(within(await folderNav()).getByRole('button', { name: /^Recipes/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(requestsOf('savedIdeas').at(-1)?.query).toEqual({
      channelId: 'ch-1',
      folder: 'f-recipes',
    });
  });

  it('opens the folder named in the URL', async () => {
    renderSaved('/video-idea/saved?selectedFolder=f-recipes');
    expect(await ideasList('Recipes')).toHaveTextContent('rye bread recipe');
  });

  it('an unknown selectedFolder falls back to the default folder', async () => {
    renderSaved('/video-idea/saved?selectedFolder=f-gone');
    expect(await ideasList(DEFAULT_FOLDER_NAME)).toHaveTextContent('sourdough starter');
    await waitFor(() => expect(search().has('selectedFolder')).toBe(false));
  });

  it('a folder missing from a stale cached list is looked up before falling back', async () => {
    // The details page saved an idea into a new folder: its dialog cached the folders before.
    const before = savedApi.folders.map((f) => ({ ...f }));
    savedApi.folders.push(buildFolder({ id: 'f-late', name: 'Shoot list', isDefault: false }));
    savedApi.ideas.push(buildSavedIdea({ id: 'si-3', folderId: 'f-late', phrase: 'bagels' }));
    renderSaved('/video-idea/saved?selectedFolder=f-late', (queryClient) =>
      queryClient.setQueryData(ideationQueryKeys.folders('ch-1'), before),
    );
    expect(await ideasList('Shoot list')).toHaveTextContent('bagels');
    expect(search().get('selectedFolder')).toBe('f-late');
    expect(within(await folderNav()).getByRole('button', { name: /^Shoot list/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(requestsOf('savedIdeas').map((r) => r.query.folder)).not.toContain('f-default');
  });

  it('creates a folder and selects it (empty state with a way to discover ideas)', async () => {
    renderSaved();
    await ideasList(DEFAULT_FOLDER_NAME);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    expect(within(dialog).getByText('Enter a name.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Folder name' }), '  Shorts  ');
    await user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestsOf('createIdeaFolder')[0]?.body).toEqual({ channelId: 'ch-1', name: 'Shorts' });
    await waitFor(() => expect(search().get('selectedFolder')).toMatch(/^f-new-/));
    expect(await screen.findByText('No ideas in this folder yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discover ideas' })).toHaveAttribute(
      'href',
      '/video-idea/discover',
    );
  });

  it('renames a folder; the default one has no actions', async () => {
    renderSaved();
    const nav = await folderNav();
    expect(
      within(nav).queryByRole('button', {
        name: `Actions for the folder “${DEFAULT_FOLDER_NAME}”`,
      }),
    ).toBeNull();
    const user = userEvent.setup();
    await user.click(within(nav).getByRole('button', { name: 'Actions for the folder “Recipes”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename “Recipes”' });
    const input = within(dialog).getByRole('textbox', { name: 'Folder name' });
    await user.clear(input);
    await user.type(input, 'Bread recipes{Enter}');
    await waitFor(() =>
      expect(requestsOf('renameIdeaFolder')[0]?.body).toEqual({ name: 'Bread recipes' }),
    );
    expect(await within(nav).findByRole('button', { name: /^Bread recipes/ })).toBeInTheDocument();
  });

  it('deletes a folder after confirmation; its ideas move to the default folder', async () => {
    renderSaved('/video-idea/saved?selectedFolder=f-recipes');
    await ideasList('Recipes');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Actions for the folder “Recipes”' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the folder “Recipes”?' });
    expect(dialog).toHaveTextContent(
      `Its 1 idea and their scripts move to “${DEFAULT_FOLDER_NAME}”.`,
    );
    expect(requestsOf('deleteIdeaFolder')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete folder' }));
    await waitFor(() => expect(requestsOf('deleteIdeaFolder')[0]?.params.id).toBe('f-recipes'));
    await waitFor(() => expect(search().has('selectedFolder')).toBe(false));
    const list = await ideasList(DEFAULT_FOLDER_NAME);
    await waitFor(() => expect(list).toHaveTextContent('rye bread recipe'));
  });
});

describe('saved ideas', () => {
  it('moves an idea to another folder', async () => {
    renderSaved();
    const list = await ideasList(DEFAULT_FOLDER_NAME);
    const user = userEvent.setup();
    await user.click(
      within(list).getByRole('button', { name: 'Move “sourdough starter” to another folder' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Move to Recipes' }));
    await waitFor(() =>
      expect(requestsOf('moveSavedIdea')[0]).toMatchObject({
        params: { id: 'si-1' },
        body: { folderId: 'f-recipes' },
      }),
    );
    expect(await screen.findByText('No ideas in this folder yet')).toBeInTheDocument();
    expect(within(await folderNav()).getByRole('button', { name: /^Recipes/ })).toHaveTextContent(
      '2 ideas',
    );
  });

  it('deletes an idea after confirmation, with its browser copy', async () => {
    writeStoredScript('si-1', { content: '<p>x</p>', baseRevision: 0, editedAt: 1 });
    renderSaved();
    const list = await ideasList(DEFAULT_FOLDER_NAME);
    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Delete “sourdough starter”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “sourdough starter”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete idea' }));
    await waitFor(() => expect(requestsOf('deleteSavedIdea')[0]?.params.id).toBe('si-1'));
    expect(await screen.findByText('No ideas in this folder yet')).toBeInTheDocument();
    expect(readStoredScript('si-1')).toBeNull();
  });
});

describe('script', () => {
  it('opens from the list; typing saves once, 500 ms after typing stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderSaved();
    const list = await ideasList(DEFAULT_FOLDER_NAME);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(
      within(list).getByRole('button', { name: 'Write script for “sourdough starter”' }),
    );
    expect(search().get('idea')).toBe('si-1');
    const editor = await editorOf('sourdough starter');
    await user.click(editor);
    await user.type(editor, 'Feed the starter daily');
    await act(() => vi.advanceTimersByTimeAsync(SCRIPT_AUTOSAVE_MS));
    await waitFor(() => expect(saveState()).toHaveTextContent(/^Saved .* by Me$/));
    const saves = requestsOf('saveVideoScript');
    expect(saves).toHaveLength(1);
    expect(saves[0]?.body).toMatchObject({ baseRevision: 0 });
    expect((saves[0]?.body as { content: string }).content).toContain('Feed the starter daily');
    expect(readStoredScript('si-1')).toBeNull();
  });

  it('after the autosave the card shows the script as saved, without reloading the list', async () => {
    renderSaved();
    const list = await ideasList(DEFAULT_FOLDER_NAME);
    const card = within(list).getByRole('listitem', { name: 'sourdough starter' });
    expect(card).toHaveTextContent('No script yet');
    const user = userEvent.setup();
    await user.click(
      within(card).getByRole('button', { name: 'Write script for “sourdough starter”' }),
    );
    const editor = await editorOf('sourdough starter');
    const listLoads = requestsOf('savedIdeas').length;
    await user.click(editor);
    await user.type(editor, 'Feed the starter daily');
    await waitFor(() => expect(saveState()).toHaveTextContent(/^Saved .* by Me$/));
    await waitFor(() => expect(card).toHaveTextContent(/Script saved /));
    expect(card).not.toHaveTextContent('No script yet');
    expect(
      within(card).getByRole('button', { name: 'Open script for “sourdough starter”' }),
    ).toBeInTheDocument();
    // The save's answer updates the cached list: no list request per save.
    expect(requestsOf('savedIdeas')).toHaveLength(listLoads);
  });

  it('opens from ?idea= in another folder and selects that folder', async () => {
    savedApi.scripts['si-2'] = buildScript({
      ideaId: 'si-2',
      content: '<h2>Rye</h2><p>Mix the dough</p>',
      revision: 3,
      updatedAt: '2026-02-01T09:00:00.000Z',
      updatedByName: 'Bo',
    });
    renderSaved('/video-idea/saved?idea=si-2');
    const editor = await editorOf('rye bread recipe');
    expect(editor).toHaveTextContent('Mix the dough');
    expect(within(editor).getByRole('heading', { name: 'Rye' })).toBeInTheDocument();
    await waitFor(() => expect(search().get('selectedFolder')).toBe('f-recipes'));
    expect(await ideasList('Recipes')).toHaveTextContent('rye bread recipe');
    // Switching to the idea's folder does not reopen (reload) the script.
    expect(editor).toBeInTheDocument();
    expect(requestsOf('videoScript')).toHaveLength(1);
    expect(saveState()).toHaveTextContent(/Saved .* by Bo/);
  });

  it('a failed save is kept in this browser and retried until the server has it', async () => {
    savedApi.failSaves = [{ status: 503, code: 'unavailable' }];
    renderSaved('/video-idea/saved?idea=si-1');
    const editor = await editorOf('sourdough starter');
    const user = userEvent.setup();
    await user.click(editor);
    await user.type(editor, 'Nothing is lost');
    await waitFor(() =>
      expect(saveState()).toHaveTextContent(/^Not saved yet — kept in this browser/),
    );
    expect(readStoredScript('si-1')?.content).toContain('Nothing is lost');
    expect(readStoredScript('si-1')?.baseRevision).toBe(0);
    await waitFor(() => expect(saveState()).toHaveTextContent(/^Saved/), { timeout: 5000 });
    expect(requestsOf('saveVideoScript')).toHaveLength(2);
    expect(scriptOf('si-1').content).toContain('Nothing is lost');
    expect(readStoredScript('si-1')).toBeNull();
  });

  it('restores an unsaved browser copy on reopening and saves it', async () => {
    savedApi.scripts['si-1'] = buildScript({ content: '<p>Saved part</p>', revision: 2 });
    writeStoredScript('si-1', {
      content: '<p>Saved part and the unsaved rest</p>',
      baseRevision: 2,
      editedAt: 1,
    });
    renderSaved('/video-idea/saved?idea=si-1');
    const editor = await editorOf('sourdough starter');
    expect(editor).toHaveTextContent('Saved part and the unsaved rest');
    expect(
      screen.getByText('Restored changes from this browser that had not reached the server yet.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(scriptOf('si-1').content).toContain('the unsaved rest'));
    expect(requestsOf('saveVideoScript')[0]?.body).toMatchObject({ baseRevision: 2 });
  });

  it('a conflict keeps both versions: keep mine saves on top of theirs, theirs stays to copy', async () => {
    renderSaved('/video-idea/saved?idea=si-1');
    const editor = await editorOf('sourdough starter');
    // Someone else saves while this person writes.
    savedApi.scripts['si-1'] = buildScript({
      content: '<p>Their outline</p>',
      revision: 1,
      updatedAt: '2026-02-02T08:00:00.000Z',
      updatedByName: 'Bo',
    });
    const user = userEvent.setup();
    await user.click(editor);
    await user.type(editor, 'My outline');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Someone else saved this script by Bo at/);
    expect(within(alert).getByRole('document', { name: 'Their version' })).toHaveTextContent(
      'Their outline',
    );
    expect(editor).toHaveTextContent('My outline');
    expect(saveState()).toHaveTextContent('Not saved — choose which version to keep');
    expect(readStoredScript('si-1')?.content).toContain('My outline');

    await user.click(within(alert).getByRole('button', { name: 'Keep my version' }));
    await waitFor(() => expect(saveState()).toHaveTextContent(/^Saved/));
    expect(requestsOf('saveVideoScript').at(-1)?.body).toMatchObject({ baseRevision: 1 });
    expect(scriptOf('si-1').content).toContain('My outline');
    expect(screen.getByRole('document', { name: 'Their replaced version' })).toHaveTextContent(
      'Their outline',
    );
  });

  it('a conflict: take theirs puts their text in the editor and keeps mine to copy', async () => {
    renderSaved('/video-idea/saved?idea=si-1');
    const editor = await editorOf('sourdough starter');
    savedApi.scripts['si-1'] = buildScript({ content: '<p>Their outline</p>', revision: 1 });
    const user = userEvent.setup();
    await user.click(editor);
    await user.type(editor, 'My outline');
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Take their version' }));
    expect(editor).toHaveTextContent('Their outline');
    expect(screen.getByRole('document', { name: 'Your replaced version' })).toHaveTextContent(
      'My outline',
    );
    expect(saveState()).toHaveTextContent(/^Saved/);
    expect(requestsOf('saveVideoScript')).toHaveLength(1);
  });

  it('the toolbar formats, and the script exports as Markdown and plain text', async () => {
    savedApi.scripts['si-1'] = buildScript({ content: '<p>Intro</p>', revision: 1 });
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:script';
    });
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    renderSaved('/video-idea/saved?idea=si-1');
    const editor = await editorOf('sourdough starter');
    const user = userEvent.setup();
    await user.click(editor);
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    await user.click(within(toolbar).getByRole('button', { name: 'Heading' }));
    expect(within(editor).getByRole('heading', { name: 'Intro' })).toBeInTheDocument();
    expect(within(toolbar).getByRole('button', { name: 'Heading' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Export as Markdown' }));
    await user.click(screen.getByRole('button', { name: 'Export as plain text' }));
    expect(names).toEqual(['sourdough-starter-script.md', 'sourdough-starter-script.txt']);
    expect(await created[0]?.text()).toBe('## Intro\n');
    expect(await created[1]?.text()).toBe('Intro\n');
    click.mockRestore();
  });
});
