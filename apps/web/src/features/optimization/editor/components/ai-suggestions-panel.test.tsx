import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AI_POLL_DELAY_MS } from '@tubewise/contract/ai-constants';
import { aiApi } from '../../../../testing/ai-server.ts';
import {
  buildAiEligibility,
  buildAiGeneration,
  buildAiQuota,
  buildUser,
} from '../../../../testing/data.ts';
import { renderWithProviders } from '../../../../testing/render-app.tsx';
import { api } from '../../../../testing/server.ts';
import { AI_PENDING_TEXT, formatQuotaReset } from '../ai-texts.ts';
import { AiSuggestionsPanel, type AiSuggestionsPanelProps } from './ai-suggestions-panel.tsx';

/** The panel with a page's title and description around it (what Use changes). */
function Page(props: Partial<AiSuggestionsPanelProps>) {
  const [title, setTitle] = useState('How to bake sourdough bread');
  const [description, setDescription] = useState('Everything about sourdough.');
  return (
    <>
      <AiSuggestionsPanel
        channelId="ch-1"
        videoId="vid-1"
        searchTerm="sourdough bread"
        durationSeconds={600}
        currentTitle={title}
        currentDescription={description}
        onUseTitle={setTitle}
        onUseDescription={setDescription}
        {...props}
      />
      <output aria-label="Page title">{title}</output>
      <output aria-label="Page description">{description}</output>
    </>
  );
}

function renderPanel(props: Partial<AiSuggestionsPanelProps> = {}) {
  api.user = buildUser();
  return renderWithProviders(<Page {...props} />, '/optimization/videos/vid-1', {
    user: api.user,
  });
}

const requestsOf = (route: string) => api.requests.filter((r) => r.route === route);
const panel = () => screen.findByRole('region', { name: 'AI suggestions' });
const generateButton = () =>
  screen.findByRole('button', { name: 'Generate titles and description' });

/** Waits for the loaded panel and unfolds a generation that was already done. */
async function showSuggestions() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Show suggestions' }));
  return user;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('before the first generation', () => {
  it('shows the quota, a clear empty state and a keyboard-reachable Generate with the search term', async () => {
    renderPanel();
    const region = await panel();
    expect(
      within(region).getByRole('heading', { level: 2, name: 'AI suggestions' }),
    ).toBeInTheDocument();
    expect(await within(region).findByText('12 of 50 generations left this month')).toBeVisible();
    expect(within(region).getByText(/^No suggestions yet\./)).toHaveTextContent(
      'The AI writes 3 to 5 titles and a description for “sourdough bread”.',
    );
    const button = await generateButton();
    expect(button).toBeEnabled();
    expect(button).toHaveAccessibleDescription('12 of 50 generations left this month');
    const user = userEvent.setup();
    // Reached with Tab alone and started with Enter.
    while (document.activeElement !== button) await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(requestsOf('generateAiMetadata')).toHaveLength(1));
    expect(requestsOf('generateAiMetadata')[0]?.body).toEqual({ searchTerm: 'sourdough bread' });
  });

  it('without a search term, says so and lets the server use the video’s', async () => {
    renderPanel({ searchTerm: null });
    expect(await screen.findByText(/choose a search term first/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await generateButton());
    await waitFor(() => expect(requestsOf('generateAiMetadata')).toHaveLength(1));
    expect(requestsOf('generateAiMetadata')[0]?.body).toEqual({ searchTerm: null });
  });
});

describe('eligibility', () => {
  it('says why for every failed condition, with the way out of each', async () => {
    aiApi.eligibility = buildAiEligibility({
      eligible: false,
      reasons: [
        { code: 'no-permission', message: 'AI permission required' },
        { code: 'video-too-long', message: 'Too long' },
        { code: 'channel-disconnected', message: 'Reconnect' },
      ],
      durationSeconds: 3150,
      maxVideoMinutes: 45,
    });
    renderPanel();
    const notice = (await screen.findByText('This video cannot get AI suggestions now')).closest(
      '[role="status"]',
    ) as HTMLElement;
    const reasons = within(notice).getAllByRole('listitem');
    expect(reasons).toHaveLength(3);
    expect(reasons[0]).toHaveTextContent(
      "You have not allowed the AI to read your videos' metadata and captions.",
    );
    expect(
      within(reasons[0]!).getByRole('link', { name: 'Allow it in your account settings' }),
    ).toHaveAttribute('href', '/settings/account');
    expect(reasons[1]).toHaveTextContent(
      'This video is 52 minutes 30 seconds long; AI suggestions are for videos up to 45 minutes.',
    );
    expect(reasons[2]).toHaveTextContent('The channel needs to be reconnected to YouTube');
    expect(within(reasons[2]!).getByRole('button', { name: 'Reconnect' })).toBeEnabled();
    expect(await generateButton()).toBeDisabled();
  });

  it('quota exceeded: says so with the usage and the reset date in the person’s locale', async () => {
    const quota = buildAiQuota({ used: 50, limit: 50, resetsAt: '2026-12-01T00:00:00.000Z' });
    aiApi.eligibility = buildAiEligibility({
      eligible: false,
      reasons: [{ code: 'quota-exceeded', message: 'Quota exceeded' }],
      quota,
    });
    renderPanel();
    const alert = (await screen.findByText('Quota exceeded')).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(alert).toHaveTextContent('50 of 50 generations used this month.');
    expect(alert).toHaveTextContent(
      `You can generate again from ${formatQuotaReset('2026-12-01T00:00:00.000Z')}.`,
    );
    expect(alert).toHaveTextContent(/2026/);
    expect(screen.queryByText(/generations left this month/)).toBeNull();
    expect(await generateButton()).toBeDisabled();
  });

  it('a refused generate shows the message and the refreshed eligibility', async () => {
    renderPanel();
    const button = await generateButton();
    await waitFor(() => expect(button).toBeEnabled());
    // Someone else used the last generation meanwhile.
    aiApi.eligibility = buildAiEligibility({
      eligible: false,
      reasons: [{ code: 'quota-exceeded', message: 'Quota exceeded' }],
      quota: buildAiQuota({ used: 50, limit: 50 }),
    });
    aiApi.refuse = {
      status: 429,
      code: 'ai-quota-exceeded',
      message: 'This channel has used its 50 AI generations this month.',
      details: { quota: aiApi.eligibility.quota },
    };
    const user = userEvent.setup();
    await user.click(button);
    expect(
      await screen.findByText('This channel has used its 50 AI generations this month.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Quota exceeded')).toBeInTheDocument();
    expect(button).toBeDisabled();
  });
});

describe('generating', () => {
  it('shows progress while pending, polls every 10 seconds until done, then stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPanel();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const button = await generateButton();
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);

    const progress = await screen.findByRole('progressbar', { name: 'Writing AI suggestions' });
    expect(progress).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByText('Writing suggestions.')).toHaveAttribute('role', 'status');
    expect(screen.getByText(AI_PENDING_TEXT)).toBeInTheDocument();
    expect(AI_PENDING_TEXT).toContain('we check every 10 seconds');
    expect(screen.queryByRole('button', { name: 'Generate titles and description' })).toBeNull();
    const polls = () => requestsOf('latestAiGeneration').length;
    const before = polls();

    // First poll: still writing.
    aiApi.generation = { ...aiApi.generation!, status: 'running' };
    await vi.advanceTimersByTimeAsync(AI_POLL_DELAY_MS);
    await waitFor(() => expect(polls()).toBeGreaterThan(before));
    expect(screen.getByRole('progressbar', { name: 'Writing AI suggestions' })).toBeInTheDocument();

    // Next poll: done.
    aiApi.generation = buildAiGeneration({ id: aiApi.generation.id });
    await vi.advanceTimersByTimeAsync(AI_POLL_DELAY_MS);
    const titles = await screen.findByRole('list', { name: 'Titles' });
    expect(within(titles).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('progressbar', { name: 'Writing AI suggestions' })).toBeNull();
    expect(screen.getByText('Suggestions ready: 3 titles and a description.')).toBeInTheDocument();

    // Done: no more polling.
    const after = polls();
    await vi.advanceTimersByTimeAsync(3 * AI_POLL_DELAY_MS);
    expect(polls()).toBe(after);
  });

  it('a failed generation shows the error and Try again starts a new one', async () => {
    aiApi.generation = buildAiGeneration({
      status: 'failed',
      titles: [],
      description: null,
      error: { code: 'model-error', message: 'The AI model did not answer in time.' },
    });
    renderPanel();
    expect(await screen.findByText('The AI could not write suggestions')).toBeInTheDocument();
    expect(screen.getByText('The AI model did not answer in time.')).toBeInTheDocument();
    const retry = screen.getByRole('button', { name: 'Try again' });
    await waitFor(() => expect(retry).toBeEnabled());
    const user = userEvent.setup();
    await user.click(retry);
    await waitFor(() => expect(requestsOf('generateAiMetadata')).toHaveLength(1));
    expect(
      await screen.findByRole('progressbar', { name: 'Writing AI suggestions' }),
    ).toBeInTheDocument();
  });
});

describe('a finished generation', () => {
  it('starts folded when it was done before; shows titles with their length, the description and what went in', async () => {
    aiApi.generation = buildAiGeneration({
      model: 'test-model-1',
      inputs: { captions: 'over-budget', relatedKeywords: 8, rankingVideos: 10 },
    });
    renderPanel();
    expect(await screen.findByText(/^3 titles and a description from /)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Titles' })).toBeNull();
    await showSuggestions();
    const titles = screen.getByRole('list', { name: 'Titles' });
    const first = within(titles).getByRole('listitem', { name: 'Title 1' });
    expect(first).toHaveTextContent('Sourdough bread at home: the easy way');
    expect(first).toHaveTextContent('37 of 100 characters');
    const description = screen.getByRole('region', { name: 'Description' });
    expect(description).toHaveTextContent('83 of 5,000 bytes');
    expect(
      screen.getByText(/^Written by the AI model test-model-1 for “sourdough bread”\./),
    ).toHaveTextContent(
      "It read the video's title, description and tags, no captions (the channel's YouTube quota for them is used up today), 8 related keywords and 10 videos ranking for the search term.",
    );
    expect(screen.getByRole('button', { name: 'Regenerate' })).toHaveAccessibleDescription(
      'Writes new suggestions and uses 1 generation (12 left this month).',
    );
    expect(screen.getByRole('button', { name: 'Hide suggestions' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('folds a long description, and unfolds it', async () => {
    const text = Array.from({ length: 12 }, (_, i) => `Line ${i + 1}`).join('\n');
    aiApi.generation = buildAiGeneration({ description: { text, feedback: null } });
    renderPanel();
    const user = await showSuggestions();
    const toggle = screen.getByRole('button', { name: 'Show all' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Show less' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('thumbs toggle up, unset and down, and send each rating', async () => {
    aiApi.generation = buildAiGeneration();
    renderPanel();
    const user = await showSuggestions();
    const up = screen.getByRole('button', { name: 'Rate title 1 up' });
    const down = screen.getByRole('button', { name: 'Rate title 1 down' });
    expect(up).toHaveAttribute('aria-pressed', 'false');
    const feedback = () => requestsOf('aiFeedback').map((r) => r.body);

    await user.click(up);
    expect(up).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(feedback()).toHaveLength(1));
    await user.click(up);
    expect(up).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(feedback()).toHaveLength(2));
    await user.click(down);
    expect(down).toHaveAttribute('aria-pressed', 'true');
    expect(up).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(feedback()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Rate the description up' }));
    await waitFor(() => expect(feedback()).toHaveLength(4));

    expect(feedback()).toEqual([
      { target: 'title', index: 0, value: 'up' },
      { target: 'title', index: 0, value: null },
      { target: 'title', index: 0, value: 'down' },
      { target: 'description', value: 'up' },
    ]);
    expect(requestsOf('aiFeedback')[0]?.params).toMatchObject({
      id: 'ch-1',
      videoId: 'vid-1',
      generationId: 'gen-1',
    });
    expect(aiApi.generation.titles[0]?.feedback).toBe('down');
    expect(screen.getByRole('button', { name: 'Rate the description up' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('a refused rating puts the thumb back', async () => {
    aiApi.generation = buildAiGeneration();
    aiApi.failFeedback = true;
    renderPanel();
    const user = await showSuggestions();
    const up = screen.getByRole('button', { name: 'Rate title 2 up' });
    await user.click(up);
    await waitFor(() => expect(requestsOf('aiFeedback')).toHaveLength(1));
    await waitFor(() => expect(up).toHaveAttribute('aria-pressed', 'false'));
  });

  it('Use puts a title or the description into the page and says so', async () => {
    aiApi.generation = buildAiGeneration();
    renderPanel();
    const user = await showSuggestions();
    await user.click(screen.getByRole('button', { name: 'Use title 2' }));
    expect(screen.getByRole('status', { name: 'Page title' })).toHaveTextContent(
      'My first sourdough bread (no mixer)',
    );
    expect(screen.getByRole('button', { name: 'title 2 is in use' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByText('Title 2 is in the title field now.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use the description' }));
    expect(screen.getByRole('status', { name: 'Page description' })).toHaveTextContent(
      'Bake sourdough bread at home with a simple starter.',
    );
  });

  it('never offers a suggestion that breaks a hard limit: Use is disabled with the reason', async () => {
    aiApi.generation = buildAiGeneration({
      titles: [
        { text: 'x'.repeat(101), feedback: null },
        { text: 'Sourdough <3', feedback: null },
        { text: 'A fine title', feedback: null },
      ],
      description: { text: 'é'.repeat(2501), feedback: null },
    });
    renderPanel();
    await showSuggestions();
    const tooLong = screen.getByRole('button', { name: 'Use title 1' });
    expect(tooLong).toBeDisabled();
    expect(tooLong).toHaveAccessibleDescription(
      'Cannot be used: The title is 101 characters; YouTube allows at most 100.',
    );
    expect(screen.getByRole('button', { name: 'Use title 2' })).toHaveAccessibleDescription(
      /Cannot be used: The title contains "<" or ">"/,
    );
    expect(screen.getByRole('button', { name: 'Use title 2' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Use title 3' })).toBeEnabled();
    const description = screen.getByRole('button', { name: 'Use the description' });
    expect(description).toBeDisabled();
    expect(description).toHaveAccessibleDescription(
      /Cannot be used: The description is 5,002 bytes; YouTube allows at most 5,000\./,
    );
  });

  it('says when the suggestions were written for another search term', async () => {
    aiApi.generation = buildAiGeneration({ searchTerm: 'rye bread' });
    renderPanel();
    expect(
      await screen.findByText(
        /These were written for “rye bread”; the search term is now “sourdough bread”\./,
      ),
    ).toBeInTheDocument();
  });
});
