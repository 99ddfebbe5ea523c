import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  INVALID_VALIDATION_CODE_TEXT,
  ONBOARDING_ID_STORAGE_KEY,
  RESEND_FAILED_TEXT,
} from '@tubewise/contract/onboarding-constants';
import { api } from '../../../testing/server.ts';
import {
  buildCompetitor,
  GOOD_CODE,
  GOOD_LINK_TOKEN,
  INSIGHTS_ID,
  onboardingApi,
  OWNER_TOKEN,
} from '../../../testing/onboarding-server.ts';
import { readInsightsOwnerToken } from '../../../lib/insights-owner.ts';
import { currentLocation } from '../../../testing/render-app.tsx';
import { readOwnerToken } from '../onboarding-session.ts';
import {
  LINK_INVALID_TEXT,
  ONBOARDING_INCOMPLETE_TEXT,
  resendAnswerText,
  TERMS_REQUIRED_TEXT,
} from '../onboarding-texts.ts';
import {
  installOnboardingTestApi,
  renderOnboarding,
  resumeWith,
  stepHeading,
} from '../testing/render-onboarding.tsx';

installOnboardingTestApi();

const calls = (route: string) => api.requests.filter((r) => r.route === route);
const ready = { competitors: [buildCompetitor(1)], keywords: ['bread'] };
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
/** An onboarding whose code went out (the e-mail step done). */
const codeSent = (resendInSeconds = 60) => ({
  ...ready,
  email: 'baker@example.com',
  tosTimestamp: '2026-03-02T10:00:00.000Z',
  codeExpiresAt: inSeconds(900),
  resendAvailableAt: inSeconds(resendInSeconds),
});

async function goToEmail(user: ReturnType<typeof renderOnboarding>['user']) {
  await stepHeading('Which language do your viewers search in?');
  await screen.findByRole('combobox', { name: 'Keyword language' });
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await stepHeading('Where should we send your insights?');
}

describe('Onboarding: e-mail and verification', () => {
  it('asks for a valid e-mail and the terms, then sends the code and moves to the code', async () => {
    resumeWith(ready);
    const { user } = renderOnboarding();
    await goToEmail(user);
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAccessibleDescription(
      'Enter a valid e-mail address',
    );
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveFocus();

    await user.clear(screen.getByRole('textbox', { name: 'E-mail' }));
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), ' Baker@Example.com{Enter}');
    expect(screen.getByText(TERMS_REQUIRED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /I accept the .* terms/ })).toHaveFocus();
    expect(calls('updateOnboarding').filter((r) => 'email' in (r.body as object))).toHaveLength(0);

    await user.click(screen.getByRole('checkbox', { name: /I accept the .* terms/ }));
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    const heading = await stepHeading('Check your e-mail');
    expect(heading).toHaveFocus();
    expect(screen.getByText('baker@example.com')).toBeInTheDocument();
    expect(calls('updateOnboarding').at(-1)?.body).toMatchObject({
      email: 'baker@example.com',
      tosAccepted: true,
    });
  });

  it('names what the terms checkbox accepts and shows the terms in a dialog', async () => {
    resumeWith(ready);
    const { user } = renderOnboarding();
    await goToEmail(user);
    expect(
      screen.getByRole('checkbox', {
        name: 'I accept the Tubewise terms for these insights: my e-mail is used for the code and the link, and the report is shared only by its link and kept 90 days.',
      }),
    ).not.toBeChecked();
    const read = screen.getByRole('button', { name: 'Read the terms' });
    await user.click(read);
    const dialog = await screen.findByRole('dialog', { name: 'Terms for your insights' });
    expect(within(dialog).getByRole('heading', { name: 'Your e-mail' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(/6-digit code and a link that works once/);
    expect(dialog).toHaveTextContent(/no marketing e-mail unless you agree/);
    expect(dialog).toHaveTextContent(/shared only by its link/);
    expect(dialog).toHaveTextContent(/kept 90 days, then deleted/);
    expect(dialog).toHaveTextContent(/we forget your e-mail once those 90 days are over/);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(read).toHaveFocus();
    // Reading the terms accepts nothing.
    expect(screen.getByRole('checkbox', { name: /I accept the .* terms/ })).not.toBeChecked();
  });

  it('sends the visitor to the missing step on 409 onboarding-incomplete', async () => {
    resumeWith(ready);
    const { user } = renderOnboarding();
    await goToEmail(user);
    onboardingApi.onboarding = { ...onboardingApi.onboarding!, keywords: [] };
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'baker@example.com');
    await user.click(screen.getByRole('checkbox', { name: /I accept/ }));
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ONBOARDING_INCOMPLETE_TEXT);
    await user.click(screen.getByRole('button', { name: 'Go to the missing step' }));
    await stepHeading('Which keywords matter to you?');
  });

  it("shows 'Invalid validation code' with the attempts left, then verifies the right code", async () => {
    resumeWith(codeSent());
    const { user } = renderOnboarding();
    await stepHeading('Check your e-mail');
    const code = screen.getByRole('textbox', { name: 'Verification code' });
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('maxlength', '6');

    await user.type(code, '12{Enter}');
    expect(code).toHaveAccessibleDescription('Enter the 6-digit code from the e-mail.');
    expect(calls('validateEmailCode')).toHaveLength(0);

    await user.clear(code);
    await user.type(code, '654321{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(INVALID_VALIDATION_CODE_TEXT);
    expect(alert).toHaveTextContent('4 attempts left.');
    expect(code).toHaveValue('');
    expect(code).toHaveFocus();

    await user.click(code);
    await user.paste(GOOD_CODE);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await stepHeading('Your insights')).toHaveFocus();
    expect(calls('validateEmailCode').at(-1)?.body).toMatchObject({
      email: 'baker@example.com',
      code: GOOD_CODE,
    });
    expect(readOwnerToken()).toBe(OWNER_TOKEN);
    expect(readInsightsOwnerToken(INSIGHTS_ID)).toBe(OWNER_TOKEN);
  });

  it('offers a new code when the code expired', async () => {
    onboardingApi.codeExpired = true;
    resumeWith(codeSent(0));
    const { user } = renderOnboarding();
    await stepHeading('Check your e-mail');
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '111111{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(INVALID_VALIDATION_CODE_TEXT);
    expect(alert).toHaveTextContent('This code has expired. Send a new code below.');
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(
      await screen.findByText(
        'If we can send to baker@example.com, a new code is on its way. It may take a minute.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/We sent a new code/)).toBeNull();
    expect(screen.queryByText(INVALID_VALIDATION_CODE_TEXT)).not.toBeInTheDocument();
  });

  it('shows the resend cooldown, then resends; a failure says so', async () => {
    resumeWith(codeSent(2));
    const { user } = renderOnboarding();
    await stepHeading('Check your e-mail');
    const resend = screen.getByRole('button', { name: /Send a new code \(available in [12] s\)/ });
    expect(resend).toBeDisabled();
    await waitFor(
      () => expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled(),
      {
        timeout: 4000,
      },
    );

    onboardingApi.resendFails = true;
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(RESEND_FAILED_TEXT);

    onboardingApi.resendFails = false;
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText(resendAnswerText('baker@example.com'))).toBeInTheDocument();
    // The answer's next time starts a new cooldown.
    expect(screen.getByRole('button', { name: /available in (59|60) s/ })).toBeDisabled();
    expect(calls('renewValidateEmailCode').at(-1)?.body).toMatchObject({
      email: 'baker@example.com',
      channel: 'email',
    });
  });

  it('asks to confirm the e-mailed link before using it (mail scanners open links)', async () => {
    resumeWith(codeSent());
    sessionStorage.removeItem(ONBOARDING_ID_STORAGE_KEY);
    const { user } = renderOnboarding(`/onboarding?token=${GOOD_LINK_TOKEN}`);
    await stepHeading('Confirm your e-mail');
    const confirm = screen.getByRole('button', { name: 'Confirm my e-mail' });
    await waitFor(() => expect(confirm).toHaveFocus());
    // Opening the page uses nothing up: the link is still unused, and still in the address.
    await new Promise((r) => setTimeout(r, 100));
    expect(calls('validateEmailToken')).toHaveLength(0);
    expect(calls('newOnboarding')).toHaveLength(0);
    expect(currentLocation().search).toBe(`?token=${GOOD_LINK_TOKEN}`);

    await user.click(confirm);
    expect(await stepHeading('Your insights')).toBeInTheDocument();
    expect(calls('validateEmailToken')).toHaveLength(1);
  });

  it('verifies with the e-mailed link and drops the token from the address', async () => {
    resumeWith(codeSent());
    sessionStorage.removeItem(ONBOARDING_ID_STORAGE_KEY);
    const { user } = renderOnboarding(`/onboarding?token=${GOOD_LINK_TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Confirm my e-mail' }));
    await stepHeading('Your insights');
    expect(currentLocation().search).toBe('');
    expect(calls('validateEmailToken')[0]?.body).toMatchObject({ token: GOOD_LINK_TOKEN });
    expect(sessionStorage.getItem(ONBOARDING_ID_STORAGE_KEY)).toBe(onboardingApi.onboarding?.id);
    expect(readOwnerToken()).toBe(OWNER_TOKEN);
  });

  it('says when the e-mailed link is expired or used, and resumes the onboarding', async () => {
    resumeWith(codeSent());
    const { user } = renderOnboarding('/onboarding?token=used-token');
    await user.click(await screen.findByRole('button', { name: 'Confirm my e-mail' }));
    expect(await screen.findByText(LINK_INVALID_TEXT)).toBeInTheDocument();
    await stepHeading('Check your e-mail');
  });
});
