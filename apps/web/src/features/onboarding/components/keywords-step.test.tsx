import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { api } from '../../../testing/server.ts';
import { buildCompetitor, onboardingApi } from '../../../testing/onboarding-server.ts';
import { KEYWORDS_FULL_TEXT, KEYWORDS_TOO_FEW_TEXT } from '../onboarding-texts.ts';
import {
  installOnboardingTestApi,
  renderOnboarding,
  resumeWith,
  stepHeading,
} from '../testing/render-onboarding.tsx';

installOnboardingTestApi();

const calls = (route: string) => api.requests.filter((r) => r.route === route);

describe('Onboarding: keywords and language', () => {
  it('adds typed keywords (Enter, commas) and suggestions, then saves them', async () => {
    resumeWith({ competitors: [buildCompetitor(1)] });
    const { user } = renderOnboarding();
    await stepHeading('Which keywords matter to you?');
    const field = screen.getByRole('textbox', { name: 'Keyword' });
    await user.type(field, 'bread baking, Bread Baking,  banneton {Enter}');
    expect(screen.getByText('2 of 10 entered')).toBeInTheDocument();
    expect(field).toHaveValue('');

    await user.click(await screen.findByRole('button', { name: 'Add sourdough starter' }));
    expect(screen.queryByRole('button', { name: 'Add sourdough starter' })).not.toBeInTheDocument();
    expect(screen.getByText('3 of 10 entered')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove banneton' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const heading = await stepHeading('Which language do your viewers search in?');
    expect(heading).toHaveFocus();
    expect(calls('updateOnboarding')[0]?.body).toMatchObject({
      keywords: ['bread baking', 'sourdough starter'],
    });
  });

  it('needs at least 1 keyword and takes at most 10', async () => {
    resumeWith({ competitors: [buildCompetitor(1)] });
    const { user } = renderOnboarding();
    await stepHeading('Which keywords matter to you?');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(KEYWORDS_TOO_FEW_TEXT);

    const many = Array.from({ length: 12 }, (_, i) => `keyword ${i + 1}`).join(',');
    await user.click(screen.getByRole('textbox', { name: 'Keyword' }));
    await user.paste(many);
    await user.keyboard('{Enter}');
    expect(screen.getByText('10 of 10 entered')).toBeInTheDocument();
    expect(screen.getByText(KEYWORDS_FULL_TEXT)).toBeInTheDocument();
    expect(screen.queryByText('keyword 11')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Keyword' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add sourdough starter' })).toBeDisabled();
  });

  it('shows the suggestions loading, then failing without blocking the step', async () => {
    onboardingApi.suggestionsFail = true;
    resumeWith({ competitors: [buildCompetitor(1)] });
    renderOnboarding();
    expect(
      await screen.findByText("Looking for keywords in your competitors' videos…"),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'We could not load keyword suggestions. You can still type your own.',
      ),
    ).toBeInTheDocument();
  });

  it('offers the public locales and saves the chosen one; Back returns to keywords', async () => {
    resumeWith({ competitors: [buildCompetitor(1)], keywords: ['bread'] });
    const { user } = renderOnboarding();
    await stepHeading('Which language do your viewers search in?');
    const select = await screen.findByRole('combobox', { name: 'Keyword language' });
    expect(select).toHaveValue('en-us');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Dutch (Netherlands)',
      'English (US)',
      'German (Germany)',
    ]);
    await user.selectOptions(select, 'de-de');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await stepHeading('Where should we send your insights?');
    expect(calls('updateOnboarding').at(-1)?.body).toMatchObject({ locale: 'de-de' });
    expect(calls('publicLocales')[0]?.query).toEqual({ sortBy: 'name' });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await stepHeading('Which language do your viewers search in?');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await stepHeading('Which keywords matter to you?');
    await waitFor(() => expect(screen.getByText('bread')).toBeInTheDocument());
  });

  it('shows the stepper with the four steps and the current one', async () => {
    resumeWith({ competitors: [buildCompetitor(1)] });
    renderOnboarding();
    await stepHeading('Which keywords matter to you?');
    const steps = screen.getByRole('list', { name: 'Onboarding steps' });
    expect(steps).toHaveTextContent(/Competitors.*Keywords.*Language.*E-mail/);
    expect(screen.getByText('Keywords').closest('li')).toHaveAttribute('aria-current', 'step');
  });
});
