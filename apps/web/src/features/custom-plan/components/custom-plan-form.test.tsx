import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CustomPlanRequest } from '@tubewise/contract';
import { renderWithProviders } from '../../../testing/render-app.tsx';
import { api, errorBody, handle, server } from '../../../testing/server.ts';
import { buildPublicConfig, buildUser } from '../../../testing/data.ts';
import { COUNT_ERROR } from '../custom-plan-fields.ts';
import { CORRECT_FIELDS_TEXT, CustomPlanForm, SEND_FAILED_TEXT } from './custom-plan-form.tsx';

const LIMIT_TEXT =
  'You have sent several custom plan requests recently. Please try again in about 45 minutes.';

/** The stored request the server answers with. */
function answer(body: unknown, email = 'agency@example.com'): CustomPlanRequest {
  return {
    id: 'cp-1',
    ...(body as Pick<CustomPlanRequest, 'channels' | 'people' | 'keywords' | 'message'>),
    email,
    createdAt: '2026-03-02T10:00:00.000Z',
  };
}

async function setup() {
  api.user = buildUser({ email: 'agency@example.com' });
  const user = userEvent.setup();
  renderWithProviders(<CustomPlanForm />, '/custom-plan', {
    user: api.user,
    config: buildPublicConfig(),
  });
  await screen.findByRole('form', { name: 'Custom plan request' });
  return user;
}

const form = () => screen.getByRole('form', { name: 'Custom plan request' });
const field = (name: string | RegExp) => screen.getByRole('textbox', { name });

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: { channels?: string; people?: string; keywords?: string; message?: string } = {},
) {
  const {
    channels = '25',
    people = '40',
    keywords = '5000',
    message = 'We manage 25 channels.',
  } = values;
  if (channels) await user.type(field(/^Channels/), channels);
  if (people) await user.type(field(/^People per channel/), people);
  if (keywords) await user.type(field(/^Tracked keywords per channel/), keywords);
  if (message) await user.type(field(/^Message/), message);
}

const sent = () => api.requests.filter((r) => r.route === 'customPlanRequest');

describe('CustomPlanForm', () => {
  it('labels every field, shows what Agency includes and counts the message', async () => {
    const user = await setup();
    expect(field(/^Channels/)).toHaveAccessibleDescription(
      'Agency includes 10; custom plans start at 11.',
    );
    expect(field(/^People per channel/)).toHaveAccessibleDescription(
      'Agency includes 20; custom plans start at 21.',
    );
    expect(field(/^Tracked keywords per channel/)).toHaveAccessibleDescription(
      'Agency includes 2,000; custom plans start at 2,001.',
    );
    expect(field(/^Channels/)).toBeRequired();
    expect(field(/^Message/)).not.toBeRequired();
    expect(field(/^Message/)).toHaveAccessibleDescription(/0 \/ 5,000 characters/);
    await user.type(field(/^Message/), 'Hello');
    expect(field(/^Message/)).toHaveAccessibleDescription(/5 \/ 5,000 characters/);
  });

  it('sends the numbers and the message, then shows the confirmation with the answer address', async () => {
    server.use(
      handle('customPlanRequest', (body) => ({
        status: 201,
        body: answer(body, 'answer-here@example.com'),
      })),
    );
    const user = await setup();
    await fill(user, { keywords: '5,000' });
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    const status = await screen.findByRole('status');
    expect(within(status).getByRole('heading', { name: 'Your request was sent' })).toHaveFocus();
    expect(status).toHaveTextContent('answer you at answer-here@example.com');
    expect(within(status).getByRole('link', { name: 'Back to account settings' })).toHaveAttribute(
      'href',
      '/settings/account',
    );
    expect(screen.queryByRole('form', { name: 'Custom plan request' })).not.toBeInTheDocument();
    expect(sent().map((r) => r.body)).toEqual([
      { channels: 25, people: 40, keywords: 5000, message: 'We manage 25 channels.' },
    ]);
  });

  it('shows a pending state while sending, and sends once', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      handle('customPlanRequest', async (body) => {
        await held;
        return { status: 201, body: answer(body) };
      }),
    );
    const user = await setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const pending = await screen.findByRole('button', { name: /Sending request/ });
    expect(pending).toBeDisabled();
    await user.keyboard('{Enter}');
    release();
    expect(await screen.findByRole('status')).toHaveTextContent('agency@example.com');
    expect(sent()).toHaveLength(1);
  });

  it('submits from the keyboard (Enter in a number field)', async () => {
    server.use(handle('customPlanRequest', (body) => ({ status: 201, body: answer(body) })));
    const user = await setup();
    await fill(user, { message: '' });
    await user.click(field(/^Keywords|^Tracked keywords/));
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Your request was sent');
    expect(sent()[0]?.body).toMatchObject({ message: '' });
  });

  it('marks empty or invalid numbers under their fields and focuses the first, sending nothing', async () => {
    const user = await setup();
    await fill(user, { channels: '', keywords: '2.5' });
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CORRECT_FIELDS_TEXT);
    expect(field(/^Channels/)).toHaveAccessibleDescription(COUNT_ERROR);
    expect(field(/^Channels/)).toBeInvalid();
    expect(field(/^Channels/)).toHaveFocus();
    expect(field(/^Tracked keywords per channel/)).toHaveAccessibleDescription(COUNT_ERROR);
    expect(field(/^People per channel/)).toBeValid();
    expect(sent()).toEqual([]);
    // Typing clears the field's error.
    await user.type(field(/^Channels/), '12');
    expect(field(/^Channels/)).toBeValid();
  });

  it("shows the server's field issues under the fields they name", async () => {
    server.use(
      handle('customPlanRequest', () => ({
        status: 400,
        body: {
          error: {
            ...errorBody('validation-failed').error,
            issues: [{ path: 'body.message', message: 'Contains a character that is not allowed' }],
          },
        },
      })),
    );
    const user = await setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CORRECT_FIELDS_TEXT);
    await waitFor(() =>
      expect(field(/^Message/)).toHaveAccessibleDescription(
        /Contains a character that is not allowed/,
      ),
    );
    expect(field(/^Message/)).toBeInvalid();
    expect(field(/^Message/)).toHaveFocus();
    expect(form()).toBeInTheDocument();
  });

  it('shows the limit message on 429 and keeps what was typed', async () => {
    server.use(
      handle('customPlanRequest', () => ({
        status: 429,
        body: errorBody('rate-limited', LIMIT_TEXT),
      })),
    );
    const user = await setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(LIMIT_TEXT);
    expect(field(/^Channels/)).toHaveValue('25');
    expect(field(/^Message/)).toHaveValue('We manage 25 channels.');
    expect(screen.getByRole('button', { name: 'Send request' })).toBeEnabled();
  });

  it('says the request was not sent on any other failure', async () => {
    server.use(handle('customPlanRequest', () => ({ status: 500, body: errorBody('internal') })));
    const user = await setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(SEND_FAILED_TEXT);
  });
});
