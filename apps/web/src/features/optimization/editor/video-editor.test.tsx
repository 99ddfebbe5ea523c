import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { errorBody, handle, routeUrl } from '../../../testing/server.ts';
import {
  buildDraft,
  buildPublishRecord,
  buildTemplate,
  buildUploadedThumbnail,
  buildVideoDetails,
} from './testing/editor-data.ts';
import { editorApi, lastRequest, requestsOf, resetEditorApi } from './testing/editor-server.ts';
import { renderEditor } from './testing/render-editor.tsx';
import { configureApiClient } from '../../../lib/api-client.ts';
import { setViewport } from '../../../testing/viewport.ts';

// Whole-editor tests type into real fields: slower than the 5 s default on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => resetEditorApi());

const titleInput = () => screen.findByRole('textbox', { name: 'Title' });
const levelOf = () =>
  Number(
    screen.getByRole('progressbar', { name: 'Optimization level' }).getAttribute('aria-valuenow'),
  );

async function loaded() {
  const input = await titleInput();
  // Recommendations arrive after the details.
  await waitFor(() =>
    expect(screen.queryByRole('progressbar', { name: 'Loading recommendations' })).toBeNull(),
  );
  return input;
}

describe('loading', () => {
  it('shows a skeleton, then the live video in Live mode', async () => {
    renderEditor();
    expect(await screen.findByLabelText('Loading the video')).toBeInTheDocument();
    expect(await titleInput()).toHaveValue('How to bake sourdough bread');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'How to bake sourdough bread',
    );
    expect(screen.getByLabelText('Mode: Live')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open on YouTube/ })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=vid-1',
    );
    expect(screen.queryByRole('button', { name: 'Delete draft' })).toBeNull();
  });

  it('loading with a draft switches to draft mode and shows the draft copy', async () => {
    editorApi.details = buildVideoDetails({ draft: buildDraft({ revision: 3 }) });
    renderEditor();
    expect(await titleInput()).toHaveValue('Sourdough bread for beginners');
    expect(screen.getByLabelText('Mode: Draft')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete draft' })).toBeInTheDocument();
    // The header keeps the live title; the field shows it differs.
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'How to bake sourdough bread',
    );
    expect(screen.getByRole('button', { name: 'Reset title to the live value' })).toBeEnabled();
  });

  it('a video that is not found says so and links back to the list', async () => {
    editorApi.details = null;
    renderEditor();
    expect(await screen.findByText('Video not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the video list' })).toHaveAttribute(
      'href',
      '/optimization',
    );
  });

  it('other load failures show the server message with Retry', async () => {
    renderEditor('vid-1', [
      handle('videoDetails', () => ({
        status: 429,
        body: errorBody('platform-quota-exceeded', 'The YouTube quota is used up for today.'),
      })),
    ]);
    expect(await screen.findByText('The YouTube quota is used up for today.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('editing and live recommendations', () => {
  it('typing in the title updates the level live', async () => {
    editorApi.details = buildVideoDetails({ live: { title: 'My weekend at home' } });
    renderEditor();
    const title = await loaded();
    const before = levelOf();
    const user = userEvent.setup();
    await user.type(title, ': sourdough bread');
    await waitFor(() => expect(levelOf()).toBeGreaterThan(before));
  });

  it('shows the impact as room to improve in a neutral colour, and the level as progress', async () => {
    renderEditor();
    await loaded();
    const panel = screen.getByRole('region', { name: 'Recommendations' });
    const impact = within(panel).getByRole('progressbar', { name: 'Room to improve' });
    const value = impact.getAttribute('aria-valuenow');
    expect(within(panel).getByText(`Room to improve: ${value}/100`)).toBeInTheDocument();
    expect(impact).toHaveAttribute('aria-valuetext', `${value} of 100 left to gain`);
    expect(impact).toHaveClass('MuiLinearProgress-colorInherit');
    for (const colour of ['Error', 'Warning', 'Success'])
      expect(impact).not.toHaveClass(`MuiLinearProgress-color${colour}`);
    expect(within(panel).queryByText(/Likelihood of better search performance:/)).toBeNull();
    expect(
      within(panel).getByText(/^Impact is the likelihood of better search performance\. /),
    ).toBeInTheDocument();
    const level = within(panel).getByRole('progressbar', { name: 'Optimization level' });
    const percent = level.getAttribute('aria-valuenow');
    expect(level).toHaveAttribute('aria-valuetext', `${percent}% of tips applied`);
    expect(level).not.toHaveClass('MuiCircularProgress-colorError');
    expect(within(panel).getByText(/^\d+ of \d+ tips done$/)).toBeInTheDocument();
    // On a wide screen the panel sits beside the fields: no compact copy.
    expect(screen.queryByRole('group', { name: 'Live optimization level' })).toBeNull();
  });

  it('on a phone, shows a compact live level above the fields that stays in view', async () => {
    setViewport({ width: 390, height: 844 });
    editorApi.details = buildVideoDetails({ live: { title: 'My weekend at home' } });
    renderEditor();
    const title = await loaded();
    const compact = screen.getByRole('group', { name: 'Live optimization level' });
    expect(getComputedStyle(compact).position).toBe('sticky');
    // Before the fields in the document: the first thing of the form.
    expect(compact.compareDocumentPosition(title) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const compactLevel = () =>
      Number(
        within(compact)
          .getByRole('progressbar', { name: 'Optimization level' })
          .getAttribute('aria-valuenow'),
      );
    expect(within(compact).getByRole('progressbar', { name: 'Room to improve' })).toHaveClass(
      'MuiLinearProgress-colorInherit',
    );
    const before = compactLevel();
    expect(
      within(compact).getByText(new RegExp(`^Optimization level: ${before}% · `)),
    ).toBeVisible();
    fireEvent.change(title, { target: { value: 'My weekend at home: sourdough bread' } });
    await waitFor(() => expect(compactLevel()).toBeGreaterThan(before));
  });

  it('shows the tips by group with pass/fail, one open at a time, and Ignore calls the API', async () => {
    renderEditor();
    await loaded();
    const user = userEvent.setup();
    const titleTips = screen.getByRole('region', { name: 'Title tips' });
    const contains = within(titleTips).getByRole('button', {
      name: /Put the search term in the title/,
    });
    expect(within(contains).getByTitle('Done')).toBeInTheDocument();
    await user.click(contains);
    expect(contains).toHaveAttribute('aria-expanded', 'true');
    const length = within(titleTips).getByRole('button', { name: /Make the title/ });
    await user.click(length);
    expect(length).toHaveAttribute('aria-expanded', 'true');
    expect(contains).toHaveAttribute('aria-expanded', 'false');

    await user.click(screen.getByRole('button', { name: 'Ignore' }));
    // Ignoring closes the open tip.
    expect(length).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(lastRequest('ignoreTip')?.params.type).toBe('title-length'));
    expect(within(length).getByTitle('Ignored')).toBeInTheDocument();
    await user.click(length);
    await user.click(screen.getByRole('button', { name: 'Unignore' }));
    await waitFor(() => expect(requestsOf('unignoreTip')).toHaveLength(1));
  });

  it('names the keyword figures as estimates with their source', async () => {
    renderEditor();
    await loaded();
    const figures = screen.getByRole('group', { name: 'Search term figures' });
    expect(figures).toHaveTextContent('about 12,000 searches a month');
    expect(figures).toHaveTextContent('Estimates from Tubewise emulator');
  });

  it('counts title characters and description bytes; a field reset restores the live value', async () => {
    renderEditor();
    const title = await loaded();
    expect(screen.getByLabelText('Title length: 27 of 100')).toHaveTextContent('27/100');
    const description = screen.getByRole('textbox', { name: 'Description' });
    const user = userEvent.setup();
    await user.clear(description);
    await user.type(description, 'é');
    expect(screen.getByLabelText('Description size: 2 of 5000 bytes')).toBeInTheDocument();

    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Reset title to the live value' }));
    expect(title).toHaveValue('How to bake sourdough bread');
    expect(screen.queryByRole('button', { name: 'Reset title to the live value' })).toBeNull();
  });

  it('adds a recommended tag from its chip and counts tag characters', async () => {
    renderEditor();
    await loaded();
    expect(screen.getByLabelText('Tag characters: 15 of 500')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('listitem', { name: 'Add tag sourdough starter' }));
    // "sourdough,bread,\"sourdough starter\"" = 9 + 1 + 5 + 1 + 17 + 2
    expect(screen.getByLabelText('Tag characters: 35 of 500')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Add tag sourdough starter' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Reset tags to the live value' })).toBeEnabled();
  });
});

describe('search term', () => {
  it('suggests keywords with their estimates as the person types; choosing one saves it', async () => {
    renderEditor();
    await loaded();
    const user = userEvent.setup();
    const field = screen.getByRole('combobox', { name: 'Search term' });
    await user.clear(field);
    await user.type(field, 'rye');
    const option = await screen.findByRole('option', { name: /rye recipe/ });
    expect(option).toHaveTextContent('12K searches/mo · competition High (0.80)');
    expect(screen.getByText('Estimates from Tubewise emulator')).toBeInTheDocument();
    // Debounced: one lookup for the whole word, not one per letter.
    expect(requestsOf('keywordSearch').map((r) => r.query.q)).toEqual(['rye']);
    await user.click(option);
    await waitFor(() =>
      expect(lastRequest('setSearchTerm')?.body).toEqual({ searchTerm: 'rye recipe' }),
    );
  });

  it('lists bookmarked keywords by volume, chooses and removes them', async () => {
    editorApi.bookmarks = [
      { id: 'b1', keyword: 'bread', volume: 100 },
      { id: 'b2', keyword: 'no figure', volume: null },
      { id: 'b3', keyword: 'sourdough', volume: 9000 },
    ];
    renderEditor();
    await loaded();
    const list = await screen.findByRole('list', { name: 'Bookmarked keywords' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((c) => c.querySelector('.MuiChip-label')?.textContent),
    ).toEqual([
      'sourdough · 9K searches/mo',
      'bread · 100 searches/mo',
      'no figure · volume unknown',
    ]);
    const user = userEvent.setup();
    await user.click(within(list).getByRole('listitem', { name: 'Use bread as the search term' }));
    await waitFor(() =>
      expect(lastRequest('setSearchTerm')?.body).toEqual({ searchTerm: 'bread' }),
    );
    await user.click(screen.getByTitle('Remove bookmark no figure'));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(lastRequest('removeBookmarkedKeyword')?.params.keywordId).toBe('b2');
  });
});

describe('drafts', () => {
  it('Ctrl+S saves the draft with baseRevision (and Cmd+S too)', async () => {
    editorApi.details = buildVideoDetails({ draft: buildDraft({ revision: 3 }) });
    renderEditor();
    const title = await loaded();
    const user = userEvent.setup();
    await user.clear(title);
    await user.type(title, 'Typed title');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(requestsOf('saveDraft')).toHaveLength(1));
    expect(lastRequest('saveDraft')?.body).toMatchObject({
      title: 'Typed title',
      baseRevision: 3,
    });
    // The answer's revision is the base of the next save.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save draft' })).toBeEnabled());
    fireEvent.keyDown(window, { key: 's', metaKey: true });
    await waitFor(() => expect(requestsOf('saveDraft')).toHaveLength(2));
    expect(lastRequest('saveDraft')?.body).toMatchObject({ baseRevision: 4 });
  });

  it('a first save from the live copy sends no base revision and switches to draft mode', async () => {
    renderEditor();
    const title = await loaded();
    const user = userEvent.setup();
    await user.type(title, ' v2');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByLabelText('Mode: Draft')).toBeInTheDocument());
    expect(lastRequest('saveDraft')?.body).toMatchObject({
      title: 'How to bake sourdough bread v2',
      baseRevision: null,
    });
  });

  it('a 409 draft-conflict shows the message, keeps the text, and can overwrite with their revision', async () => {
    editorApi.details = buildVideoDetails({ draft: buildDraft({ revision: 3 }) });
    const theirs = buildDraft({
      title: 'Their title',
      revision: 7,
      updatedBy: 'Bo',
      updatedAt: '2026-02-01T10:15:00.000Z',
    });
    let conflicts = 1;
    renderEditor('vid-1', [
      handle('saveDraft', (body) => {
        if (conflicts-- > 0) {
          return {
            status: 409,
            body: {
              error: {
                ...errorBody('draft-conflict', 'Conflict').error,
                details: { draft: theirs },
              },
            },
          };
        }
        return { body: buildDraft({ ...(body as object), revision: 8 }) };
      }),
    ]);
    const title = await loaded();
    const user = userEvent.setup();
    await user.clear(title);
    await user.type(title, 'My precious title');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(
      await screen.findByText(/Someone else saved this draft at .+ — review their version/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Saved by Bo/)).toBeInTheDocument();
    expect(screen.getByLabelText('Their version')).toHaveTextContent('Their title');
    expect(title).toHaveValue('My precious title');

    await user.click(screen.getByRole('button', { name: 'Overwrite with mine' }));
    await waitFor(() =>
      expect(screen.queryByText(/Someone else saved this draft/)).not.toBeInTheDocument(),
    );
    expect(lastRequest('saveDraft')?.body).toMatchObject({
      title: 'My precious title',
      baseRevision: 7,
    });
    expect(title).toHaveValue('My precious title');
  });

  it('after a conflict, loading their version replaces the draft copy', async () => {
    editorApi.details = buildVideoDetails({ draft: buildDraft({ revision: 3 }) });
    const theirs = buildDraft({ title: 'Their title', revision: 7 });
    renderEditor('vid-1', [
      handle('saveDraft', () => ({
        status: 409,
        body: {
          error: { ...errorBody('draft-conflict', 'Conflict').error, details: { draft: theirs } },
        },
      })),
    ]);
    const title = await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await user.click(await screen.findByRole('button', { name: 'Load their version' }));
    expect(title).toHaveValue('Their title');
    expect(screen.queryByText(/Someone else saved this draft/)).toBeNull();
  });

  it('deletes the draft after confirmation with the held revision and returns to Live', async () => {
    editorApi.details = buildVideoDetails({ draft: buildDraft({ revision: 3 }) });
    renderEditor();
    const title = await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the draft?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
    await waitFor(() => expect(screen.getByLabelText('Mode: Live')).toBeInTheDocument());
    expect(lastRequest('deleteDraft')?.query).toEqual({ revision: '3' });
    expect(title).toHaveValue('How to bake sourdough bread');
  });
});

describe('publishing', () => {
  it('is disabled with a 101-character title, with the message shown inline', async () => {
    renderEditor();
    const title = await loaded();
    fireEvent.change(title, { target: { value: 'x'.repeat(101) } });
    expect(
      screen.getByText('The title is 101 characters; YouTube allows at most 100.'),
    ).toBeInTheDocument();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    fireEvent.change(title, { target: { value: 'x'.repeat(100) } });
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it('is disabled while nothing differs from the live video', async () => {
    renderEditor();
    await loaded();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(screen.getByText(/Nothing to publish yet/)).toBeInTheDocument();
  });

  it('success names what was published and the quota; the next-video prompt closes', async () => {
    renderEditor();
    const title = await loaded();
    const user = userEvent.setup();
    await user.type(title, ' at home');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(
      await screen.findByText(/Published the title to YouTube\. 50 quota units/),
    ).toBeInTheDocument();
    expect(lastRequest('publish')?.body).toMatchObject({
      title: 'How to bake sourdough bread at home',
      fromDraft: false,
    });
    const prompt = screen.getByRole('region', { name: 'Next video' });
    expect(prompt).toHaveTextContent('Next video: Rye bread at home');
    expect(within(prompt).getByRole('link', { name: 'Open' })).toHaveAttribute(
      'href',
      '/optimization/videos/vid-2',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'How to bake sourdough bread at home',
    );
    await user.click(within(prompt).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Next video' })).toBeNull();
  });

  it('a no-default-language error asks for the language; publishing again sends it', async () => {
    editorApi.details = buildVideoDetails({ language: null });
    let refused = 1;
    renderEditor('vid-1', [
      handle('publish', () =>
        refused-- > 0
          ? { status: 400, body: errorBody('no-default-language', 'The video has no language') }
          : { status: 500, body: errorBody('internal', 'stop here') },
      ),
    ]);
    const title = await loaded();
    const user = userEvent.setup();
    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText("Choose the video's language")).toBeInTheDocument();
    expect(
      screen.getByText(/YouTube needs the video's default language before it can save/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Choose language' }));
    const language = screen.getByRole('combobox', { name: 'Default language' });
    expect(language).toHaveFocus();
    await user.selectOptions(language, 'fr');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(requestsOf('publish')).toHaveLength(2));
    expect(lastRequest('publish')?.body).toMatchObject({ language: 'fr' });
    // Each click is a new publish with its own idempotency key.
    const keys = requestsOf('publish').map(
      (r) => (r.body as { idempotencyKey?: string }).idempotencyKey,
    );
    expect(keys[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('a publish retried after a 502 carries the same idempotency key', async () => {
    let failures = 1;
    renderEditor('vid-1', [
      handle('publish', () =>
        failures-- > 0
          ? { status: 502, body: errorBody('platform-unavailable', 'Bad gateway') }
          : { status: 500, body: errorBody('internal', 'stop here') },
      ),
    ]);
    const title = await loaded();
    // After the public config has loaded (it sets the retry switch from its features).
    configureApiClient({ retry: true });
    const user = userEvent.setup();
    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(requestsOf('publish')).toHaveLength(2), { timeout: 10_000 });
    const [first, retry] = requestsOf('publish').map(
      (r) => (r.body as { idempotencyKey?: string }).idempotencyKey,
    );
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
  });

  it.each([
    ['platform-quota-exceeded', 'YouTube quota exceeded', 'Quota used up until midnight PT.'],
    ['invalid-grant', 'The channel needs to be reconnected', 'Reconnect the channel.'],
    ['video-platform-access-forbidden', 'YouTube refused access', 'Not allowed.'],
  ])('a %s error shows the server message', async (code, heading, message) => {
    renderEditor('vid-1', [
      handle('publish', () => ({ status: 403, body: errorBody(code, message) })),
    ]);
    const title = await loaded();
    const user = userEvent.setup();
    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(heading)).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(title).toHaveValue('How to bake sourdough bread!');
  });

  it('the last publish line offers Undo, which calls restore and shows the result', async () => {
    editorApi.details = buildVideoDetails({
      lastPublish: buildPublishRecord({
        id: 'pub-1',
        by: 'Ana',
        at: new Date(Date.now() - 5 * 60_000).toISOString(),
      }),
    });
    renderEditor();
    await loaded();
    expect(screen.getByTestId('last-publish')).toHaveTextContent(
      'Published via Tubewise 5 minutes ago by Ana — Undo',
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Undo the publish/ }));
    expect(
      await screen.findByText(/Undone: the earlier version of the title is live on YouTube again/),
    ).toBeInTheDocument();
    expect(lastRequest('restorePublish')?.params.publishId).toBe('pub-1');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Old title');
    expect(screen.getByTestId('last-publish')).toHaveTextContent('Restored via Tubewise');
  });

  it('while the account is read-only, Publish and Undo are disabled and say why, with the plans', async () => {
    editorApi.details = buildVideoDetails({
      publishingPaused: true,
      lastPublish: buildPublishRecord({ id: 'pub-1', by: 'Ana' }),
    });
    renderEditor();
    const title = await loaded();
    const user = userEvent.setup();
    await user.type(title, ' edited');
    const publish = screen.getByRole('button', { name: 'Publish' });
    expect(publish).toBeDisabled();
    expect(publish).toHaveAccessibleDescription(/free trial has ended, so publishing/);
    expect(screen.getByRole('button', { name: /Undo the publish/ })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      expect.stringContaining('/settings/account'),
    );
    expect(requestsOf('publish')).toHaveLength(0);
  });
});

describe('publishing paused for a person the channel is shared with', () => {
  it('asks them to ask the owner, since their own plan would not lift it', async () => {
    editorApi.details = buildVideoDetails({ publishingPaused: true });
    renderEditor('vid-1', [], { shared: true });
    await loaded();
    const why = await screen.findByText(/Ask the channel’s owner to choose a plan\./);
    expect(why).toHaveTextContent(/free trial has ended, so publishing/);
    expect(screen.queryByRole('link', { name: 'See plans' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
  });
});

describe('templates', () => {
  it('create (id create at top) / cancel / save / delete / insert', async () => {
    editorApi.templates = [buildTemplate({ id: 'tpl-1', title: 'Links', content: 'LINKS' })];
    renderEditor();
    await loaded();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Manage templates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Description templates' });
    const list = within(dialog).getByRole('list', { name: 'Templates' });

    // New: added at the top; Cancel removes it.
    await user.click(within(dialog).getByRole('button', { name: 'New template' }));
    expect(within(list).getAllByRole('listitem')[0]).toContainElement(
      within(dialog).getByRole('form', { name: 'New template' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);

    // New again, saved: replaces the first item.
    await user.click(within(dialog).getByRole('button', { name: 'New template' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Template title' }), 'Outro');
    await user.type(within(dialog).getByRole('textbox', { name: 'Template content' }), 'BYE');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Outro');
    expect(lastRequest('createTemplate')?.body).toEqual({ title: 'Outro', content: 'BYE' });

    // Edit, cancel leaves edit mode; edit and save replaces it.
    await user.click(within(dialog).getByRole('button', { name: 'Edit template Links' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).queryByRole('form')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Edit template Links' }));
    const content = within(dialog).getByRole('textbox', { name: 'Template content' });
    await user.clear(content);
    await user.type(content, 'NEW LINKS');
    await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(within(dialog).queryByRole('form')).toBeNull());
    expect(lastRequest('updateTemplate')?.params.templateId).toBe('tpl-1');

    // Delete removes it.
    await user.click(within(dialog).getByRole('button', { name: 'Delete template Outro' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));

    // Insert (never focused: appended on a new line).
    await user.click(within(dialog).getByRole('button', { name: 'Insert template Links' }));
    const description = screen.getByRole('textbox', { name: 'Description' });
    await waitFor(() => expect(description).toHaveValue('Everything about sourdough.\nNEW LINKS'));
  });

  it('the template menu inserts at the cursor', async () => {
    editorApi.templates = [buildTemplate({ id: 'tpl-1', title: 'Links', content: '[LINKS]' })];
    renderEditor();
    await loaded();
    const description = screen.getByRole('textbox', { name: 'Description' }) as HTMLTextAreaElement;
    const user = userEvent.setup();
    await user.click(description);
    description.setSelectionRange(10, 10);
    fireEvent.select(description);
    await user.click(screen.getByRole('button', { name: 'Insert template' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Links' }));
    expect(description).toHaveValue('Everything[LINKS] about sourdough.');
  });
});

describe('thumbnail', () => {
  it('uploads the raw image and shows the not-16-9 warning', async () => {
    editorApi.uploaded = buildUploadedThumbnail({
      width: 1280,
      height: 1024,
      warnings: ['not-16-9'],
    });
    renderEditor();
    await loaded();
    const user = userEvent.setup();
    const file = new File([new Uint8Array(2048)], 'thumb.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload thumbnail'), file);
    expect(await screen.findByText('Not 16:9 — YouTube will add black bars')).toBeInTheDocument();
    expect(editorApi.uploads).toEqual([{ contentType: 'image/png', bytes: 2048 }]);
    expect(screen.getByText('New thumbnail. It goes live when you publish.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset thumbnail to the live value' })).toBeEnabled();
    // The upload is published with the rest.
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(lastRequest('publish')?.body).toMatchObject({ thumbnailId: 'thumb-1' }),
    );
  });

  it('after publishing, the thumbnail is the live one: not new, Publish disabled', async () => {
    renderEditor();
    await loaded();
    const user = userEvent.setup();
    const file = new File([new Uint8Array(2048)], 'thumb.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload thumbnail'), file);
    expect(
      await screen.findByText('New thumbnail. It goes live when you publish.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(/Published the thumbnail to YouTube/)).toBeInTheDocument();
    expect(screen.queryByText('New thumbnail. It goes live when you publish.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Reset thumbnail to the live value' })).toBeNull();
    const previews = screen.getByRole('list', { name: "Previews at YouTube's sizes" });
    // The live image, versioned by the publish: YouTube keeps the URL, the browser its cache.
    for (const img of within(previews).getAllByRole('presentation')) {
      expect(img.getAttribute('src')).toMatch(
        /^https:\/\/i\.ytimg\.com\/vi\/vid-1\/maxresdefault\.jpg\?tw=\d+$/,
      );
    }
    expect(requestsOf('publish')).toHaveLength(1);
  });

  it('after publishing a draft with a new thumbnail, nothing is left to publish', async () => {
    editorApi.details = buildVideoDetails({ draft: buildDraft({ revision: 3 }) });
    renderEditor();
    await loaded();
    const user = userEvent.setup();
    const file = new File([new Uint8Array(2048)], 'thumb.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Upload thumbnail'), file);
    expect(
      await screen.findByText(/You uploaded a new thumbnail for this draft/),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(/Published the title/)).toBeInTheDocument();
    expect(lastRequest('publish')?.body).toMatchObject({ thumbnailId: 'thumb-1', fromDraft: true });
    expect(screen.queryByText(/It goes live when you publish/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
  });

  it('refuses a file that is too large before uploading', async () => {
    renderEditor();
    await loaded();
    const user = userEvent.setup();
    const file = new File([new Uint8Array(3 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Upload thumbnail'), file);
    expect(await screen.findByText('The image is 3 MB; the limit is 2 MB.')).toBeInTheDocument();
    expect(editorApi.uploads).toEqual([]);
  });

  it('shows the server refusal of an upload', async () => {
    renderEditor('vid-1', [
      http.post(routeUrl('uploadThumbnail'), () =>
        HttpResponse.json(errorBody('invalid-image', 'The image is narrower than 640 pixels.'), {
          status: 400,
        }),
      ),
    ]);
    await loaded();
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText('Upload thumbnail'),
      new File([new Uint8Array(10)], 'x.png', { type: 'image/png' }),
    );
    expect(await screen.findByText('The image is narrower than 640 pixels.')).toBeInTheDocument();
  });
});
