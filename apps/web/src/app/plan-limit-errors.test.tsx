/**
 * Every refusal a plan decides shows the way to the plans ("See plans" → /settings/account#billing)
 * where the web meets it: connecting a channel (and its OAuth return), inviting someone, AI
 * suggestions, publishing and rank checks.
 */
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import type { TrackedKeywordRow } from '@tubewise/contract';
import { registerNotifier, type NoticeOptions } from '../lib/notify.ts';
import { READ_ONLY_TEXT } from '../lib/plan-errors.ts';
import { ACTIVE_CHANNEL_STORAGE_KEY } from '../lib/channels/active-channel.ts';
import { SYNCED_CHANNELS_STORAGE_KEY } from '../lib/channels/synced-channels.ts';
import { aiApi } from '../testing/ai-server.ts';
import { buildAiEligibility, buildAiQuota, buildChannels, buildUser } from '../testing/data.ts';
import { currentLocation, renderApp, renderWithProviders } from '../testing/render-app.tsx';
import { api, errorBody, handle, server } from '../testing/server.ts';
import { AiSuggestionsPanel } from '../features/optimization/editor/components/ai-suggestions-panel.tsx';
import { AI_READ_ONLY_TEXT } from '../features/optimization/editor/ai-texts.ts';
import { renderEditor } from '../features/optimization/editor/testing/render-editor.tsx';
import { resetEditorApi } from '../features/optimization/editor/testing/editor-server.ts';
import OAuthReturnToasts from './notices/oauth-return-toasts.tsx';
import {
  OAUTH_PLAN_LIMIT_TEXT,
  oauthReturnError,
  oauthReturnSuccess,
} from './notices/oauth-return.ts';

let shown: { message: ReactNode; options: NoticeOptions }[] = [];
let unregister: () => void = () => undefined;
afterEach(() => unregister());

const captureNotices = () => {
  shown = [];
  unregister = registerNotifier({
    show: (message, options) => shown.push({ message, options }),
    close: () => undefined,
  });
};

/** A toast's action as rendered, in a router. */
const renderAction = (options: NoticeOptions) =>
  render(<MemoryRouter>{options.action?.('k')}</MemoryRouter>);

const refusal = (status: number, code: string, message: string, details?: unknown) => ({
  status,
  body: { error: { ...errorBody(code, message).error, details } },
});

const expectSeePlans = (container: HTMLElement) =>
  expect(within(container).getByRole('link', { name: 'See plans' })).toHaveAttribute(
    'href',
    '/settings/account#billing',
  );

function signInWithChannel() {
  const channels = buildChannels(1);
  api.user = buildUser({ id: 'me', email: 'me@example.com', name: 'Me' });
  api.myChannels = channels;
  localStorage.setItem(ACTIVE_CHANNEL_STORAGE_KEY, 'ch-1');
  localStorage.setItem(SYNCED_CHANNELS_STORAGE_KEY, JSON.stringify([channels[0]!.youtubeId]));
}

describe('channels', () => {
  it('connecting over the channel limit says the plan and the numbers, with See plans', async () => {
    signInWithChannel();
    server.use(
      handle('youtubeAuthUrl', () =>
        refusal(409, 'channel-limit-reached', 'Channel limit reached.', {
          limit: 1,
          used: 1,
          plan: 'creator',
        }),
      ),
    );
    renderApp('/settings/channels');
    await userEvent.click(await screen.findByRole('button', { name: 'Connect another channel' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your Creator plan allows 1 channel of your own, and you have connected 1. Choose a bigger plan to connect more. See plans',
    );
    expectSeePlans(alert);
  });

  it('an OAuth return over the limit (within-plan=false) is an error toast with See plans', async () => {
    const q = (s: string) => new URLSearchParams(s);
    expect(oauthReturnError(q('oauth-success=false&within-plan=false'))).toBe(
      OAUTH_PLAN_LIMIT_TEXT,
    );
    expect(oauthReturnError(q('oauth-success=true&within-plan=false'))).toBe(OAUTH_PLAN_LIMIT_TEXT);
    expect(oauthReturnSuccess(q('oauth-success=true&within-plan=false'))).toBeNull();
    expect(oauthReturnError(q('oauth-success=true&within-plan=true'))).toBeNull();

    captureNotices();
    renderWithProviders(
      <OAuthReturnToasts />,
      '/settings/channels?oauth-success=false&within-plan=false&keep=1',
    );
    await waitFor(() => expect(shown).toHaveLength(1));
    expect(shown[0]?.message).toBe(OAUTH_PLAN_LIMIT_TEXT);
    expect(shown[0]?.options).toMatchObject({ variant: 'error' });
    const action = renderAction(shown[0]!.options);
    expect(action.getByRole('link', { name: 'See plans' })).toHaveAttribute(
      'href',
      '/settings/account#billing',
    );
    await waitFor(() => expect(currentLocation().search).toBe('?keep=1'));
  });

  it('inviting over the people limit says so with See plans, not "already has access"', async () => {
    signInWithChannel();
    server.use(
      handle('inviteMember', () =>
        refusal(409, 'people-limit-reached', 'People limit reached.', {
          limit: 3,
          used: 3,
          plan: 'creator',
        }),
      ),
    );
    renderApp('/settings/channels');
    const mine = await screen.findByRole('list', { name: 'My channels' });
    const row = within(mine).getByText('Channel 1', { exact: true }).closest('li') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share Channel 1' });
    const input = within(dialog).getByLabelText('E-mail address');
    await userEvent.type(input, 'friend@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your Creator plan allows 3 people per channel (invitations count), and this channel has 3. Choose a bigger plan to invite more people.',
    );
    expectSeePlans(alert);
    expect(input).not.toHaveAttribute('aria-invalid', 'true');
  });
});

describe('AI suggestions', () => {
  const renderPanel = () => {
    api.user = buildUser();
    return renderWithProviders(
      <AiSuggestionsPanel
        channelId="ch-1"
        videoId="vid-1"
        searchTerm="sourdough bread"
        durationSeconds={600}
        currentTitle="Title"
        currentDescription="Description"
        onUseTitle={() => undefined}
        onUseDescription={() => undefined}
      />,
      '/optimization/videos/vid-1',
      { user: api.user },
    );
  };

  it('a read-only account is a reason in words with a link to choose a plan', async () => {
    aiApi.eligibility = buildAiEligibility({
      eligible: false,
      reasons: [{ code: 'account-read-only', message: 'The free trial has ended.' }],
    });
    renderPanel();
    const title = await screen.findByText('This video cannot get AI suggestions now');
    const notice = title.closest('[role="status"]') as HTMLElement;
    expect(notice).toHaveTextContent(`${AI_READ_ONLY_TEXT} Choose a plan`);
    expect(within(notice).getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      '/settings/account#billing',
    );
  });

  it('the month’s quota used up offers a bigger plan', async () => {
    aiApi.eligibility = buildAiEligibility({
      eligible: false,
      reasons: [{ code: 'quota-exceeded', message: 'Quota exceeded' }],
      quota: buildAiQuota({ used: 50, limit: 50 }),
    });
    renderPanel();
    const alert = (await screen.findByText('Quota exceeded')).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(alert).toHaveTextContent('A bigger plan allows more generations each month. See plans');
    expectSeePlans(alert);
  });

  it('a refused generate (quota) keeps the server message and adds See plans', async () => {
    aiApi.refuse = {
      status: 429,
      code: 'ai-quota-exceeded',
      message: 'This channel has used its 50 AI generations this month.',
    };
    renderPanel();
    const button = await screen.findByRole('button', { name: 'Generate titles and description' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    const alert = (await screen.findByText('The AI did not start')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(alert).toHaveTextContent('This channel has used its 50 AI generations this month.');
    expectSeePlans(alert);
  });
});

describe('publishing', () => {
  it('a read-only account: "Publishing is paused" with the reason and See plans', async () => {
    resetEditorApi();
    const message =
      "This channel's free trial has ended. Publishing is paused until a plan is chosen.";
    renderEditor('vid-1', [handle('publish', () => refusal(402, 'account-read-only', message))]);
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await userEvent.type(title, '!');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const heading = await screen.findByText('Publishing is paused');
    const alert = heading.closest('[role="alert"]') as HTMLElement;
    expect(alert).toHaveTextContent(message);
    expectSeePlans(alert);
  });
});

describe('rank checks', () => {
  const row: TrackedKeywordRow = {
    id: '00000000-0000-4000-8000-000000000001',
    keyword: 'sourdough',
    language: 'en-us',
    addedAt: '2026-11-01T10:00:00.000Z',
    volume: null,
    competition: null,
    rank: null,
    video: null,
    change7: null,
    day: null,
    checkedAt: null,
  };

  it('Check ranks now on a read-only account: the reason in the toast, with See plans', async () => {
    signInWithChannel();
    server.use(
      handle('trackedKeywords', () => ({
        body: { items: [row], limit: 100, depth: 50, state: 'loaded' as const },
      })),
      handle('trackedKeywordSuggestions', (_b, { query }) => ({
        body: { language: query.language ?? 'en-us', items: [] },
      })),
      handle('runRankChecks', () => refusal(402, 'account-read-only', 'Read-only.')),
    );
    renderApp('/reporting/keywords');
    await screen.findByText('sourdough');
    await userEvent.click(screen.getByRole('button', { name: 'Check ranks now' }));
    // The app's own toasts (notistack): the message and its action.
    const toast = await screen.findByText(`We could not check the ranks. ${READ_ONLY_TEXT}`);
    const snackbar = toast.closest('.notistack-MuiContent') as HTMLElement;
    const seePlans = within(snackbar).getByRole('link', { name: 'See plans' });
    expect(seePlans).toHaveAttribute('href', '/settings/account#billing');
    await userEvent.click(seePlans);
    await waitFor(() => expect(currentLocation().pathname).toBe('/settings/account'));
  });
});
