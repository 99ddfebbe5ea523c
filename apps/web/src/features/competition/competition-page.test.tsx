import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CompetitionReport } from '@tubewise/contract';
import { renderApp } from '../../testing/render-app.tsx';
import { api, server } from '../../testing/server.ts';
import { buildChannel, buildUser } from '../../testing/data.ts';
import { ACTIVE_CHANNEL_STORAGE_KEY } from '../../lib/channels/active-channel.ts';
import { SYNCED_CHANNELS_STORAGE_KEY } from '../../lib/channels/synced-channels.ts';
import {
  busiestWeek,
  competitorsLimitText,
  shareText,
  uploadsPerWeekText,
  viewsPerVideoText,
} from './competition-format.ts';
import { REFRESHING_POLL_LIMIT_MS, REFRESHING_POLL_MS } from './api/competition.ts';
import { NO_COMPETITORS_TITLE, STILL_READING_TEXT } from './competition-page.tsx';
import { NO_TRACKED_KEYWORDS_TITLE } from './share-of-voice-section.tsx';
import {
  buildCompetitionReport,
  buildCompetitor,
  buildFoundChannel,
  competitionApi,
  competitionHandlers,
  OWN_YOUTUBE_ID,
  resetCompetitionApi,
} from './testing/competition-server.ts';

const CHANNEL_ID = '7d4c8a52-1f0e-4b7a-9c3d-2e5f6a7b8c9d';

function setup(flags = 'competition_user') {
  resetCompetitionApi();
  // The competition routes take a channel's uuid.
  const channel = buildChannel({ id: CHANNEL_ID, youtubeId: OWN_YOUTUBE_ID, name: 'Channel 1' });
  api.user = buildUser({ flags });
  api.myChannels = [channel];
  localStorage.setItem(ACTIVE_CHANNEL_STORAGE_KEY, CHANNEL_ID);
  localStorage.setItem(SYNCED_CHANNELS_STORAGE_KEY, JSON.stringify([OWN_YOUTUBE_ID]));
  server.use(...competitionHandlers());
}

/** The report with the rival's activity changed by `patch`. */
const withRivalActivity = (
  report: CompetitionReport,
  patch: Partial<CompetitionReport['activity'][number]>,
): CompetitionReport => ({
  ...report,
  activity: report.activity.map((a) => (a.youtubeId === 'UC-rival-1' ? { ...a, ...patch } : a)),
});

const region = (name: string) => screen.findByRole('region', { name });
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) => r.textContent);

describe('competition formats', () => {
  it('writes shares, views per video and cadence', () => {
    expect([shareText(0.3456), shareText(0), shareText(1)]).toEqual(['34.6%', '0%', '100%']);
    expect([viewsPerVideoText(1234.4), viewsPerVideoText(null)]).toEqual(['1,234', 'No uploads']);
    expect(uploadsPerWeekText(21, 90)).toBe('1.6');
    // A capped read's three days are its rate (not spread over a whole week).
    expect(uploadsPerWeekText(300, 3, true)).toBe('700');
    expect(uploadsPerWeekText(3, 3)).toBe('3');
    expect(competitorsLimitText(5)).toMatch(/at most 5 competitors/);
  });
  it('finds the busiest week (the earliest on a tie), none without uploads', () => {
    const week = (weekStart: string, uploads: number) => ({ weekStart, uploads, views: 0 });
    const activity = buildCompetitionReport().activity[0]!;
    expect(
      busiestWeek({
        ...activity,
        weeks: [week('2026-08-24', 1), week('2026-08-31', 2), week('2026-09-07', 2)],
      })?.weekStart,
    ).toBe('2026-08-31');
    expect(busiestWeek({ ...activity, weeks: [week('2026-08-24', 0)] })).toBeNull();
  });
});

describe('/competition', () => {
  it('shows the not-found page to a person without the competition flag', async () => {
    setup('labs_user');
    renderApp('/competition');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Page not found'));
    expect(screen.queryByRole('link', { name: 'Competition' })).toBeNull();
    expect(api.requests.some((r) => r.route === 'competitors')).toBe(false);
  });

  it('invites to add a first competitor, finds one by search and adds it', async () => {
    setup();
    competitionApi.search = {
      rival: [
        [buildFoundChannel(), buildFoundChannel({ youtubeId: 'UC-yt-1', title: 'Channel 1' })],
        [buildFoundChannel({ youtubeId: 'UC-rival-2', title: 'Crumb Lab' })],
      ],
    };
    competitionApi.report = buildCompetitionReport({ refreshing: true });
    renderApp('/competition');

    expect(await screen.findByText(NO_COMPETITORS_TITLE)).toBeVisible();
    expect(api.requests.some((r) => r.route === 'competition')).toBe(false);
    const search = screen.getByRole('search', { name: 'Find competitors' });
    await userEvent.type(
      within(search).getByRole('textbox', { name: /Search channels/ }),
      'rival{Enter}',
    );
    const found = await screen.findByRole('list', { name: 'Channels found' });
    expect(within(found).getByText('Your channel')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Show more channels' }));
    expect(await within(found).findByText('Crumb Lab')).toBeVisible();
    expect(
      api.requests.filter((r) => r.route === 'publicChannelSearch').map((r) => r.query),
    ).toEqual([{ q: 'rival' }, { q: 'rival', page_token: '1' }]);

    await userEvent.click(within(found).getByRole('button', { name: 'Add Rival Bakes' }));
    const competitors = await screen.findByRole('list', { name: 'Competitors' });
    expect(within(competitors).getByText('Rival Bakes')).toBeVisible();
    expect(within(competitors).getByText('Reading its data…')).toBeVisible();
    expect(within(found).getByText('Added')).toBeVisible();
    // The button is gone: focus is on the text that replaced it.
    expect(within(found).getByText('Added')).toHaveFocus();
    expect(api.requests.find((r) => r.route === 'addCompetitor')?.body).toEqual({
      youtubeId: 'UC-rival-1',
    });
    expect(
      await screen.findByText(/Reading your competitors' data for the first time/),
    ).toBeVisible();
    expect(screen.queryByText(NO_COMPETITORS_TITLE)).toBeNull();
  });

  it('shows share of voice with its method, the gaps, activity, top videos and tags', async () => {
    setup();
    competitionApi.competitors = [buildCompetitor()];
    competitionApi.report = buildCompetitionReport();
    renderApp('/competition');

    const sov = await region('Share of voice');
    expect(
      within(sov).getByRole('list', { name: 'How share of voice is computed' }),
    ).toHaveTextContent(
      /weighted by its monthly search volume.*Counted: 10 of 12 tracked keywords \(the others have no results stored yet, or no known volume while others have one\), from the results of Nov 21, 2026\./,
    );
    expect(rowTexts(within(sov).getByRole('table'))).toEqual([
      'Rival Bakes34.6%419 of 10',
      'Channel 1 (your channel)12.5%146 of 10',
    ]);

    const gaps = await region('Keyword gaps');
    expect(rowTexts(within(gaps).getByRole('table'))).toEqual([
      expect.stringContaining('sourdough starter5,400Rival Bakes: #3'),
      expect.stringContaining('rye breadUnknownRival Bakes: #12Tracked'),
    ]);

    const activity = await region('Upload cadence and views per video');
    expect(
      within(activity).getByText(/last 90 days \(Aug 24, 2026 to Nov 21, 2026\)/),
    ).toBeVisible();
    expect(rowTexts(within(activity).getByRole('table'))).toEqual([
      'Channel 1 (your channel)70.5800Week of Aug 24 (1)',
      'Rival Bakes211.61,234Week of Nov 16 (3)',
    ]);
    expect(within(activity).getByText(/Rival Bakes uploaded the most: 21 videos/)).toBeVisible();

    const top = await region('Top videos and tags');
    const rival = within(top).getByRole('article', { name: 'Rival Bakes' });
    expect(within(rival).getByRole('link', { name: /Perfect baguettes/ })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=vid-rival-1',
    );
    expect(rival).toHaveTextContent('98,000 views · Nov 2, 2026');
    expect(within(rival).getByRole('list', { name: 'Most used tags' })).toHaveTextContent(
      'baguette (8)french bread (4)',
    );
  });

  it('tracks a gap and links it to idea discovery and the editor', async () => {
    setup();
    competitionApi.competitors = [buildCompetitor()];
    competitionApi.report = buildCompetitionReport();
    renderApp('/competition');

    const gaps = await region('Keyword gaps');
    expect(
      within(gaps).getByRole('link', { name: 'Find an idea for “sourdough starter”' }),
    ).toHaveAttribute('href', '/video-idea/discover?seed=sourdough+starter&language=en-us');
    expect(
      within(gaps).getByRole('link', { name: 'Optimise a video for “sourdough starter”' }),
    ).toHaveAttribute('href', '/optimization/videos/vid-own-1?searchTerm=sourdough+starter');
    expect(
      within(gaps).queryByRole('link', { name: 'Optimise a video for “rye bread”' }),
    ).toBeNull();
    expect(within(gaps).queryByRole('button', { name: 'Track “rye bread”' })).toBeNull();

    await userEvent.click(within(gaps).getByRole('button', { name: 'Track “sourdough starter”' }));
    await waitFor(() =>
      expect(within(gaps).queryByRole('button', { name: 'Track “sourdough starter”' })).toBeNull(),
    );
    expect(api.requests.find((r) => r.route === 'addTrackedKeywords')?.body).toEqual({
      text: 'sourdough starter',
      language: 'en-us',
    });
    expect(rowTexts(within(gaps).getByRole('table'))[0]).toContain('Tracked');
    // Tracking refreshes the report (its gaps say what is tracked).
    await waitFor(() =>
      expect(api.requests.filter((r) => r.route === 'competition')).toHaveLength(2),
    );
  });

  it('removes a competitor and shows the invitation again without any', async () => {
    setup();
    competitionApi.competitors = [buildCompetitor()];
    competitionApi.report = buildCompetitionReport();
    renderApp('/competition');
    await region('Share of voice');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Rival Bakes' }));
    expect(await screen.findByText(NO_COMPETITORS_TITLE)).toBeVisible();
    expect(api.requests.find((r) => r.route === 'removeCompetitor')?.params).toEqual({
      id: CHANNEL_ID,
      youtubeId: 'UC-rival-1',
    });
    expect(screen.queryByRole('region', { name: 'Share of voice' })).toBeNull();
  });

  it('says the competitors limit clearly when the API refuses an add', async () => {
    setup();
    competitionApi.competitors = [1, 2, 3, 4].map((i) =>
      buildCompetitor({ youtubeId: `UC-rival-${i}`, title: `Rival ${i}` }),
    );
    competitionApi.report = buildCompetitionReport();
    competitionApi.search = {
      crumb: [[buildFoundChannel({ youtubeId: 'UC-new', title: 'Crumb Lab' })]],
    };
    // Someone else added a fifth meanwhile: the API refuses.
    competitionApi.addError = { status: 409, code: 'competitors-limit', message: 'Limit' };
    renderApp('/competition');
    await userEvent.type(
      await screen.findByRole('textbox', { name: /Search channels/ }),
      'crumb{Enter}',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Add Crumb Lab' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The competitor was not added');
    expect(alert).toHaveTextContent(competitorsLimitText(5));
  });

  it('disables adding once the channel has the most competitors', async () => {
    setup();
    competitionApi.competitors = [1, 2, 3, 4, 5].map((i) =>
      buildCompetitor({ youtubeId: `UC-rival-${i}`, title: `Rival ${i}` }),
    );
    competitionApi.report = buildCompetitionReport();
    competitionApi.search = {
      crumb: [[buildFoundChannel({ youtubeId: 'UC-new', title: 'Crumb Lab' })]],
    };
    renderApp('/competition');
    expect(await screen.findByText(/has 5 competitors, the most a channel can have/)).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: /Search channels/ }), 'crumb{Enter}');
    expect(await screen.findByRole('button', { name: 'Add Crumb Lab' })).toBeDisabled();
  });

  it('leads to the keywords page without tracked keywords', async () => {
    setup();
    competitionApi.competitors = [buildCompetitor()];
    const report = buildCompetitionReport();
    competitionApi.report = {
      ...report,
      gaps: [],
      shareOfVoice: {
        ...report.shareOfVoice,
        keywords: 0,
        trackedKeywords: 0,
        day: null,
        entries: [],
      },
    };
    renderApp('/competition');
    const sov = await region('Share of voice');
    expect(within(sov).getByText(NO_TRACKED_KEYWORDS_TITLE)).toBeVisible();
    expect(within(sov).getByRole('link', { name: 'Track keywords' })).toHaveAttribute(
      'href',
      '/reporting/keywords',
    );
    expect(screen.queryByRole('region', { name: 'Keyword gaps' })).toBeNull();
  });

  it('marks a competitor whose data could not be read', async () => {
    setup();
    competitionApi.competitors = [buildCompetitor()];
    competitionApi.report = withRivalActivity(buildCompetitionReport(), { unavailable: true });
    renderApp('/competition');
    const competitors = await screen.findByRole('list', { name: 'Competitors' });
    expect(await within(competitors).findByText('Unavailable')).toBeVisible();
    const top = await region('Top videos and tags');
    expect(
      within(within(top).getByRole('article', { name: 'Rival Bakes' })).getByText(
        /could not read this channel's public data lately/,
      ),
    ).toBeVisible();
  });

  it('says from which day a prolific competitor counts, with its uploads as a floor', async () => {
    setup();
    competitionApi.competitors = [buildCompetitor()];
    competitionApi.report = withRivalActivity(buildCompetitionReport(), {
      countedFrom: '2026-11-08',
    });
    renderApp('/competition');
    const activity = await region('Upload cadence and views per video');
    // 21 uploads over the 14 days from Nov 8 to Nov 21: 10.5 a week, not 1.6 over 90 days.
    expect(rowTexts(within(activity).getByRole('table'))[1]).toBe(
      'Rival BakesCounted from Nov 8: only its latest 300 uploads are read21+10.51,234Week of Nov 16 (3)',
    );
    expect(within(activity).getByText(/Rival Bakes uploaded the most: 21\+ videos/)).toBeVisible();
  });

  it('asks the report again every 5 s while refreshing, for 2 minutes at most', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    setup();
    competitionApi.competitors = [buildCompetitor({ refreshedAt: null })];
    competitionApi.report = buildCompetitionReport({ refreshing: true });
    renderApp('/competition');
    const reportCalls = () => api.requests.filter((r) => r.route === 'competition').length;
    expect(
      await screen.findByText(/This page fills in by itself as soon as they are in/),
    ).toBeVisible();
    await vi.advanceTimersByTimeAsync(REFRESHING_POLL_MS);
    await waitFor(() => expect(reportCalls()).toBe(2));

    await vi.advanceTimersByTimeAsync(REFRESHING_POLL_LIMIT_MS);
    expect(await screen.findByText(new RegExp(STILL_READING_TEXT))).toBeVisible();
    const asked = reportCalls();
    expect(asked).toBeLessThanOrEqual(REFRESHING_POLL_LIMIT_MS / REFRESHING_POLL_MS + 2);
    await vi.advanceTimersByTimeAsync(10 * REFRESHING_POLL_MS);
    expect(reportCalls()).toBe(asked);

    // "Check again" asks now and polls for another while.
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(reportCalls()).toBe(asked + 1));
    expect(await screen.findByText(/fills in by itself/)).toBeVisible();
    await vi.advanceTimersByTimeAsync(REFRESHING_POLL_MS);
    await waitFor(() => expect(reportCalls()).toBe(asked + 2));
  });

  it('never asks the report again when no competitor is being read for the first time', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    setup();
    // Its first read failed: unavailable, which the API reports as not refreshing.
    competitionApi.competitors = [buildCompetitor({ refreshedAt: null })];
    competitionApi.report = withRivalActivity(buildCompetitionReport({ refreshing: false }), {
      unavailable: true,
    });
    renderApp('/competition');
    await region('Share of voice');
    await vi.advanceTimersByTimeAsync(6 * REFRESHING_POLL_MS);
    expect(api.requests.filter((r) => r.route === 'competition')).toHaveLength(1);
    expect(screen.queryByText(/Reading your competitors' data/)).toBeNull();
  });

  it('offers a retry when the report cannot be loaded', async () => {
    setup();
    competitionApi.competitors = [buildCompetitor()];
    renderApp('/competition');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    competitionApi.report = buildCompetitionReport();
    await userEvent.click(retry);
    expect(await region('Share of voice')).toBeVisible();
  });
});
