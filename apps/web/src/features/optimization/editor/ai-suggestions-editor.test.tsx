import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aiApi } from '../../../testing/ai-server.ts';
import { buildAiGeneration } from '../../../testing/data.ts';
import { buildDraft, buildVideoDetails } from './testing/editor-data.ts';
import { editorApi, lastRequest, requestsOf, resetEditorApi } from './testing/editor-server.ts';
import { renderEditor } from './testing/render-editor.tsx';

// Whole-editor tests type into real fields: slower than the 5 s default on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => resetEditorApi());

const levelOf = () =>
  Number(
    screen.getByRole('progressbar', { name: 'Optimization level' }).getAttribute('aria-valuenow'),
  );

async function loaded() {
  const input = await screen.findByRole('textbox', { name: 'Title' });
  await waitFor(() =>
    expect(screen.queryByRole('progressbar', { name: 'Loading recommendations' })).toBeNull(),
  );
  return input;
}

/** The AI panel with the earlier generation unfolded. */
async function showSuggestions() {
  const panel = screen.getByRole('region', { name: 'AI suggestions' });
  const user = userEvent.setup();
  await user.click(await within(panel).findByRole('button', { name: 'Show suggestions' }));
  return { panel, user };
}

const titleTip = () =>
  within(screen.getByRole('region', { name: 'Title tips' })).getByRole('button', {
    name: /Put the search term in the title/,
  });

describe('AI suggestions in the editor', () => {
  it('Use puts a title into the title field as typing would: tips, level and Reset follow', async () => {
    editorApi.details = buildVideoDetails({ live: { title: 'My weekend at home' } });
    aiApi.generation = buildAiGeneration({
      titles: [
        { text: 'Sourdough bread: my weekend at home', feedback: null },
        { text: 'A weekend of baking', feedback: null },
        { text: 'Home baking diaries', feedback: null },
      ],
    });
    renderEditor();
    const title = await loaded();
    const before = levelOf();
    expect(within(titleTip()).getByTitle('To do')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset title to the live value' })).toBeNull();

    const { panel, user } = await showSuggestions();
    await user.click(within(panel).getByRole('button', { name: 'Use title 1' }));

    expect(title).toHaveValue('Sourdough bread: my weekend at home');
    await waitFor(() => expect(levelOf()).toBeGreaterThan(before));
    expect(within(titleTip()).getByTitle('Done')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset title to the live value' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
    // Inert but focusable, so keyboard focus stays where it was.
    const inUse = within(panel).getByRole('button', { name: 'title 1 is in use' });
    expect(inUse).toHaveAttribute('aria-disabled', 'true');
    expect(inUse).toHaveFocus();
  });

  it('with a draft, Use goes into the draft copy and is saved with it', async () => {
    editorApi.details = buildVideoDetails({ draft: buildDraft({ revision: 3 }) });
    aiApi.generation = buildAiGeneration();
    renderEditor();
    await loaded();
    expect(screen.getByLabelText('Mode: Draft')).toBeInTheDocument();
    const { panel, user } = await showSuggestions();
    await user.click(within(panel).getByRole('button', { name: 'Use the description' }));
    const description = screen.getByRole('textbox', { name: 'Description' });
    expect(description).toHaveValue(aiApi.generation.description?.text);
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(requestsOf('saveDraft')).toHaveLength(1));
    expect(lastRequest('saveDraft')?.body).toMatchObject({
      title: 'Sourdough bread for beginners',
      description: aiApi.generation.description?.text,
      baseRevision: 3,
    });
  });

  it('generates for the search term the editor shows', async () => {
    editorApi.details = buildVideoDetails({ searchTerm: 'rye bread' });
    renderEditor();
    await loaded();
    const panel = screen.getByRole('region', { name: 'AI suggestions' });
    const generate = await within(panel).findByRole('button', {
      name: 'Generate titles and description',
    });
    await waitFor(() => expect(generate).toBeEnabled());
    await userEvent.setup().click(generate);
    await waitFor(() =>
      expect(lastRequest('generateAiMetadata')?.body).toEqual({ searchTerm: 'rye bread' }),
    );
    expect(
      await within(panel).findByRole('progressbar', { name: 'Writing AI suggestions' }),
    ).toBeInTheDocument();
  });
});
