import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {
  AddTrackedKeywordsResult,
  TrackedKeywordRow,
  TrackedKeywordSuggestion,
} from '@tubewise/contract';
import { renderApp } from '../../testing/render-app.tsx';
import { api, errorBody, handle, server } from '../../testing/server.ts';
import { buildChannels, buildChannelSettings, buildUser } from '../../testing/data.ts';
import { ACTIVE_CHANNEL_STORAGE_KEY } from '../../lib/channels/active-channel.ts';
import { SYNCED_CHANNELS_STORAGE_KEY } from '../../lib/channels/synced-channels.ts';
import { changeText, competitionText, limitText, rankText } from './format.ts';
import { NO_KEYWORDS_TITLE } from './tracked-keywords-page.tsx';

let seq = 0;
const row = (keyword: string, overrides: Partial<TrackedKeywordRow> = {}): TrackedKeywordRow => ({
  id: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  keyword,
  language: 'de-de',
  addedAt: '2026-11-01T10:00:00.000Z',
  volume: null,
  competition: null,
  rank: null,
  video: null,
  change7: null,
  day: null,
  checkedAt: null,
  ...overrides,
});

/** A stateful fake of the tracked-keywords routes. */
function setup(
  initial: TrackedKeywordRow[],
  options: { suggestions?: TrackedKeywordSuggestion[]; failList?: () => boolean } = {},
) {
  const channels = buildChannels(1);
  api.user = buildUser();
  api.myChannels = channels;
  api.channelSettings['ch-1'] = buildChannelSettings({ language: 'de-de' });
  localStorage.setItem(ACTIVE_CHANNEL_STORAGE_KEY, 'ch-1');
  localStorage.setItem(SYNCED_CHANNELS_STORAGE_KEY, JSON.stringify([channels[0]!.youtubeId]));
  let items = [...initial];
  let suggestions = options.suggestions ?? [];
  server.use(
    handle('trackedKeywords', () =>
      options.failList?.()
        ? { status: 500, body: errorBody('internal', 'The server had a problem.') }
        : { body: { items, limit: 250, depth: 50, state: 'loaded' as const } },
    ),
    handle('trackedKeywordSuggestions', (_b, { query }) => ({
      body: { language: query.language ?? 'de-de', items: suggestions },
    })),
    handle('addTrackedKeywords', (body) => {
      const { text, language } = body as { text: string; language?: string };
      const answer: AddTrackedKeywordsResult = { added: [], refused: [] };
      const seen = new Set<string>();
      for (const raw of text
        .split(/[\n,]+/)
        .map((s) => s.trim())
        .filter(Boolean)) {
        const keyword = raw.toLowerCase();
        if (keyword.length > 80) answer.refused.push({ keyword: raw, reason: 'too-long' });
        else if (seen.has(keyword)) answer.refused.push({ keyword: raw, reason: 'duplicate' });
        else {
          seen.add(keyword);
          const added = row(keyword, { language: language ?? 'de-de' });
          items = [added, ...items];
          answer.added.push({
            id: added.id,
            keyword,
            language: added.language,
            addedAt: added.addedAt,
          });
        }
      }
      suggestions = suggestions.filter((s) => !seen.has(s.keyword));
      return { status: 201, body: answer };
    }),
    handle('deleteTrackedKeywords', (body) => {
      const { ids } = body as { ids: string[] };
      const deleted = items.filter((i) => ids.includes(i.id));
      items = items.filter((i) => !ids.includes(i.id));
      return {
        body: {
          deleted: deleted.map(({ id, keyword, language, addedAt }) => ({
            id,
            keyword,
            language,
            addedAt,
          })),
        },
      };
    }),
  );
}

describe('tracked keyword texts', () => {
  it('writes ranks, changes, competition and the limit', () => {
    expect([rankText(3, '2026-11-20', 50), rankText(null, '2026-11-20', 50)]).toEqual([
      '#3',
      'Not in the top 50',
    ]);
    expect(rankText(null, null, 50)).toBe('Not checked yet');
    expect([changeText(7), changeText(-1), changeText(0), changeText(null)]).toEqual([
      'Up 7 places in a week',
      'Down 1 place in a week',
      'No change in a week',
      'No rank a week before to compare with',
    ]);
    expect([competitionText(0.1), competitionText(0.42), competitionText(0.9)]).toEqual([
      'Low (10)',
      'Medium (42)',
      'High (90)',
    ]);
    expect(limitText({ limit: 250, tracked: 248, adding: 5 })).toBe(
      "This channel's plan allows up to 250 keywords. It tracks 248, so 2 more fit, and you tried to add 5. Delete some keywords, add fewer or choose a bigger plan.",
    );
  });
});

describe('/reporting/keywords', () => {
  it('lists each keyword with volume, competition, rank, ranking video, change and last check', async () => {
    // Checked five hours ago, whatever day the test runs (the cell says it relative to now).
    const checkedAt = new Date(Date.now() - 5 * 3_600_000).toISOString();
    setup([
      row('trail granola', {
        volume: 1900,
        competition: 0.42,
        rank: 3,
        video: { id: 'vid-granola', title: 'Granola on the trail', thumbnailUrl: null },
        change7: 7,
        day: checkedAt.slice(0, 10),
        checkedAt,
      }),
      row('trail snacks', { rank: null, change7: -31, day: '2026-11-20' }),
    ]);
    renderApp('/reporting/keywords');
    const table = await screen.findByRole('table', { name: 'Tracked keywords' });
    const granola = within(table).getByRole('row', { name: /trail granola/ });
    expect(granola).toHaveTextContent('German (Germany)');
    expect(granola).toHaveTextContent('1,900');
    expect(granola).toHaveTextContent('Medium (42)');
    expect(granola).toHaveTextContent('#3');
    expect(granola).toHaveTextContent('Up 7 places in a week');
    expect(within(granola).getByRole('link', { name: 'Granola on the trail' })).toHaveAttribute(
      'href',
      '/optimization/videos/vid-granola',
    );
    expect(within(granola).getByText(/ago|yesterday|today/)).toHaveAttribute('datetime', checkedAt);
    const snacks = within(table).getByRole('row', { name: /trail snacks/ });
    expect(snacks).toHaveTextContent('Not in the top 50');
    expect(snacks).toHaveTextContent('Down 31 places in a week');
    expect(snacks).toHaveTextContent('Not yet');
    expect(screen.getByText('2 of 250 keywords tracked')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Rankings page' })).toHaveAttribute(
      'href',
      '/reporting/rankings',
    );
  });

  it("adds a pasted list with Ctrl+Enter in the channel's language and says what was refused", async () => {
    setup([]);
    renderApp('/reporting/keywords');
    expect(await screen.findByText(NO_KEYWORDS_TITLE)).toBeVisible();
    const language = screen.getByRole('combobox', { name: 'Keyword language' });
    await waitFor(() => expect(language).toHaveValue('de-de'));
    const box = screen.getByRole('textbox', { name: 'Keywords to track' });
    await userEvent.type(
      box,
      `Camp Cooking, camp cooking{Enter}${'x'.repeat(81)}{Enter}dutch oven`,
    );
    await userEvent.keyboard('{Control>}{Enter}{/Control}');
    const status = await screen.findByText(/Added 2 keywords; 2 not added/);
    const message = status.closest('[role="status"]') as HTMLElement;
    expect(message).toHaveTextContent('Added: camp cooking, dutch oven.');
    expect(message).toHaveTextContent('“camp cooking”: listed more than once in what you pasted');
    expect(message).toHaveTextContent('too long (at most 80 characters and 10 words)');
    const add = api.requests.find((r) => r.route === 'addTrackedKeywords');
    expect(add?.body).toMatchObject({ language: 'de-de' });
    expect(await screen.findByRole('row', { name: /dutch oven/ })).toBeVisible();
    expect(box).toHaveValue('');
  });

  it('says the limit clearly, with the count and the limit', async () => {
    setup([]);
    server.use(
      handle('addTrackedKeywords', () => ({
        status: 409,
        body: {
          error: {
            code: 'tracked-keywords-limit',
            message: 'A channel can track up to 250 keywords.',
            requestId: 'r',
            details: { limit: 250, tracked: 249, adding: 3 },
          },
        },
      })),
    );
    renderApp('/reporting/keywords');
    await screen.findByText(NO_KEYWORDS_TITLE);
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Keywords to track' }),
      'a{Enter}b{Enter}c',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add keywords' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('It tracks 249, so 1 more fit, and you tried to add 3.');
    expect(within(alert).getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/settings/account#billing',
    );
    expect(screen.getByRole('textbox', { name: 'Keywords to track' })).toHaveValue('a\nb\nc');
  });

  it('adds chosen suggestions, grouped by source', async () => {
    setup([], {
      suggestions: [
        { keyword: 'hiking boots', source: 'search-term', videoTitle: 'Boots', position: null },
        { keyword: 'energy bars', source: 'ranking', videoTitle: 'Granola', position: 2 },
      ],
    });
    renderApp('/reporting/keywords');
    const group = await screen.findByRole('group', { name: 'Phrases your videos rank for' });
    expect(within(group).getByText('#2 with “Granola”')).toBeVisible();
    await userEvent.click(within(group).getByRole('checkbox', { name: /energy bars/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Add selected (1 keyword)' }));
    expect(await screen.findByRole('row', { name: /energy bars/ })).toBeVisible();
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Suggestions' })).queryByRole('checkbox', {
          name: /energy bars/,
        }),
      ).not.toBeInTheDocument(),
    );
    expect(api.requests.find((r) => r.route === 'addTrackedKeywords')?.body).toEqual({
      text: 'energy bars',
      language: 'de-de',
    });
  });

  it('deletes selected keywords and brings them back with Undo', async () => {
    setup([row('one'), row('two', { language: 'en-us' }), row('three')]);
    renderApp('/reporting/keywords');
    await screen.findByRole('table', { name: 'Tracked keywords' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select one' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select two' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete 2 keywords' }));
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(screen.getByText('Deleted 2 keywords.')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('row', { name: /two/ })).not.toBeInTheDocument());
    await userEvent.click(undo);
    expect(await screen.findByRole('row', { name: /two/ })).toBeVisible();
    expect(screen.getByRole('row', { name: /one/ })).toBeVisible();
    const adds = api.requests.filter((r) => r.route === 'addTrackedKeywords').map((r) => r.body);
    expect(adds).toEqual(
      expect.arrayContaining([
        { text: 'one', language: 'de-de' },
        { text: 'two', language: 'en-us' },
      ]),
    );
    expect(await screen.findByText('Restored 2 keywords.')).toBeVisible();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    setup([row('one')], { failList: () => fail });
    renderApp('/reporting/keywords');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('We could not load the tracked keywords')).toBeVisible();
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('row', { name: /one/ })).toBeVisible();
  });
});
